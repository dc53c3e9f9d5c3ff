import { maskMembers } from '@shared/rules/audience-kinds';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { ComparisonMember, ComparisonResult } from '@shared/schemas/audiences';

/**
 * The Overlap page's pure parts (issue 16): the members picked, the pairwise matrix, the
 * UpSet bars of every exclusive intersection, and the audience rule of an intersection.
 */

export const OVERLAP = { minMembers: 2, maxMembers: 4, vennMax: 3 } as const;

export const OVERLAP_TEXT = {
  nameRequired: 'Name is required.',
  tooFew: `Pick at least ${OVERLAP.minMembers} to compare.`,
  tooMany: `Compare at most ${OVERLAP.maxMembers} at once: remove one to add another.`,
  empty: 'No comparison yet. Pick 2 to 4 audiences, segments or personas and compare them.',
  notFound: 'This comparison does not exist (it may have been deleted).',
  notCounted: 'Not counted yet: the counts come when the server has the comparison.',
  saved: (name: string) => `Comparison “${name}” saved.`,
  updated: (name: string) => `Comparison “${name}” updated.`,
  renamed: (name: string) => `Comparison renamed to “${name}”.`,
  deleted: (name: string) => `Comparison “${name}” deleted.`,
  /** An out-member whose people cannot be excluded by segments (more than one OR-group, or an exclusion of its own). */
  notExcludable: (name: string) => `The people outside “${name}” cannot be written as an audience rule (it is more than one group of segments).`,
  noRule: (name: string) => `“${name}” has no rule of segments here, so this intersection cannot be saved as an audience.`,
  noneOutside: 'Nobody is outside every member: this is not an audience.',
} as const;

export const KIND_LABELS: Record<ComparisonMember['kind'], string> = { audience: 'Audience', segment: 'Segment', persona: 'Persona' };

/** A member as the picker shows it. */
export interface PickedMember extends ComparisonMember {
  name: string;
}

export const memberKey = (m: Pick<ComparisonMember, 'kind' | 'id'>) => `${m.kind}:${m.id}`;

/** Adds a member unless it is there already or the comparison is full. */
export function addMember(members: readonly PickedMember[], member: PickedMember): PickedMember[] {
  if (members.length >= OVERLAP.maxMembers || members.some((m) => memberKey(m) === memberKey(member))) return [...members];
  return [...members, member];
}

export function sameMembers(a: readonly ComparisonMember[], b: readonly ComparisonMember[]): boolean {
  return a.length === b.length && a.every((m, i) => memberKey(m) === memberKey(b[i]!));
}

/** What stops "Compare": nothing, or the words to show. */
export function compareBlock(name: string, members: readonly ComparisonMember[]): string | null {
  if (members.length < OVERLAP.minMembers) return OVERLAP_TEXT.tooFew;
  if (members.length > OVERLAP.maxMembers) return OVERLAP_TEXT.tooMany;
  if (name.trim() === '') return OVERLAP_TEXT.nameRequired;
  return null;
}

// ---- the matrix -----------------------------------------------------------------------------

export interface MatrixCell {
  count: number;
  /** The cell's people as a share of the row's member (1 on the diagonal); null for an empty row. */
  share: number | null;
  diagonal: boolean;
}

/** Rows × columns of the members: the diagonal is each member's size, a cell the pair's people and their share of the row. */
export function overlapMatrix(result: Pick<ComparisonResult, 'members' | 'pairs'>): MatrixCell[][] {
  const k = result.members.length;
  return result.members.map((row, a) =>
    Array.from({ length: k }, (_, b) => {
      if (a === b) return { count: row.count, share: row.count > 0 ? 1 : null, diagonal: true };
      const pair = result.pairs.find((p) => (p.a === a && p.b === b) || (p.a === b && p.b === a));
      const count = pair?.count ?? 0;
      return { count, share: row.count > 0 ? count / row.count : null, diagonal: false };
    }),
  );
}

// ---- exclusive intersections ----------------------------------------------------------------

