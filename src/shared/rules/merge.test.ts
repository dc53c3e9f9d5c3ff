import { describe, expect, it } from 'vitest';
import { changesLeft, mergeFields, pick, sameValue, takeTheirsOnly, type FieldValues } from './merge';

describe('mergeFields', () => {
  it('takes mine where only I changed a field, theirs where only they did', () => {
    const base = { name: 'Gamma', tag: 'owned' };
    const theirs = { name: 'Gamma', tag: 'opportunity' };
    const mine = { name: 'Gamma Prime', tag: 'owned' };
    expect(mergeFields(base, theirs, mine)).toEqual({ merged: { name: 'Gamma Prime', tag: 'opportunity' }, conflicts: [] });
  });

  it('is no conflict when both made the same change', () => {
    expect(mergeFields({ name: 'A' }, { name: 'B' }, { name: 'B' })).toEqual({ merged: { name: 'B' }, conflicts: [] });
  });

  it('is a conflict only on a field both changed to different values, keeping theirs until the user chooses', () => {
    const result = mergeFields({ name: 'Gamma', population: 10 }, { name: 'Gamma Two', population: 12 }, { name: 'Gamma One', population: 10 });
    expect(result.conflicts).toEqual([{ field: 'name', base: 'Gamma', theirs: 'Gamma Two', mine: 'Gamma One' }]);
    expect(result.merged).toEqual({ name: 'Gamma Two', population: 12 });
  });

  it('compares arrays and objects by content: an order is one field', () => {
    expect(mergeFields({ ids: [1, 2, 3] }, { ids: [1, 2, 3] }, { ids: [3, 2, 1] }).merged).toEqual({ ids: [3, 2, 1] });
    expect(mergeFields({ ids: [1, 2, 3] }, { ids: [2, 1, 3] }, { ids: [3, 2, 1] }).conflicts).toHaveLength(1);
  });

  it('treats a field with no base as seen only when theirs already agrees', () => {
    expect(mergeFields({}, { name: 'X' }, { name: 'X' }).conflicts).toEqual([]);
    expect(mergeFields({}, { name: 'X' }, { name: 'Y' }).conflicts).toEqual([{ field: 'name', base: undefined, theirs: 'X', mine: 'Y' }]);
  });

  it('treats null and a missing value as the same', () => {
    expect(mergeFields({ segment: null }, {}, { segment: 7 }).merged).toEqual({ segment: 7 });
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue({ a: 1, b: [1] }, { b: [1], a: 1 })).toBe(true);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });
});

describe('pick', () => {
  it('keeps only the named fields that are there', () => {
    expect(pick({ a: 1, b: 2 }, ['a', 'c'])).toEqual({ a: 1 });
  });
});

describe('takeTheirsOnly (issue 27: Take theirs keeps the rest of my edit)', () => {
  it('takes theirs for the clashing name and keeps my population: the server merge then gives exactly that', () => {
    const sent = { name: 'Gamers One', population: 900, tag: 'owned', base: { name: 'Gamers', population: 500, tag: 'owned' } };
    const next = takeTheirsOnly(sent, [{ field: 'name', theirs: 'Gamers Two', mine: 'Gamers One' }])!;
    expect(next).toEqual({ name: 'Gamers Two', population: 900, tag: 'owned', base: { name: 'Gamers Two', population: 500, tag: 'owned' } });
    expect(sent.base.name).toBe('Gamers');
    // What the server makes of it over their version (name renamed by them).
    const { merged, conflicts } = mergeFields(next.base as FieldValues, { name: 'Gamers Two', population: 500, tag: 'owned' }, { name: next.name, population: next.population, tag: next.tag });
    expect(conflicts).toEqual([]);
    expect(merged).toEqual({ name: 'Gamers Two', population: 900, tag: 'owned' });
    expect(changesLeft(next)).toBe(true);
  });

  it('leaves nothing to send when the clashing field was my only change', () => {
    const next = takeTheirsOnly({ name: 'A1', population: 5, base: { name: 'A', population: 5 } }, [{ field: 'name', theirs: 'A2', mine: 'A1' }])!;
    expect(changesLeft(next)).toBe(false);
  });

  it('takes theirs for a flat figure of a nested body through its base (a timeframe)', () => {
    const sent = { outcome_timeframe: { total: 7 }, base: { total: 5, 'market:3:total': 2 } };
    const next = takeTheirsOnly(sent, [{ field: 'market:3:total', theirs: 4, mine: 3 }])!;
    expect(next.base).toEqual({ total: 5, 'market:3:total': 3 });
    expect(mergeFields(next.base as FieldValues, { total: 5, 'market:3:total': 4 }, { total: 7, 'market:3:total': 3 }).merged).toEqual({ total: 7, 'market:3:total': 4 });
  });

  it('finds an item field, a cell and a whole item of a journey in its base', () => {
    const base = {
      name: 'J', brands: [{ id: 7, name: 'B' }], stages: [{ id: 148, name: 'Consider' }],
      sub_markets: [{ journey_brand_id: 7, journey_stage_id: 148, matched_id: 1 }],
    };
    const sent = { ...structuredClone(base), base };
    const next = takeTheirsOnly(sent, [
      { field: 'stages.148.name', theirs: 'Think', mine: 'Weigh' },
      { field: 'sub_markets.7/148.matched_id', theirs: 3, mine: 2 },
      { field: 'brands.7', theirs: null, mine: { id: 7, name: 'B2' } },
    ])!;
    expect(next.base).toEqual({
      name: 'J', brands: [{ id: 7, name: 'B2' }], stages: [{ id: 148, name: 'Weigh' }],
      sub_markets: [{ journey_brand_id: 7, journey_stage_id: 148, matched_id: 2 }],
    });
  });

  it('cannot take theirs field by field for an edit without a base, or a field it does not know', () => {
    expect(takeTheirsOnly({ name: 'A' }, [{ field: 'name', theirs: 'B', mine: 'A' }])).toBeNull();
    expect(takeTheirsOnly({ name: 'A', base: { name: 'Z' } }, [{ field: 'ids.order', theirs: [], mine: [] }])).toBeNull();
  });
});
