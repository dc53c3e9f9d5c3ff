import type { DenseScratch } from './dense';
import { RoaringBitmap32 } from './roaring';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { checkIntersected, type CountsAnswer, type CountsQuestion, type IntersectionsAnswer, type OverlapAnswer, type RuleCountsAnswer, type WidgetCount } from '../questions';

/** Where the sets live: one bitmap of person ids per segment and per attribute value. */
export interface BitmapSource {
  people: number;
  segment(id: number): RoaringBitmap32 | undefined;
  attribute(id: number): RoaringBitmap32 | undefined;
  /**
   * A union built before for the same ids, if the source keeps them (a Grow chart asks for the
   * same markets on every filter change). What it returns is frozen: never changed in place.
   */
  union?(key: string, build: () => RoaringBitmap32): RoaringBitmap32;
  /** Buffers for a question's short-lived dense sets, if the source answers one question at a time. */
  scratch?: DenseScratch;
  /** People's values by code, for the categories whose values exclude each other, if kept. */
  codes?: ValueCounter | null;
}

/** Counts an audience's people per attribute value from per-person codes (runtime/value-codes.ts). */
export interface ValueCounter {
  coded(attributeId: number): boolean;
  worthIt(audience: RoaringBitmap32, values: number): boolean;
  counts(audience: RoaringBitmap32, attributeIds: readonly number[]): Map<number, number>;
  derivable(attributeIds: readonly number[]): Map<number, number[]>;
}

const EMPTY = new RoaringBitmap32();

function segmentSet(source: BitmapSource, id: number): RoaringBitmap32 {
  const set = source.segment(id);
  if (!set) throw new RangeError(`Unknown segment ${id}`);
  return set;
}

function valueSet(source: BitmapSource, id: number): RoaringBitmap32 {
  const set = source.attribute(id);
  if (!set) throw new RangeError(`Unknown attribute value ${id}`);
  return set;
}

/** The union of an OR-group; a one-segment group is used as it is, never copied. */
function group(source: BitmapSource, ids: readonly number[]): RoaringBitmap32 {
  if (ids.length === 1) return segmentSet(source, ids[0]!);
  const build = () => RoaringBitmap32.orMany(ids.map((id) => segmentSet(source, id)));
  return source.union ? source.union([...new Set(ids)].sort((a, b) => a - b).join(','), build) : build();
}

/** The union of a group of demographic values (kept apart from segments' unions: ids of the two may coincide). */
function valueGroup(source: BitmapSource, ids: readonly number[]): RoaringBitmap32 {
  if (ids.length === 1) return valueSet(source, ids[0]!);
  const build = () => RoaringBitmap32.orMany(ids.map((id) => valueSet(source, id)));
  return source.union ? source.union(`v:${[...new Set(ids)].sort((a, b) => a - b).join(',')}`, build) : build();
}

/** Every set a rule ANDs, in the rule's order: its include OR-groups, then its groups of values. */
export function ruleGroups(source: BitmapSource, rules: AudienceRules): RoaringBitmap32[] {
  return [...rules.include.and.map((ids) => group(source, ids)), ...rules.values.map((ids) => valueGroup(source, ids))];
}

/** The people of a rule, as a set (for widgets and overlaps, which ask many questions of it). */
export function audienceSet(source: BitmapSource, rules: AudienceRules): RoaringBitmap32 {
  // Smallest groups first: each intersection can only shrink.
  const groups = ruleGroups(source, rules).sort((a, b) => a.size - b.size);
  let result = groups[0] ?? EMPTY;
  result = groups.length === 1 && rules.exclude.length === 0 ? result : result.clone();
  for (const g of groups.slice(1)) result.andInPlace(g);
  if (rules.exclude.length) result.andNotInPlace(group(source, rules.exclude));
  return result;
}

/**
 * The people of a rule for one question (a widget): an intersection of several groups with no
 * exclude is made in the source's scratch, if it has one, so that a 40 % audience at 100M
 * people does not take 12 MB of fresh memory (~10 ms of page faults) each time. Valid until
 * the scratch's next use.
 */
export function questionAudience(source: BitmapSource, rules: AudienceRules): RoaringBitmap32 {
  if (!source.scratch || rules.include.and.length + rules.values.length < 2 || rules.exclude.length) return audienceSet(source, rules);
  return source.scratch.intersect(ruleGroups(source, rules)) ?? audienceSet(source, rules);
}

