import { describe, expect, it } from 'vitest';
import { AUDIENCES_TEXT, audienceKind, collapseBreadcrumb, copyName, LOOKALIKE, lookalikeLift, lookalikeSize } from './audience-kinds';

describe('audienceKind', () => {
  it('names a shared audience first, then optimized, lookalike, motivation, outcome, else audience', () => {
    expect(audienceKind({ type: 'lookalike', audience_type: 'pve', shared_from: 'Acme' })).toBe('shared_audience');
    expect(audienceKind({ type: 'lookalike', audience_type: 'pve', shared_from: null })).toBe('pve');
    expect(audienceKind({ type: 'Lookalike', audience_type: null, shared_from: null })).toBe('lookalike');
    expect(audienceKind({ type: 'motivation', audience_type: null, shared_from: null })).toBe('motivation');
    expect(audienceKind({ type: 'audience', audience_type: 'outcome', shared_from: null })).toBe('outcome_audience');
    expect(audienceKind({ type: 'outcome_audience', audience_type: null, shared_from: null })).toBe('outcome_audience');
    expect(audienceKind({ type: 'audience', audience_type: null, shared_from: null })).toBe('audience');
  });
});

describe('lookalikeSize', () => {
  it('multiplies the seed, or takes the target count', () => {
    expect(lookalikeSize({ kind: 'multiplier', value: 5 }, 2_000, 100_000)).toEqual({ size: 10_000, error: null });
    expect(lookalikeSize({ kind: 'multiplier', value: 1.5 }, 333, 100_000)).toEqual({ size: 500, error: null });
    expect(lookalikeSize({ kind: 'count', value: 4_321 }, 2_000, 100_000)).toEqual({ size: 4_321, error: null });
  });
  it('refuses a seed too small to model', () => {
    expect(lookalikeSize({ kind: 'multiplier', value: 2 }, LOOKALIKE.minSeed - 1, 100_000).error).toBe(AUDIENCES_TEXT.seedTooSmall);
  });
  it('refuses more people than the region has outside the seed', () => {
    expect(lookalikeSize({ kind: 'multiplier', value: 10 }, 20_000, 100_000).error).toBe(AUDIENCES_TEXT.reachTooLarge);
    expect(lookalikeSize({ kind: 'count', value: 80_000 }, 20_000, 100_000).error).toBeNull();
    expect(lookalikeSize({ kind: 'count', value: 80_001 }, 20_000, 100_000).error).toBe(AUDIENCES_TEXT.reachTooLarge);
  });
});

describe('lookalikeLift', () => {
  it('is recall over the recall of a random audience of the same size', () => {
    const q = lookalikeLift(400, 200, 10_000, 100_000);
    expect(q.recall).toBe(0.5);
    expect(q.random_recall).toBe(0.1);
    expect(q.lift).toBeCloseTo(5);
  });
  it('is 0, not NaN, without a holdout or candidates', () => {
    expect(lookalikeLift(0, 0, 10, 100).lift).toBe(0);
    expect(lookalikeLift(10, 0, 10, 0).lift).toBe(0);
  });
  it('a random audience recovers its share', () => {
    expect(lookalikeLift(1_000, 250, 25_000, 100_000).lift).toBeCloseTo(1);
  });
});

describe('collapseBreadcrumb', () => {
  it('keeps three levels or fewer as they are', () => {
    expect(collapseBreadcrumb(['a', 'b', 'c'])).toEqual({ first: ['a', 'b', 'c'], middle: [], last: [] });
    expect(collapseBreadcrumb(['a'])).toEqual({ first: ['a'], middle: [], last: [] });
  });
  it('puts the middle of more than three levels in a menu', () => {
    expect(collapseBreadcrumb(['a', 'b', 'c', 'd'])).toEqual({ first: ['a'], middle: ['b', 'c'], last: ['d'] });
    expect(collapseBreadcrumb(['a', 'b', 'c', 'd', 'e']).middle).toEqual(['b', 'c', 'd']);
  });
});

describe('copyName', () => {
  it("is 'Copy of {name}', numbered past the names in use, case-insensitively", () => {
    expect(copyName('Teens', ['Teens'])).toBe('Copy of Teens');
    expect(copyName('Teens', ['Teens', 'copy of teens'])).toBe('Copy of Teens (2)');
    expect(copyName('Teens', ['Copy of Teens', 'Copy of Teens (2)'])).toBe('Copy of Teens (3)');
  });
});