export interface Intersection {
  /** Bit i = member i is in. */
  mask: number;
  in: number[];
  count: number;
  index: number | null;
  /** "Only A", "A and B only", "A, B and C". */
  label: string;
}

export const maskOf = (positions: readonly number[]) => positions.reduce((m, i) => m | (1 << i), 0);

const listed = (names: readonly string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`);

/** The words of an exclusive intersection: who is in (and that nobody else is). */
export function intersectionLabel(names: readonly string[], mask: number): string {
  const k = names.length;
  const inside = maskMembers(mask, k).map((i) => names[i]!);
  if (inside.length === k) return `All of ${listed(inside)}`;
  return inside.length === 1 ? `Only ${inside[0]!}` : `${listed(inside)} only`;
}

/** Every exclusive intersection of the result, largest first (ties: fewer members first, then by position). */
export function intersections(result: Pick<ComparisonResult, 'members' | 'regions'>): Intersection[] {
  const names = result.members.map((m) => m.name);
  return result.regions
    .map((r) => {
      const mask = maskOf(r.in);
      return { mask, in: [...r.in].sort((a, b) => a - b), count: r.count, index: r.index, label: intersectionLabel(names, mask) };
    })
    .sort((a, b) => b.count - a.count || a.in.length - b.in.length || a.mask - b.mask);
}

export const formatShare = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)}%`);
export const formatIndex = (index: number | null) => (index === null ? '—' : index.toFixed(0));

// ---- an intersection as an audience rule -------------------------------------------------------

/** A member's rule for "Save as audience": a segment is itself, an audience or persona its rule; null when unknown. */
export interface MemberRule {
  name: string;
  rules: AudienceRules | null;
}

export const segmentRule = (id: number): AudienceRules => ({ include: { and: [[id]] }, exclude: [], values: [] });

/**
 * The rule of the people in exactly the members of `mask`: include = the AND of the in-members'
 * rules, exclude = the out-members' segments. An out-member can be excluded only when it is one
 * OR-group of segments (NOT (a OR b) is excluding a and b); any demographic value makes it no
 * audience (spec 3 §5, AUDIENCE_TEXT.nonSegments).
 */
export function intersectionRule(members: readonly MemberRule[], mask: number): { rules: AudienceRules } | { reason: string } {
  const k = members.length;
  const inside = maskMembers(mask, k);
  if (inside.length === 0) return { reason: OVERLAP_TEXT.noneOutside };
  const and: number[][] = [];
  const exclude: number[] = [];
  for (let i = 0; i < k; i++) {
    const member = members[i]!;
    if (!member.rules) return { reason: OVERLAP_TEXT.noRule(member.name) };
    if (member.rules.values.length > 0) return { reason: AUDIENCE_TEXT.nonSegments };
  }
  for (let i = 0; i < k; i++) {
    const { name, rules } = members[i]! as { name: string; rules: AudienceRules };
    if (mask & (1 << i)) {
      and.push(...rules.include.and.map((g) => [...g]));
      exclude.push(...rules.exclude);
    } else {
      if (rules.include.and.length !== 1 || rules.exclude.length > 0) return { reason: OVERLAP_TEXT.notExcludable(name) };
      exclude.push(...rules.include.and[0]!);
    }
  }
  return { rules: { include: { and }, exclude: [...new Set(exclude)], values: [] } };
}

/** The builder's href (audiences/builder) with an intersection's rule; the builder comes back to this comparison. */
export function saveAsAudienceHref(productPath: string, link: { rules: AudienceRules; labels: Record<string, string>; name: string; comparisonId: number | string | undefined }): string {
  const returnUrl = link.comparisonId !== undefined && typeof link.comparisonId === 'number' ? `insights/overlap/${link.comparisonId}` : 'insights/overlap';
  const search = new URLSearchParams({ action: 'create', referer: 'Overlap', returnUrl, rules: JSON.stringify(link.rules) });
  if (Object.keys(link.labels).length > 0) search.set('labels', JSON.stringify(link.labels));
  search.set('name', link.name.slice(0, 100));
  return `/${productPath}/audiences/builder?${search.toString()}`;
}