/** The count of a rule; the last step counts without building the final set. */
export function countRule(source: BitmapSource, rules: AudienceRules): number {
  return countGroups(source, ruleGroups(source, rules), rules.exclude.length ? group(source, rules.exclude) : null);
}

/** People in every group and not in `exclude`; the groups are sorted in place, smallest first. */
function countGroups(source: BitmapSource, groups: RoaringBitmap32[], exclude: RoaringBitmap32 | null): number {
  groups.sort((a, b) => a.size - b.size);
  if (groups.length === 0) return 0;
  if (groups.length === 1) return exclude ? groups[0]!.andNotCardinality(exclude) : groups[0]!.size;
  if (groups.length === 2 && !exclude) return groups[0]!.andCardinality(groups[1]!);
  // The intersection of all groups but the last (or all, with an exclude) in the scratch, if any.
  const dense = source.scratch?.intersect(exclude ? groups : groups.slice(0, -1));
  if (dense) return exclude ? dense.andNotCardinality(exclude) : dense.andCardinality(groups[groups.length - 1]!);
  const head = groups[0]!.clone();
  for (const g of groups.slice(1, -1)) head.andInPlace(g);
  const last = groups[groups.length - 1]!;
  if (!exclude) return head.andCardinality(last);
  head.andInPlace(last);
  return head.andNotCardinality(exclude);
}

/**
 * The builder's live counts (POST /api/insights/rule-counts): the rule's people, each include
 * group's and each value group's alone, the people in any excluded segment, and everyone. The
 * groups' unions are built once and serve both their own sizes and the rule's count.
 */
export function ruleCounts(source: BitmapSource, rules: AudienceRules): RuleCountsAnswer {
  const groups = ruleGroups(source, rules);
  const sizes = groups.map((g) => g.size);
  const exclude = rules.exclude.length ? group(source, rules.exclude) : null;
  return {
    count: countGroups(source, groups, exclude),
    include: sizes.slice(0, rules.include.and.length),
    values: sizes.slice(rules.include.and.length),
    exclude: exclude?.size ?? 0,
    people: source.people,
  };
}

/** The focus of a counts call as a rule: every focused id, and every OR-group; null for everyone. */
export function focusRules(focused: readonly number[], groups: readonly number[][]): AudienceRules | null {
  const and = [...focused.map((id) => [id]), ...groups.map((g) => [...g])];
  return and.length ? { include: { and }, exclude: [], values: [] } : null;
}

/**
 * The counts call of spec 3 §7: each segment, each market's union and all markets' union,
 * within the focus. Unions are built once per market and reused for the total; a count within
 * the focus is an andCardinality, never a built intersection.
 */
export function countsQuestion(source: BitmapSource, question: CountsQuestion): CountsAnswer {
  const within = (set: RoaringBitmap32, focus: RoaringBitmap32 | null) => (focus ? set.andCardinality(focus) : set.size);
  const segmentCounts: Record<string, number> = {};
  const marketCounts: Record<string, { matched: number; modeled: number }> = {};
  // Each side's focus is built when the side is counted, so one scratch serves both.
  const side = (byMarket: Record<string, number[]>, focused: readonly number[], key: 'matched' | 'modeled') => {
    const focus = focusFor(source, focused, question.groups);
    const unions: RoaringBitmap32[] = [];
    for (const [market, ids] of Object.entries(byMarket)) {
      for (const id of ids) if (!(String(id) in segmentCounts)) segmentCounts[String(id)] = within(segmentSet(source, id), focus);
      const union = ids.length ? group(source, ids) : EMPTY;
      unions.push(union);
      (marketCounts[market] ??= { matched: 0, modeled: 0 })[key] = within(union, focus);
    }
    if (unions.length === 0) return 0;
    // The union of every market, built from the markets' unions and kept under all their ids.
    const build = () => RoaringBitmap32.orMany(unions);
    const allIds = [...new Set(Object.values(byMarket).flat())].sort((a, b) => a - b).join(',');
    return within(source.union ? source.union(allIds, build) : build(), focus);
  };
  const totalMatched = side(question.matched, question.focusMatched, 'matched');
  const totalModeled = side(question.modeled, question.focusModeled, 'modeled');
  return { segment_counts: segmentCounts, market_counts: marketCounts, total_matched_count: totalMatched, total_modeled_count: totalModeled };
}

