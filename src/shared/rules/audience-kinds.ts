/**
 * The Audiences area's rules (issue 16): kinds and their labels, the overview's limits, the
 * lookalike's reach, the overlap's exclusive intersections and their index, and the breadcrumb
 * that collapses. Pure, used by the server and the client.
 */

export const AUDIENCE_LIST = {
  kinds: ['audience', 'lookalike', 'pve', 'motivation', 'outcome_audience', 'shared_audience'] as const,
  sorts: ['name', 'kind', 'people_count', 'created_at', 'created_by'] as const,
  pageSize: 25,
  maxPageSize: 200,
} as const;

/** Spec 1 §2.4's subtitles, and the motivation audience's. */
export const AUDIENCE_KIND_LABELS: Record<(typeof AUDIENCE_LIST.kinds)[number], string> = {
  audience: 'Audience',
  lookalike: 'Lookalike',
  pve: 'Optimized Audience',
  motivation: 'Motivation Audience',
  outcome_audience: 'Outcome Audience',
  shared_audience: 'Shared Audience',
};

/** The overview's kind of a stored audience. */
export function audienceKind(row: { type: string; audience_type: string | null; shared_from: string | null }): (typeof AUDIENCE_LIST.kinds)[number] {
  if (row.shared_from) return 'shared_audience';
  if (row.audience_type === 'pve') return 'pve';
  const type = row.type.toLowerCase();
  if (type === 'lookalike') return 'lookalike';
  if (type === 'motivation') return 'motivation';
  if (type === 'outcome_audience' || row.audience_type === 'outcome') return 'outcome_audience';
  return 'audience';
}

export const LOOKALIKE = {
  minMultiplier: 1,
  maxMultiplier: 10,
  defaultMultiplier: 5,
  /** Share of the seed held out to measure the model. */
  holdoutShare: 0.2,
  /** A seed smaller than this cannot be modelled (nor held out from). */
  minSeed: 50,
  /** The largest target count the contract takes (the region's people bound it further). */
  maxTarget: 2_000_000_000,
} as const;

export const AUDIENCES_TEXT = {
  deleted: (name: string) => `'${name}' was deleted.`,
  lookalikeDeleted: (name: string) => `Lookalike '${name}' was deleted.`,
  inUse: (name: string, uses: string) => `'${name}' cannot be deleted: it is used by ${uses}.`,
  readOnly: 'A shared audience is read-only here: edit it in the client that shared it.',
  seedTooSmall: `A lookalike needs a seed of at least ${LOOKALIKE.minSeed} people.`,
  reachTooLarge: 'The region does not have that many people outside the seed.',
  multiplierRange: `Enter a multiple of the seed from ${LOOKALIKE.minMultiplier} to ${LOOKALIKE.maxMultiplier}.`,
  targetCount: 'Enter a target count as a whole number of at least 1.',
  noSegmentsInRegion: 'This region does not have the segments of this audience.',
  seedDeleted: 'Seed deleted',
  shared: (client: string) => `Shared with ${client}.`,
  notYourClient: 'You can share only with another of your clients.',
  building: 'Building…',
  lookalikeFailed: 'The lookalike could not be built.',
} as const;

export type ReachKind = 'multiplier' | 'count';

/**
 * Why a lookalike's reach cannot be asked, whatever the seed and region (issue 27 item 6): a
 * multiple from 1 to 10, a whole target count of at least 1. The request schema and the dialog
 * both say this; nothing is clamped into range.
 */
export function reachError(reach: { kind: ReachKind; value: number }): string | null {
  if (reach.kind === 'multiplier') {
    return Number.isFinite(reach.value) && reach.value >= LOOKALIKE.minMultiplier && reach.value <= LOOKALIKE.maxMultiplier ? null : AUDIENCES_TEXT.multiplierRange;
  }
  return Number.isInteger(reach.value) && reach.value >= 1 && reach.value <= LOOKALIKE.maxTarget ? null : AUDIENCES_TEXT.targetCount;
}

/** A reach as typed in a field: an empty field is no number (NaN), never a default. */
export function readReach(kind: ReachKind, typed: string): { reach: { kind: ReachKind; value: number }; error: string | null } {
  const reach = { kind, value: typed.trim() === '' ? Number.NaN : Number(typed) };
  return { reach, error: reachError(reach) };
}

/** How many people a lookalike of `seed` people is asked for, and whether the region can give them. */
export function lookalikeSize(reach: { kind: 'multiplier' | 'count'; value: number }, seed: number, people: number): { size: number; error: string | null } {
  if (seed < LOOKALIKE.minSeed) return { size: 0, error: AUDIENCES_TEXT.seedTooSmall };
  const size = reach.kind === 'multiplier' ? Math.round(seed * reach.value) : Math.round(reach.value);
  if (size > people - seed) return { size, error: AUDIENCES_TEXT.reachTooLarge };
  return { size, error: null };
}

/**
 * The lift the model's quality is: of `holdout` held-out seed people, `recovered` are in a
 * lookalike of `size` people chosen among `candidates`; a random audience of that size would
 * recover size / candidates of them.
 */
export function lookalikeLift(holdout: number, recovered: number, size: number, candidates: number) {
  const recall = holdout > 0 ? recovered / holdout : 0;
  const randomRecall = candidates > 0 ? Math.min(1, size / candidates) : 0;
  return { holdout, recovered, recall, random_recall: randomRecall, lift: randomRecall > 0 ? recall / randomRecall : 0 };
}

/**
 * Exclusive intersections of k sets from the counts of every intersection: `all[mask]` is the
 * number of people in every set of `mask` (bit i = set i; all[0] unused). Answers, per non-empty
 * mask, the people in exactly those sets (inclusion–exclusion over the supersets).
 */
export function exclusiveRegions(k: number, all: readonly number[]): number[] {
  const full = (1 << k) - 1;
  const exact = new Array<number>(full + 1).fill(0);
  for (let mask = full; mask >= 1; mask--) {
    let n = all[mask] ?? 0;
    // Subtract every strict superset's exact count.
    for (let sup = (mask + 1) | mask; sup <= full; sup = (sup + 1) | mask) n -= exact[sup]!;
    exact[mask] = n;
  }
  return exact;
}

/**
 * An exclusive intersection's index against the region: 100 × its people over what
 * independence would give (each set's share of the region, in or out). Null when not finite.
 */
export function regionIndex(inMask: number, k: number, sizes: readonly number[], people: number, count: number): number | null {
  if (people <= 0) return null;
  let expected = people;
  for (let i = 0; i < k; i++) {
    const share = (sizes[i] ?? 0) / people;
    expected *= inMask & (1 << i) ? share : 1 - share;
  }
  const index = (100 * count) / expected;
  return Number.isFinite(index) ? Math.round(index * 10) / 10 : null;
}

/** The positions of a mask's bits. */
export function maskMembers(mask: number, k: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) if (mask & (1 << i)) out.push(i);
  return out;
}

/** A breadcrumb of more than three levels keeps its first and last and puts the middle in a menu. */
export function collapseBreadcrumb<T>(steps: readonly T[]): { first: T[]; middle: T[]; last: T[] } {
  if (steps.length <= 3) return { first: [...steps], middle: [], last: [] };
  return { first: [steps[0]!], middle: steps.slice(1, -1), last: [steps[steps.length - 1]!] };
}

/** 'A copy of X' names, made unique against the names in use (case-insensitively). */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  const base = `Copy of ${name}`;
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!used.has(`${base} (${n})`.toLowerCase())) return `${base} (${n})`;
}
