/** Limits and thresholds of the count engine's questions, shared by the API and the screens. */
export const INSIGHT_LIMITS = {
  /** Segments per page of GET /api/segments. */
  perPage: 200,
  lookupIdentifiers: 1000,
  /** Ids in one list of the counts call (a market, a focus, an OR-group). */
  idsPerList: 500,
  markets: 100,
  groups: 20,
  overlapAudiences: 5,
  /** Below this many people a widget value is flagged as a small sample. */
  smallSample: 100,
  /** |z| from here is significant at 95 % (two-sided). */
  zCritical: 1.96,
} as const;

/** The flags a widget row carries so screens can mark small samples and non-significant differences. */
export function widgetFlags(count: number, zScore: number | null): { significant: boolean; small_sample: boolean } {
  return { significant: zScore !== null && Math.abs(zScore) >= INSIGHT_LIMITS.zCritical, small_sample: count < INSIGHT_LIMITS.smallSample };
}

/** Every id a counts call names, each once. */
export function countsIds(body: {
  matched_short_ids: Record<string, number[]>;
  modeled_short_ids: Record<string, number[]>;
  focused_matched_short_ids: number[];
  focused_modeled_short_ids: number[];
  group_short_ids: number[][];
}): number[] {
  const ids = new Set<number>();
  for (const list of [...Object.values(body.matched_short_ids), ...Object.values(body.modeled_short_ids), body.focused_matched_short_ids, body.focused_modeled_short_ids, ...body.group_short_ids]) {
    for (const id of list) ids.add(id);
  }
  return [...ids];
}

/** With no short ids to count, the call answers empty counts without asking the engine (spec 3 §7). */
export function hasShortIds(body: { matched_short_ids: Record<string, number[]>; modeled_short_ids: Record<string, number[]> }): boolean {
  return [...Object.values(body.matched_short_ids), ...Object.values(body.modeled_short_ids)].some((ids) => ids.length > 0);
}

export function emptyCounts() {
  return { segment_counts: {}, market_counts: {}, total_matched_count: 0, total_modeled_count: 0 };
}

/** z for p1 = x1/n1 against p2 = x2/n2 with the pooled proportion; null when undefined. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  return (x1 / n1 - x2 / n2) / se;
}

/**
 * One value of an index widget: the audience's share with it against everyone's, and whether
 * the difference is significant (the audience against the people outside it).
 */
export function widgetMaths(count: number, audienceCount: number, valueSize: number, people: number) {
  const share = audienceCount === 0 ? 0 : count / audienceCount;
  const baseShare = people === 0 ? 0 : valueSize / people;
  const zScore = twoProportionZ(count, audienceCount, valueSize - count, people - audienceCount);
  return { share, base_share: baseShare, index: baseShare === 0 ? null : (100 * share) / baseShare, z_score: zScore, ...widgetFlags(count, zScore) };
}