/**
 * The focus, with dense chunks as bitsets: every segment, market and total is counted within
 * it, and a bitset intersects a bitset ~5x faster than a 4,000-person array does (decision 005).
 */
function focusFor(source: BitmapSource, focused: readonly number[], groups: readonly number[][]): RoaringBitmap32 | null {
  const rules = focusRules(focused, groups);
  if (!rules) return null;
  if (!source.scratch) return audienceSet(source, rules);
  const dense = source.scratch.intersect(rules.include.and.map((ids) => group(source, ids)));
  return dense ?? source.scratch.densify(audienceSet(source, rules));
}

/** For an audience and some attribute values: the audience's people with each value, and everyone with it. */
export function widgetCounts(source: BitmapSource, audience: RoaringBitmap32, attributeIds: readonly number[]): WidgetCount[] {
  const codes = source.codes;
  const coded = codes ? attributeIds.filter((id) => codes.coded(id)) : [];
  // A small audience is counted from its people's codes; a large one against each value's bitmap.
  const byCode = codes && coded.length && audience.size > 0 && codes.worthIt(audience, coded.length) ? codes.counts(audience, coded) : null;
  // Against bitmaps, a value that is everyone else of its category is not intersected but derived.
  const derived = !byCode && codes ? codes.derivable(attributeIds) : new Map<number, number[]>();
  const counts = new Map<number, number>();
  const values = attributeIds.map((attributeId) => {
    const value = source.attribute(attributeId);
    if (!value) throw new RangeError(`Unknown attribute value ${attributeId}`);
    if (!derived.has(attributeId)) counts.set(attributeId, byCode?.get(attributeId) ?? (audience.size === 0 ? 0 : audience.andCardinality(value)));
    return value;
  });
  for (const [attributeId, others] of derived) counts.set(attributeId, others.reduce((n, id) => n - counts.get(id)!, audience.size));
  return attributeIds.map((attributeId, i) => ({ attributeId, count: counts.get(attributeId)!, valueSize: values[i]!.size }));
}

/** The widget of everyone: each value's people, as the audience's and as everyone's. */
export function everyoneCounts(source: BitmapSource, attributeIds: readonly number[]): WidgetCount[] {
  return attributeIds.map((attributeId) => {
    const size = valueSet(source, attributeId).size;
    return { attributeId, count: size, valueSize: size };
  });
}

/** Sizes of up to five audiences and of every pair's intersection. */
export function overlap(sets: readonly RoaringBitmap32[]): OverlapAnswer {
  const pairs: OverlapAnswer['pairs'] = [];
  for (let a = 0; a < sets.length; a++) {
    for (let b = a + 1; b < sets.length; b++) pairs.push({ a, b, count: sets[a]!.andCardinality(sets[b]!) });
  }
  return { sizes: sets.map((s) => s.size), pairs };
}

/**
 * Every intersection of 2..4 audiences: all[mask] = people in every set of mask. Each
 * intersection is its mask without the highest bit (built before) and that bit's set: built only
 * when a larger mask will start from it, otherwise counted without building.
 */
export function intersections(sets: readonly RoaringBitmap32[], people: number): IntersectionsAnswer {
  const k = sets.length;
  checkIntersected(k);
  const full = (1 << k) - 1;
  const all = new Array<number>(full + 1).fill(0);
  const built = new Map<number, RoaringBitmap32>();
  sets.forEach((set, i) => {
    built.set(1 << i, set);
    all[1 << i] = set.size;
  });
  for (let mask = 1; mask <= full; mask++) {
    if ((mask & (mask - 1)) === 0) continue;
    const high = 31 - Math.clz32(mask);
    const rest = mask ^ (1 << high);
    if (all[rest] === 0) continue;
    const head = built.get(rest)!;
    const last = sets[high]!;
    if (high < k - 1) {
      const both = RoaringBitmap32.and(head, last);
      built.set(mask, both);
      all[mask] = both.size;
    } else all[mask] = head.andCardinality(last);
  }
  return { people, sizes: sets.map((s) => s.size), all };
}
