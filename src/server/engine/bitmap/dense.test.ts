import { beforeAll, describe, expect, it } from 'vitest';
import { Kernels } from '../kernels/kernels';
import { DenseScratch, heldBytes } from './dense';
import { RoaringBitmap32 } from './roaring';

/** People 0..size-1 of each chunk taken with the given density, plus a run and a tiny chunk. */
function sample(): RoaringBitmap32 {
  const ids: number[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (const [chunk, density] of [[0, 0.01], [1, 0.03], [2, 0.2], [5, 0.06], [9, 0.0001]] as const) {
    for (let p = 0; p < 65536; p++) if (next() < density) ids.push(chunk * 65536 + p);
  }
  for (let p = 0; p < 5000; p++) ids.push(12 * 65536 + p); // a run
  const bitmap = new RoaringBitmap32(ids);
  bitmap.runOptimize();
  return bitmap;
}

/** Lasting dense copies, as the worker makes them from the sets it loads. */
let keeper: DenseScratch;
const densify = (bitmap: RoaringBitmap32, minArray: number) => keeper.keep(bitmap, minArray);
beforeAll(async () => {
  keeper = new DenseScratch(await Kernels.create());
});

describe('dense copies', () => {
  it('holds the same people, and array containers past the threshold as bitsets', () => {
    const original = sample();
    const dense = densify(original, 1024);
    expect(dense).not.toBe(original);
    expect(dense.isFrozen).toBe(true);
    expect(dense.size).toBe(original.size);
    expect(dense.toArray()).toEqual(original.toArray());
    const stats = dense.statistics();
    // chunks 1 (~1,966 people) and 5 (~3,932) become bitsets beside chunk 2's; 0 (~655) and 9 stay arrays; the run stays a run.
    expect(stats.bitsetContainers).toBe(3);
    expect(stats.arrayContainers).toBe(2);
    expect(stats.runContainers).toBe(1);
    expect(heldBytes(dense)).toBeGreaterThan(heldBytes(original));
  });

  it('answers every operation as the original does', () => {
    const original = sample();
    const dense = densify(original, 1);
    const other = new RoaringBitmap32();
    for (let id = 0; id < 13 * 65536; id += 7) other.add(id);
    expect(dense.andCardinality(other)).toBe(original.andCardinality(other));
    expect(dense.orCardinality(other)).toBe(original.orCardinality(other));
    expect(dense.andNotCardinality(other)).toBe(original.andNotCardinality(other));
    expect(RoaringBitmap32.orMany([dense, other]).size).toBe(RoaringBitmap32.orMany([original, other]).size);
    const copy = dense.clone();
    copy.andInPlace(other);
    expect(copy.size).toBe(original.andCardinality(other));
    expect(() => dense.add(1)).toThrow();
  });

  it('returns the bitmap itself when no array container reaches the threshold', () => {
    const original = sample();
    expect(densify(original, 5000)).toBe(original);
    const empty = new RoaringBitmap32();
    expect(densify(empty, 1)).toBe(empty);
  });

  it('makes short-lived copies in a scratch of WASM memory, valid until the next copy', async () => {
    const scratch = new DenseScratch(await Kernels.create());
    const original = sample();
    const first = scratch.densify(original, 1024);
    expect(first.statistics().bitsetContainers).toBe(3);
    expect(first.toArray()).toEqual(original.toArray());
    // A bigger set grows the memory; the new copy is whole.
    const big = new RoaringBitmap32();
    for (let id = 0; id < 40 * 65536; id += 3) big.add(id);
    const sparse = RoaringBitmap32.and(big, original);
    const kept = scratch.keep(original, 1024);
    for (const set of [big, sparse, original]) {
      const copy = scratch.densify(set, 1);
      expect(copy.size).toBe(set.size);
      expect(copy.isEqual(set)).toBe(true);
    }
    // A kept copy has its own buffer: later use of the scratch leaves it whole.
    expect(kept.statistics().bitsetContainers).toBe(3);
    expect(kept.toArray()).toEqual(original.toArray());
  });

  it('intersects sets into bitsets in the scratch, as roaring does', async () => {
    const scratch = new DenseScratch(await Kernels.create());
    let seed = 3;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const random = (density: number, chunks: number[]) => {
      const ids: number[] = [];
      for (const c of chunks) for (let p = 0; p < 65536; p++) if (next() < density) ids.push(c * 65536 + p);
      return new RoaringBitmap32(ids);
    };
    const dense = random(0.3, [0, 1, 2, 3, 5]);
    const sparse = random(0.01, [1, 2, 3, 4, 5]);
    const mid = densify(random(0.05, [0, 2, 3, 5, 6]), 1024);
    for (const sets of [[dense, mid], [dense, sparse, mid], [sparse], [dense, random(0.2, [7])]]) {
      const expected = sets.slice(1).reduce((acc, s) => RoaringBitmap32.and(acc, s), sets[0]!);
      const got = scratch.intersect(sets)!;
      expect(got.size).toBe(expected.size);
      expect(got.isEqual(expected)).toBe(true);
      expect(got.statistics().arrayContainers).toBe(0);
    }
    const run = new RoaringBitmap32();
    run.addRange(0, 100_000);
    run.runOptimize();
    expect(scratch.intersect([dense, run])).toBeNull();
  });
});
