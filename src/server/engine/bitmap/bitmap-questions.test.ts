import { RoaringBitmap32 } from './roaring';
import { describe, expect, it } from 'vitest';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { generateMembers } from '../generator/generator';
import { Random } from '../generator/random';
import { widgetMaths, twoProportionZ } from '@shared/rules/insights';
import { audienceSet, countRule, countsQuestion, everyoneCounts, overlap, ruleCounts, widgetCounts, type BitmapSource } from './bitmap-questions';

const PEOPLE = 50_000;
const segments = new Map<number, RoaringBitmap32>();
const attributes = new Map<number, RoaringBitmap32>();
const plain = new Map<string, Set<number>>();
for (const set of generateMembers({ people: PEOPLE, segments: 80, seed: 'bitmap-test' })) {
  const bitmap = new RoaringBitmap32(set.members);
  if (set.kind === 'segment') {
    segments.set(set.segment.shortId, bitmap);
    plain.set(`s${set.segment.shortId}`, new Set(set.members));
  } else {
    attributes.set(set.attribute.id, bitmap);
    plain.set(`a${set.attribute.id}`, new Set(set.members));
  }
}
const source: BitmapSource = { people: PEOPLE, segment: (id) => segments.get(id), attribute: (id) => attributes.get(id) };

/** The reference: one flag per person, every union and intersection built in full. */
function naiveCount(rules: AudienceRules): number {
  const union = (ids: number[], kind = 's') => {
    const mask = new Uint8Array(PEOPLE);
    for (const id of ids) for (const person of plain.get(`${kind}${id}`)!) mask[person] = 1;
    return mask;
  };
  const groups = [...rules.include.and.map((g) => union(g)), ...rules.values.map((g) => union(g, 'a'))];
  const result = groups[0]!;
  for (const other of groups.slice(1)) {
    for (let p = 0; p < PEOPLE; p++) result[p] = result[p]! & other[p]!;
  }
  const excluded = union(rules.exclude);
  let n = 0;
  for (let p = 0; p < PEOPLE; p++) if (result[p] && !excluded[p]) n++;
  return n;
}

/** Rules of 0 to 3 include groups and, half the time, 1 or 2 groups of values (some of values only). */
function randomRules(random: Random, { withValues = false } = {}): AudienceRules {
  const ids = [...segments.keys()];
  const valueIds = [...attributes.keys()];
  const valueGroups = withValues && random.next() < 0.5 ? 1 + random.int(2) : 0;
  const groups = valueGroups && random.next() < 0.3 ? 0 : 1 + random.int(3);
  return {
    include: { and: Array.from({ length: groups }, () => Array.from({ length: 1 + random.int(4) }, () => random.pick(ids))) },
    exclude: random.next() < 0.5 ? [] : Array.from({ length: 1 + random.int(2) }, () => random.pick(ids)),
    values: Array.from({ length: valueGroups }, () => Array.from({ length: 1 + random.int(3) }, () => random.pick(valueIds))),
  };
}

describe('countRule and audienceSet', () => {
  it('agree with building every union and intersection, over 300 random rules', () => {
    const random = new Random('rules');
    for (let i = 0; i < 300; i++) {
      const rules = randomRules(random);
      const expected = naiveCount(rules);
      expect(countRule(source, rules), JSON.stringify(rules)).toBe(expected);
      expect(audienceSet(source, rules).size, JSON.stringify(rules)).toBe(expected);
    }
  });

  it('agree with a full build on 300 random rules with groups of demographic values, some of values only', () => {
    const random = new Random('rules-with-values');
    let onlyValues = 0;
    for (let i = 0; i < 300; i++) {
      const rules = randomRules(random, { withValues: true });
      if (rules.include.and.length === 0) onlyValues++;
      const expected = naiveCount(rules);
      expect(countRule(source, rules), JSON.stringify(rules)).toBe(expected);
      expect(audienceSet(source, rules).size, JSON.stringify(rules)).toBe(expected);
    }
    expect(onlyValues).toBeGreaterThan(10);
  });

  it('refuses an unknown attribute value', () => {
    expect(() => countRule(source, { include: { and: [] }, exclude: [], values: [[99_999]] })).toThrow(/Unknown attribute value 99999/);
  });

  it('never changes the stored sets', () => {
    const before = [...segments.values()].map((s) => s.size);
    const random = new Random('mutation');
    const valuesBefore = [...attributes.values()].map((s) => s.size);
    for (let i = 0; i < 50; i++) audienceSet(source, randomRules(random, { withValues: true }));
    expect([...segments.values()].map((s) => s.size)).toEqual(before);
    expect([...attributes.values()].map((s) => s.size)).toEqual(valuesBefore);
  });

  it('refuses an unknown segment', () => {
    expect(() => countRule(source, { include: { and: [[99_999]] }, exclude: [], values: [] })).toThrow(/Unknown segment 99999/);
  });
});

describe('ruleCounts', () => {
  it("gives the rule's count, each group's, the excludes' and everyone, as a full build does", () => {
    const random = new Random('rule-counts');
    for (let i = 0; i < 100; i++) {
      const rules = randomRules(random, { withValues: true });
      const answer = ruleCounts(source, rules);
      expect(answer.count, JSON.stringify(rules)).toBe(naiveCount(rules));
      expect(answer.include).toEqual(rules.include.and.map((g) => new Set(g.flatMap((id) => [...plain.get(`s${id}`)!])).size));
      expect(answer.values).toEqual(rules.values.map((g) => new Set(g.flatMap((id) => [...plain.get(`a${id}`)!])).size));
      expect(answer.exclude).toBe(new Set(rules.exclude.flatMap((id) => [...plain.get(`s${id}`)!])).size);
      expect(answer.people).toBe(PEOPLE);
    }
  });
});

