import { describe, expect, it } from 'vitest';
import { mergeFields, pick, sameValue } from './merge';

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
