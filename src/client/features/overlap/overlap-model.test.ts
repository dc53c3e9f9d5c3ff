import { describe, expect, it } from 'vitest';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import { audienceRulesSchema } from '@shared/schemas/audience-rules';
import {
  addMember, compareBlock, intersectionLabel, intersectionRule, intersections, OVERLAP_TEXT, overlapMatrix, saveAsAudienceHref, segmentRule, type PickedMember,
} from './overlap-model';

const result = {
  members: [{ kind: 'segment' as const, id: 1, name: 'A', count: 400 }, { kind: 'segment' as const, id: 2, name: 'B', count: 200 }, { kind: 'audience' as const, id: 7, name: 'C', count: 0 }],
  pairs: [{ a: 0, b: 1, count: 100, share_of_a: 0.25, share_of_b: 0.5 }, { a: 0, b: 2, count: 0, share_of_a: 0, share_of_b: 0 }],
  regions: [
    { in: [0], count: 300, index: 120 }, { in: [1], count: 100, index: 80.5 }, { in: [0, 1], count: 100, index: 140 },
    { in: [2], count: 0, index: null }, { in: [0, 2], count: 0, index: null }, { in: [1, 2], count: 0, index: null }, { in: [0, 1, 2], count: 0, index: null },
  ],
};

describe('the matrix', () => {
  it('has the sizes on its diagonal and each pair as a count and a share of its row', () => {
    const m = overlapMatrix(result);
    expect(m[0]![0]).toEqual({ count: 400, share: 1, diagonal: true });
    expect(m[0]![1]).toEqual({ count: 100, share: 0.25, diagonal: false });
    expect(m[1]![0]).toEqual({ count: 100, share: 0.5, diagonal: false });
    // A pair the result leaves out shares nobody; an empty row has no share.
    expect(m[1]![2]).toEqual({ count: 0, share: 0, diagonal: false });
    expect(m[2]![0]).toEqual({ count: 0, share: null, diagonal: false });
  });
});

describe('the exclusive intersections', () => {
  it('are sorted by count, ties by fewer members, with their words', () => {
    const bars = intersections(result);
    expect(bars.map((b) => b.mask)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(bars.map((b) => b.label)).toEqual(['Only A', 'Only B', 'A and B only', 'Only C', 'A and C only', 'B and C only', 'All of A, B and C']);
    expect(bars[1]).toMatchObject({ in: [1], count: 100, index: 80.5 });
  });

  it('name every member when all are in', () => {
    expect(intersectionLabel(['A', 'B'], 3)).toBe('All of A and B');
    expect(intersectionLabel(['A', 'B', 'C', 'D'], 0b1011)).toBe('A, B and D only');
  });
});

describe('the rule of an intersection', () => {
  const seg = (id: number) => ({ name: `S${id}`, rules: segmentRule(id) });

  it('includes the in-members (AND) and excludes the out-members', () => {
    expect(intersectionRule([seg(1), seg(2), seg(3)], 0b011)).toEqual({ rules: { include: { and: [[1], [2]] }, exclude: [3], values: [] } });
    const audience = { name: 'Fans', rules: { include: { and: [[4, 5], [6]] }, exclude: [9], values: [] } };
    expect(intersectionRule([audience, seg(2), { name: 'Either', rules: { include: { and: [[7, 8]] }, exclude: [], values: [] } }], 0b001)).toEqual({
      rules: { include: { and: [[4, 5], [6]] }, exclude: [9, 2, 7, 8], values: [] },
    });
  });

  it('refuses values, an out-member of more than one group, and a member with no rule', () => {
    const persona = { name: 'Women', rules: { include: { and: [] }, exclude: [], values: [[11]] } };
    expect(intersectionRule([seg(1), persona], 0b01)).toEqual({ reason: AUDIENCE_TEXT.nonSegments });
    const twoGroups = { name: 'Two', rules: { include: { and: [[1], [2]] }, exclude: [], values: [] } };
    expect(intersectionRule([seg(3), twoGroups], 0b01)).toEqual({ reason: OVERLAP_TEXT.notExcludable('Two') });
    // In, the two groups are fine.
    expect(intersectionRule([seg(3), twoGroups], 0b11)).toEqual({ rules: { include: { and: [[3], [1], [2]] }, exclude: [], values: [] } });
    expect(intersectionRule([seg(3), { name: 'Gone', rules: null }], 0b01)).toEqual({ reason: OVERLAP_TEXT.noRule('Gone') });
  });

  it('opens the builder with a valid audience rule, coming back to the comparison', () => {
    const href = saveAsAudienceHref('acme/us/fizz-cola/fizz-original', { rules: { include: { and: [[1], [2]] }, exclude: [3], values: [] }, labels: { 1: 'A' }, name: 'A and B only', comparisonId: 12 });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/acme/us/fizz-cola/fizz-original/audiences/builder');
    expect(url.searchParams.get('returnUrl')).toBe('insights/overlap/12');
    expect(url.searchParams.get('action')).toBe('create');
    expect(audienceRulesSchema.parse(JSON.parse(url.searchParams.get('rules') ?? 'null'))).toEqual({ include: { and: [[1], [2]] }, exclude: [3], values: [] });
  });
});

describe('picking', () => {
  const m = (id: number): PickedMember => ({ kind: 'segment', id, name: `S${id}` });
  it('adds up to four, once each', () => {
    let list: PickedMember[] = [];
    for (const id of [1, 2, 2, 3, 4, 5]) list = addMember(list, m(id));
    expect(list.map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(addMember([m(1)], { kind: 'audience', id: 1, name: 'x' })).toHaveLength(2);
  });

  it('asks for two members and a name before comparing', () => {
    expect(compareBlock('X', [m(1)])).toBe(OVERLAP_TEXT.tooFew);
    expect(compareBlock('  ', [m(1), m(2)])).toBe(OVERLAP_TEXT.nameRequired);
    expect(compareBlock('X', [m(1), m(2)])).toBeNull();
  });
});