describe('everyoneCounts', () => {
  it("gives each value's people as the audience's and everyone's", () => {
    const ids = [...attributes.keys()].slice(0, 5);
    expect(everyoneCounts(source, ids)).toEqual(ids.map((id) => ({ attributeId: id, count: attributes.get(id)!.size, valueSize: attributes.get(id)!.size })));
  });
});

describe('widgetCounts with widgetMaths', () => {
  it('gives count, share, base share, index and z per value, matching a direct count', () => {
    const audience = audienceSet(source, { include: { and: [[1, 2]] }, exclude: [], values: [] });
    const ids = [...attributes.keys()].slice(0, 7);
    const rows = widgetCounts(source, audience, ids).map((c) => ({ ...c, ...widgetMaths(c.count, audience.size, c.valueSize, PEOPLE) }));
    for (const row of rows) {
      const value = plain.get(`a${row.attributeId}`)!;
      const count = [...audience].filter((p) => value.has(p)).length;
      expect(row.count).toBe(count);
      expect(row.valueSize).toBe(value.size);
      expect(row.share).toBeCloseTo(count / audience.size);
      expect(row.base_share).toBeCloseTo(value.size / PEOPLE);
      expect(row.index).toBeCloseTo((100 * (count / audience.size)) / (value.size / PEOPLE));
      expect(row.z_score).toBeCloseTo(twoProportionZ(count, audience.size, value.size - count, PEOPLE - audience.size)!);
    }
    // One category's values partition everyone: the audience's shares add up to 1.
    expect(rows.reduce((s, r) => s + r.share, 0)).toBeCloseTo(1);
  });

  it('answers an empty audience without dividing by zero', () => {
    const rows = widgetCounts(source, new RoaringBitmap32(), [...attributes.keys()].slice(0, 3)).map((c) => widgetMaths(c.count, 0, c.valueSize, PEOPLE));
    for (const row of rows) expect(row).toMatchObject({ share: 0, small_sample: true, significant: false });
  });
});

describe('countsQuestion', () => {
  const setOf = (id: number) => plain.get(`s${id}`)!;
  const union = (ids: number[]) => new Set(ids.flatMap((id) => [...setOf(id)]));
  const inFocus = (people: Set<number>, focus: Set<number> | null) => (focus ? [...people].filter((p) => focus.has(p)).length : people.size);

  it('counts segments, market unions and totals within the focus, as a direct count does', () => {
    const random = new Random('counts');
    const ids = [...segments.keys()];
    for (let i = 0; i < 40; i++) {
      const matched = { '1': [random.pick(ids), random.pick(ids)], '2': [random.pick(ids)], '3': [] as number[] };
      const modeled = { '1': [random.pick(ids)], '2': [random.pick(ids), random.pick(ids), random.pick(ids)] };
      const focusMatched = random.next() < 0.5 ? [] : [random.pick(ids)];
      const groups = random.next() < 0.7 ? [] : [[random.pick(ids), random.pick(ids)]];
      const answer = countsQuestion(source, { matched, modeled, focusMatched, focusModeled: [], groups });
      const focusLists = [...focusMatched.map((id) => [id]), ...groups].map(union);
      const focus = focusLists.length ? new Set([...focusLists[0]!].filter((p) => focusLists.every((u) => u.has(p)))) : null;
      const modeledFocus = groups.length ? union(groups[0]!) : null;
      expect(answer.total_matched_count).toBe(inFocus(union(Object.values(matched).flat()), focus));
      expect(answer.total_modeled_count).toBe(inFocus(union(Object.values(modeled).flat()), modeledFocus));
      expect(answer.market_counts['1']).toEqual({ matched: inFocus(union(matched['1']), focus), modeled: inFocus(union(modeled['1']), modeledFocus) });
      expect(answer.market_counts['3']).toEqual({ matched: 0, modeled: 0 });
      expect(answer.segment_counts[String(matched['2'][0])]).toBe(inFocus(setOf(matched['2'][0]!), focus));
    }
  });
});

describe('twoProportionZ', () => {
  it('matches a worked example', () => {
    // p1 = 0.3 of 200, p2 = 0.2 of 300: pooled 0.24, se 0.03899, z 2.5649.
    expect(twoProportionZ(60, 200, 60, 300)).toBeCloseTo(2.5649, 3);
  });
  it('is null when a side is empty or nothing varies', () => {
    expect(twoProportionZ(0, 0, 5, 10)).toBeNull();
    expect(twoProportionZ(0, 10, 0, 10)).toBeNull();
  });
});

describe('overlap', () => {
  it('counts every pair', () => {
    const a = new RoaringBitmap32([1, 2, 3, 4]);
    const b = new RoaringBitmap32([3, 4, 5]);
    const c = new RoaringBitmap32([4, 5, 6, 7]);
    expect(overlap([a, b, c])).toEqual({
      sizes: [4, 3, 4],
      pairs: [
        { a: 0, b: 1, count: 2 },
        { a: 0, b: 2, count: 1 },
        { a: 1, b: 2, count: 2 },
      ],
    });
  });
});
