import { describe, expect, it } from 'vitest';
import { widgetCounts } from '../bitmap/bitmap-questions';
import { RoaringBitmap32 } from '../bitmap/roaring';
import { Kernels } from '../kernels/kernels';
import { RegionBitmaps } from './region-bitmaps';
import { columnsFor, ValueCodes } from './value-codes';

const PEOPLE = 300_000;

/** A region whose people each have one value of category A (ids 1-3) and of B (ids 10-14), any number of C (20, 21), at most one of D. */
function region(): RegionBitmaps {
  let seed = 11;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const r = new RegionBitmaps(PEOPLE);
  const sets = new Map<number, number[]>([1, 2, 3, 10, 11, 12, 13, 14, 20, 21, ...D, 100, 101].map((id) => [id, []]));
  for (let p = 0; p < PEOPLE; p++) {
    sets.get(1 + Math.floor(next() ** 2 * 3))!.push(p);
    sets.get(10 + Math.floor(next() * 5))!.push(p);
    if (next() < 0.3) sets.get(20)!.push(p);
    if (next() < 0.4) sets.get(21)!.push(p);
    if (next() < 0.9) sets.get(D[Math.floor(next() * D.length)]!)!.push(p); // some people have no value
    if (next() < 0.02) sets.get(100)!.push(p); // a 2 % segment
    if (next() < 0.4) sets.get(101)!.push(p); // a 40 % one
  }
  for (const [id, ids] of sets) (id === 100 || id === 101 ? r.segments : r.attributes).set(id, new RoaringBitmap32(ids));
  return r;
}

/** Category D has 60 values (200-259), so a widget over every value is worth coding. */
const D = Array.from({ length: 60 }, (_, v) => 200 + v);
const CATEGORIES = [[1, 2, 3], [10, 11, 12, 13, 14], [20, 21], D];
const VALUES = CATEGORIES.flat();

describe('value codes', () => {
  it('codes the categories whose values exclude each other, and counts as the bitmaps do', async () => {
    const r = region();
    const codes = ValueCodes.build(await Kernels.create(), r.attributes, CATEGORIES, 0, PEOPLE - 1)!;
    expect(codes.categories).toBe(3);
    const coded = VALUES.filter((id) => codes.coded(id));
    expect(coded).toEqual([1, 2, 3, 10, 11, 12, 13, 14, ...D]);
    for (const audience of [r.segment(100)!, r.segment(101)!, new RoaringBitmap32(), new RoaringBitmap32([0, PEOPLE - 1])]) {
      const counts = codes.counts(audience, VALUES);
      expect([...counts.keys()]).toEqual(coded);
      for (const [id, n] of counts) expect(n, `value ${id}`).toBe(audience.andCardinality(r.attribute(id)!));
    }
  });

  it('counts only the people its rows cover, from a first person on', async () => {
    const r = region();
    const part = new Map([...r.attributes].map(([id, b]) => [id, RoaringBitmap32.andNot(b, new RoaringBitmap32([...Array(65536).keys()]))]));
    const codes = ValueCodes.build(await Kernels.create(), part, CATEGORIES, 65536, PEOPLE - 1)!;
    const audience = RoaringBitmap32.andNot(r.segment(100)!, new RoaringBitmap32([...Array(65536).keys()]));
    for (const [id, n] of codes.counts(audience, VALUES)) expect(n).toBe(audience.andCardinality(part.get(id)!));
    expect(() => codes.counts(r.segment(100)!, VALUES)).toThrow(/outside the coded rows/);
  });

  it('is chosen by widgets for a small audience over many values, and agrees with the bitmaps', async () => {
    const r = region();
    const plain = region();
    r.codes = ValueCodes.build(await Kernels.create(), r.attributes, CATEGORIES, 0, PEOPLE - 1);
    expect(r.codes!.worthIt(r.segment(100)!, 68)).toBe(true);
    expect(r.codes!.worthIt(r.segment(101)!, 68)).toBe(false);
    expect(r.codes!.worthIt(r.segment(100)!, 8)).toBe(false);
    // A and B cover everyone, so against bitmaps their largest values are derived; D (90 %) is not.
    const largest = (ids: number[]) => ids.reduce((a, b) => (r.attribute(b)!.size > r.attribute(a)!.size ? b : a));
    expect([...r.codes!.derivable(VALUES).keys()]).toEqual([largest([1, 2, 3]), largest([10, 11, 12, 13, 14])]);
    expect([...r.codes!.derivable([1, 2]).keys()]).toEqual([]);
    for (const id of [100, 101]) expect(widgetCounts(r, r.segment(id)!, VALUES)).toEqual(widgetCounts(plain, plain.segment(id)!, VALUES));
  });

  it('codes nothing when no category can be coded', async () => {
    const r = region();
    expect(ValueCodes.build(await Kernels.create(), r.attributes, [[20, 21], [99]], 0, PEOPLE - 1)).toBeNull();
  });

  it('lists an audience held as bitsets, arrays and runs', async () => {
    const r = region();
    const codes = ValueCodes.build(await Kernels.create(), r.attributes, CATEGORIES, 0, PEOPLE - 1)!;
    const audience = new RoaringBitmap32();
    audience.addRange(1000, 9000); // a run
    for (let p = 70_000; p < 130_000; p += 3) audience.add(p); // a bitset
    for (let p = 140_000; p < 200_000; p += 97) audience.add(p); // an array
    audience.runOptimize();
    const stats = audience.statistics();
    expect([stats.runContainers, stats.bitsetContainers, stats.arrayContainers].every((n) => n > 0)).toBe(true);
    for (const [id, n] of codes.counts(audience, VALUES)) expect(n, `value ${id}`).toBe(audience.andCardinality(r.attribute(id)!));
  });
});

describe('columnsFor', () => {
  it('puts two categories in one byte when their codes fit, the largest first, at most 16 columns', () => {
    const category = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i);
    const columns = columnsFor([category(7, 0), category(50, 100), category(3, 200), category(35, 300), category(6, 400)]);
    expect(columns.map((parts) => parts.map((p) => [p.values.length, p.multiplier]))).toEqual([
      [[50, 1], [3, 51]],
      [[35, 1], [6, 36]],
      [[7, 1]],
    ]);
    expect(columnsFor(Array.from({ length: 40 }, (_, i) => category(200, i * 1000)))).toHaveLength(16);
  });
});
