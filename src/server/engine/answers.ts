import type { CountsAnswer, IntersectionsAnswer, OverlapAnswer, RuleCountsAnswer, WidgetAnswer } from './questions';

/**
 * Every question's answer adds up over disjoint sets of people: the SQL engine's chunk slices
 * and the bitmap engine's shards are summed with these.
 */
export function addCounts(a: CountsAnswer, b: CountsAnswer): CountsAnswer {
  for (const [id, n] of Object.entries(b.segment_counts)) a.segment_counts[id] = (a.segment_counts[id] ?? 0) + n;
  for (const [m, c] of Object.entries(b.market_counts)) {
    const t = (a.market_counts[m] ??= { matched: 0, modeled: 0 });
    t.matched += c.matched;
    t.modeled += c.modeled;
  }
  a.total_matched_count += b.total_matched_count;
  a.total_modeled_count += b.total_modeled_count;
  return a;
}

/** `people` is the region's, the same in every part; counts add. */
export function addWidget<T extends Omit<WidgetAnswer, 'people'>>(a: T, b: T): T {
  return {
    ...a,
    audienceCount: a.audienceCount + b.audienceCount,
    values: a.values.map((v, i) => ({ ...v, count: v.count + b.values[i]!.count, valueSize: v.valueSize + b.values[i]!.valueSize })),
  };
}

export function addOverlap(a: OverlapAnswer, b: OverlapAnswer): OverlapAnswer {
  return {
    sizes: a.sizes.map((n, i) => n + b.sizes[i]!),
    pairs: a.pairs.map((p, i) => ({ ...p, count: p.count + b.pairs[i]!.count })),
  };
}

/** `people` is the region's, the same in every part; counts add. */
export function addRuleCounts(a: RuleCountsAnswer, b: RuleCountsAnswer): RuleCountsAnswer {
  return {
    count: a.count + b.count,
    include: a.include.map((n, i) => n + b.include[i]!),
    values: a.values.map((n, i) => n + b.values[i]!),
    exclude: a.exclude + b.exclude,
    people: a.people,
  };
}

/** `people` is the region's, the same in every part; counts add. */
export function addIntersections(a: IntersectionsAnswer, b: IntersectionsAnswer): IntersectionsAnswer {
  return { people: a.people, sizes: a.sizes.map((n, i) => n + b.sizes[i]!), all: a.all.map((n, i) => n + b.all[i]!) };
}
