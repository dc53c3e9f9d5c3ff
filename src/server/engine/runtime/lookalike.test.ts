import { describe, expect, it } from 'vitest';
import { addSeedCounts, cutOf, fitModels, heldOut, indexModel, logIndex, mix, salts, SCORE_BINS, splitQuota, type SeedCounts } from './lookalike';

describe('cutOf', () => {
  it('takes every bin above the cut and the rest from the cut bin, exactly `size`', () => {
    const hist = [[5, 0, 3, 4, 2]];
    expect(cutOf(hist, 2)).toEqual({ bin: 4, take: 2, above: 0 });
    expect(cutOf(hist, 3)).toEqual({ bin: 3, take: 1, above: 2 });
    expect(cutOf(hist, 6)).toEqual({ bin: 3, take: 4, above: 2 });
    expect(cutOf(hist, 9)).toEqual({ bin: 2, take: 3, above: 6 });
    expect(cutOf(hist, 14)).toEqual({ bin: 0, take: 5, above: 9 });
    expect(cutOf(hist, 0)).toEqual({ bin: 4, take: 0, above: 0 });
    expect(() => cutOf(hist, 15)).toThrow(/Only 14 candidates/);
    // Two shards' histograms add up bin by bin.
    expect(cutOf([[5, 0, 3, 0, 2], [0, 0, 0, 4, 0]], 9)).toEqual({ bin: 2, take: 3, above: 6 });
  });
});

describe('splitQuota', () => {
  it('splits in proportion, never more than a shard has, always exactly the total', () => {
    expect(splitQuota(10, [50, 50])).toEqual([5, 5]);
    expect(splitQuota(3, [1, 1, 1, 1])).toEqual([1, 1, 1, 0]);
    expect(splitQuota(7, [10, 0, 4])).toEqual([5, 0, 2]);
    expect(splitQuota(0, [0, 0])).toEqual([0, 0]);
    for (let take = 0; take <= 17; take++) {
      const quota = splitQuota(take, [3, 9, 5]);
      expect(quota.reduce((a, b) => a + b, 0)).toBe(take);
      quota.forEach((q, i) => expect(q).toBeLessThanOrEqual([3, 9, 5][i]!));
    }
    expect(() => splitQuota(5, [1, 1])).toThrow(/Cannot take/);
  });
});

describe('the model', () => {
  it('holds out about the asked share of people, the same ones for the same salt', () => {
    const { holdout } = salts('x');
    let n = 0;
    for (let id = 0; id < 100_000; id++) if (heldOut(id, holdout, 0.2)) n++;
    expect(n / 100_000).toBeCloseTo(0.2, 2);
    expect(heldOut(12345, holdout, 0.2)).toBe(heldOut(12345, salts('x').holdout, 0.2));
    expect(mix(1, 2)).not.toBe(mix(2, 1));
  });

  it('scores a value over-represented in the seed above 0, an absent one below, an even one at about 0', () => {
    // 1,000 people, 3 values of 500/300/200; a seed of 100 with 10/80/10.
    expect(logIndex(10, 100, 500, 1000, 3)).toBeLessThan(-1);
    expect(logIndex(80, 100, 300, 1000, 3)).toBeGreaterThan(0.9);
    expect(Math.abs(logIndex(50, 100, 500, 1000, 3))).toBeLessThan(0.02);
    expect(Number.isFinite(logIndex(0, 100, 0, 1000, 3))).toBe(true);
  });

  it('adds the shards’ counts of the categories every shard coded', () => {
    const a: SeedCounts = { seed: 10, train: 8, categories: [{ values: [1, 2], seed: [6, 4], train: [5, 3], size: [50, 50] }, { values: [3, 4], seed: [1, 9], train: [1, 7], size: [10, 90] }] };
    const b: SeedCounts = { seed: 5, train: 4, categories: [{ values: [1, 2], seed: [1, 4], train: [1, 3], size: [40, 60] }] };
    expect(addSeedCounts([a, b])).toEqual({ seed: 15, train: 12, categories: [{ values: [1, 2], seed: [7, 8], train: [6, 6], size: [90, 110] }] });
  });

  it('quantises points so every score fits the histogram, the offset the lowest score', () => {
    const counts: SeedCounts = {
      seed: 100,
      train: 80,
      categories: [
        { values: [1, 2, 3], seed: [10, 80, 10], train: [8, 64, 8], size: [500, 300, 200] },
        { values: [4, 5], seed: [0, 100], train: [0, 80], size: [990, 10] },
      ],
    };
    const model = indexModel(counts, 'seed', 1000);
    if (model.kind !== 'index') throw new Error('an index model');
    const points = new Map(model.points);
    expect(points.get(2)!).toBeGreaterThan(0);
    expect(points.get(4)!).toBeLessThan(0);
    const lowest = Math.min(0, points.get(1)!, points.get(2)!, points.get(3)!) + Math.min(0, points.get(4)!, points.get(5)!);
    const highest = Math.max(0, points.get(1)!, points.get(2)!, points.get(3)!) + Math.max(0, points.get(4)!, points.get(5)!);
    expect(model.offset).toBe(lowest);
    expect(highest - lowest).toBeLessThan(SCORE_BINS);
    expect(fitModels(counts, 1000, 'random').map((m) => m.kind)).toEqual(['random', 'random']);
    const [measured] = fitModels(counts, 1000, 'index');
    expect(measured).toEqual(indexModel(counts, 'train', 1000));
  });
});
