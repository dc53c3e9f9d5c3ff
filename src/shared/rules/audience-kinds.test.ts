import { describe, expect, it } from 'vitest';
import { AUDIENCES_TEXT, LOOKALIKE, exclusiveRegions, lookalikeSize, reachError, readReach, regionIndex } from './audience-kinds';

/** A small deterministic generator (tests only): the same sets on every run. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** k random sets over `people` people, each person in set i with its own chance. */
function randomSets(k: number, people: number, seed: number): Set<number>[] {
  const next = lcg(seed);
  const chances = Array.from({ length: k }, () => 0.05 + next() * 0.6);
  const sets = chances.map(() => new Set<number>());
  for (let p = 0; p < people; p++) chances.forEach((c, i) => next() < c && sets[i]!.add(p));
  return sets;
}

/** all[mask]: the people in every set of mask (the count engine's IntersectionsAnswer.all). */
function everyIntersection(sets: Set<number>[], people: number): number[] {
  return Array.from({ length: 1 << sets.length }, (_, mask) => {
    if (mask === 0) return 0;
    let n = 0;
    for (let p = 0; p < people; p++) if (sets.every((s, i) => !(mask & (1 << i)) || s.has(p))) n++;
    return n;
  });
}

/** The people in exactly the sets of mask, counted person by person. */
function exactly(sets: Set<number>[], people: number): number[] {
  const out = new Array<number>(1 << sets.length).fill(0);
  for (let p = 0; p < people; p++) {
    const mask = sets.reduce((m, s, i) => (s.has(p) ? m | (1 << i) : m), 0);
    out[mask]!++;
  }
  return out;
}

describe('exclusiveRegions', () => {
  it.each([2, 3, 4])('turns every intersection of %i sets into the people in exactly each combination', (k) => {
    for (let seed = 1; seed <= 5; seed++) {
      const people = 3_000;
      const sets = randomSets(k, people, seed * 31 + k);
      const regions = exclusiveRegions(k, everyIntersection(sets, people));
      const expected = exactly(sets, people);
      for (let mask = 1; mask < 1 << k; mask++) expect(regions[mask], `k=${k} seed=${seed} mask=${mask}`).toBe(expected[mask]);
      // The regions partition the union: with the people in none, everyone.
      expect(regions.slice(1).reduce((a, b) => a + b, 0) + expected[0]!).toBe(people);
    }
  });

  it('handles disjoint, nested and identical sets', () => {
    const people = 100;
    const a = new Set(Array.from({ length: 40 }, (_, i) => i));
    const nested = new Set(Array.from({ length: 10 }, (_, i) => i));
    const disjoint = new Set(Array.from({ length: 30 }, (_, i) => 60 + i));
    const sets = [a, nested, disjoint, new Set(a)];
    const regions = exclusiveRegions(4, everyIntersection(sets, people));
    expect(regions.slice(1)).toEqual(exactly(sets, people).slice(1));
    // Everyone of `nested` is also in a and its copy: only the mask of those three holds them.
    expect(regions[0b1011]).toBe(10);
    expect(regions[0b1001]).toBe(30);
    expect(regions[0b0100]).toBe(30);
    expect(regions[0b0010]).toBe(0);
  });
});

describe('regionIndex', () => {
  it('is 100 when the sets are independent, as a brute-force product of shares says', () => {
    // Two independent halves of 1,000 people: a = even ids, b = ids below 500.
    const people = 1000;
    const a = new Set(Array.from({ length: people }, (_, i) => i).filter((i) => i % 2 === 0));
    const b = new Set(Array.from({ length: 500 }, (_, i) => i));
    const regions = exclusiveRegions(2, everyIntersection([a, b], people));
    for (let mask = 1; mask < 4; mask++) expect(regionIndex(mask, 2, [a.size, b.size], people, regions[mask]!)).toBe(100);
  });

  it('compares each exclusive region with what independence would give it', () => {
    const people = 4_000;
    const sets = randomSets(3, people, 7);
    const sizes = sets.map((s) => s.size);
    const regions = exclusiveRegions(3, everyIntersection(sets, people));
    for (let mask = 1; mask < 8; mask++) {
      let expected = people;
      sets.forEach((s, i) => (expected *= mask & (1 << i) ? s.size / people : 1 - s.size / people));
      expect(regionIndex(mask, 3, sizes, people, regions[mask]!)).toBeCloseTo((100 * regions[mask]!) / expected, 1);
    }
    // Sets drawn independently: every region near 100.
    for (let mask = 1; mask < 8; mask++) expect(Math.abs(regionIndex(mask, 3, sizes, people, regions[mask]!)! - 100)).toBeLessThan(25);
  });

  it('is null without people or when independence expects no one', () => {
    expect(regionIndex(1, 2, [10, 10], 0, 5)).toBeNull();
    // Everyone is in set 0: the region of set 1 alone is expected to be empty.
    expect(regionIndex(0b10, 2, [100, 50], 100, 0)).toBeNull();
    expect(regionIndex(0b11, 2, [100, 50], 100, 50)).toBe(100);
  });
});

describe('a lookalike\'s reach (issue 27 item 6)', () => {
  it('takes a multiple from 1 to 10 and a whole target count of at least 1, and says why not otherwise', () => {
    for (const value of [1, 2.5, 10]) expect(reachError({ kind: 'multiplier', value })).toBeNull();
    for (const value of [-5, 0, 0.5, 11, Number.NaN]) expect(reachError({ kind: 'multiplier', value })).toBe(AUDIENCES_TEXT.multiplierRange);
    for (const value of [1, 500_000]) expect(reachError({ kind: 'count', value })).toBeNull();
    for (const value of [0, -1, 2.5, Number.NaN, LOOKALIKE.maxTarget + 1]) expect(reachError({ kind: 'count', value })).toBe(AUDIENCES_TEXT.targetCount);
  });

  it('reads what is typed: empty is no number, never clamped', () => {
    expect(readReach('multiplier', '')).toEqual({ reach: { kind: 'multiplier', value: Number.NaN }, error: AUDIENCES_TEXT.multiplierRange });
    expect(readReach('multiplier', '11')).toEqual({ reach: { kind: 'multiplier', value: 11 }, error: AUDIENCES_TEXT.multiplierRange });
    expect(readReach('multiplier', ' 3 ')).toEqual({ reach: { kind: 'multiplier', value: 3 }, error: null });
    expect(readReach('count', '1200')).toEqual({ reach: { kind: 'count', value: 1200 }, error: null });
  });

  it('refuses a target the region does not have outside the seed', () => {
    expect(lookalikeSize({ kind: 'count', value: 999_999_999 }, 10_000, 1_000_000).error).toBe(AUDIENCES_TEXT.reachTooLarge);
    expect(lookalikeSize({ kind: 'count', value: 990_000 }, 10_000, 1_000_000)).toEqual({ size: 990_000, error: null });
  });
});
