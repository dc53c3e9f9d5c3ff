import { describe, expect, it } from 'vitest';
import type { SegmentRow } from '../grow/grow-repository';
import { deletedSegmentIds, ruleSegmentIds, ruleValueIds } from './explore-views';

const segment = (shortId: number, deleted = false): SegmentRow => ({
  shortId, identifier: `s${shortId}`, name: `S${shortId}`, pathParts: [`S${shortId}`], vendorType: 'third_party', deleted, peopleCount: 1, allowCreateAudienceSingle: true,
});
const rules = { include: { and: [[1, 2], [3, 1]] }, exclude: [4], values: [[7, 8], [8]] };

describe('explore views', () => {
  it('lists the segments and values a rule names, each once', () => {
    expect(ruleSegmentIds(rules)).toEqual([1, 2, 3, 4]);
    expect(ruleValueIds(rules)).toEqual([7, 8]);
    expect(ruleSegmentIds(null)).toEqual([]);
  });

  it('calls a segment deleted when the region marks it so or does not have it, excludes included', () => {
    const ready = { checked: true, people: 10 };
    expect(deletedSegmentIds(rules, [segment(1), segment(2, true), segment(3)], ready)).toEqual([2, 4]);
    expect(deletedSegmentIds(rules, [segment(1), segment(2), segment(3), segment(4)], ready)).toEqual([]);
    expect(deletedSegmentIds(null, [], ready)).toEqual([]);
  });

  it('calls none deleted while the region cannot be checked', () => {
    expect(deletedSegmentIds(rules, [], { checked: false, people: null })).toEqual([]);
  });
});
