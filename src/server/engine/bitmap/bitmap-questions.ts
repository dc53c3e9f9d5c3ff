import { RoaringBitmap32 } from 'roaring';
import type { AudienceRules } from '@shared/schemas/audience-rules';

/** Where the sets live: one bitmap of person ids per segment and per attribute value. */
export interface BitmapSource {
  people: number;
  segment(id: number): RoaringBitmap32 | undefined;
  attribute(id: number): RoaringBitmap32 | undefined;
}

const EMPTY = new RoaringBitmap32();

function segmentSet(source: BitmapSource, id: number): RoaringBitmap32 {
  const set = source.segment(id);
  if (!set) throw new RangeError(`Unknown segment ${id}`);
  return set;
}

/** The union of an OR-group; a one-segment group is used as it is, never copied. */
function group(source: BitmapSource, ids: readonly number[]): RoaringBitmap32 {
  if (ids.length === 1) return segmentSet(source, ids[0]!);
  return RoaringBitmap32.orMany(ids.map((id) => segmentSet(source, id)));
}

/** The people of a rule, as a set (for widgets and overlaps, which ask many questions of it). */
export function audienceSet(source: BitmapSource, rules: AudienceRules): RoaringBitmap32 {
  // Smallest groups first: each intersection can only shrink.
  const groups = rules.include.and.map((ids) => group(source, ids)).sort((a, b) => a.size - b.size);
  let result = groups[0] ?? EMPTY;
  result = groups.length === 1 && rules.exclude.length === 0 ? result : result.clone();
  for (const g of groups.slice(1)) result.andInPlace(g);
  if (rules.exclude.length) result.andNotInPlace(group(source, rules.exclude));
  return result;
}

/** The count of a rule; the last step counts without building the final set. */
export function countRule(source: BitmapSource, rules: AudienceRules): number {
  const groups = rules.include.and.map((ids) => group(source, ids)).sort((a, b) => a.size - b.size);
  const exclude = rules.exclude.length ? group(source, rules.exclude) : null;
  if (groups.length === 1) return exclude ? groups[0]!.andNotCardinality(exclude) : groups[0]!.size;
  if (groups.length === 2 && !exclude) return groups[0]!.andCardinality(groups[1]!);
  const head = groups[0]!.clone();
  for (const g of groups.slice(1, -1)) head.andInPlace(g);
  const last = groups[groups.length - 1]!;
  if (!exclude) return head.andCardinality(last);
  head.andInPlace(last);
  return head.andNotCardinality(exclude);
}

export interface WidgetRow {
  attributeId: number;
  /** People of the audience with this value. */
  count: number;
  /** count / audience size. */
  share: number;
  /** People with this value / everyone. */
  baseShare: number;
  /** 100 x share / baseShare; null when no one has the value. */
  index: number | null;
  /** Two-proportion z-score: the audience against everyone else. */
  zScore: number | null;
}

/**
 * For an audience and the values of one category: how its make-up compares with the base.
 * The z-score compares the audience with the people outside it (two independent samples).
 */
export function widgetRows(source: BitmapSource, audience: RoaringBitmap32, attributeIds: readonly number[]): WidgetRow[] {
  const n1 = audience.size;
  const n2 = source.people - n1;
  return attributeIds.map((attributeId) => {
    const value = source.attribute(attributeId);
    if (!value) throw new RangeError(`Unknown attribute value ${attributeId}`);
    const count = n1 === 0 ? 0 : audience.andCardinality(value);
    const share = n1 === 0 ? 0 : count / n1;
    const baseShare = source.people === 0 ? 0 : value.size / source.people;
    return { attributeId, count, share, baseShare, index: baseShare === 0 ? null : (100 * share) / baseShare, zScore: twoProportionZ(count, n1, value.size - count, n2) };
  });
}

/** z for p1 = x1/n1 against p2 = x2/n2 with the pooled proportion; null when undefined. */
export function twoProportionZ(x1: number, n1: number, x2: number, n2: number): number | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (se === 0) return null;
  return (x1 / n1 - x2 / n2) / se;
}

/** Sizes of up to five audiences and of every pair's intersection. */
export function overlap(sets: readonly RoaringBitmap32[]): { sizes: number[]; pairs: { a: number; b: number; count: number }[] } {
  const pairs: { a: number; b: number; count: number }[] = [];
  for (let a = 0; a < sets.length; a++) {
    for (let b = a + 1; b < sets.length; b++) pairs.push({ a, b, count: sets[a]!.andCardinality(sets[b]!) });
  }
  return { sizes: sets.map((s) => s.size), pairs };
}
