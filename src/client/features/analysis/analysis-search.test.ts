import { describe, expect, it } from 'vitest';
import { attritionSearch, parseAttritionSearch, parseRetentionSearch, retentionSearch } from './analysis-search';

describe('analysis settings in the address', () => {
  it("reads Customer Attrition's window, from the router's number or text, and ignores a refused one", () => {
    expect(parseAttritionSearch({ window: 6 })).toEqual({ window: 6 });
    expect(parseAttritionSearch({ window: '1' })).toEqual({ window: 1 });
    expect(parseAttritionSearch({})).toEqual({});
    // The default is no setting at all.
    expect(parseAttritionSearch({ window: 3 })).toEqual({});
    for (const bad of [0, 7, 2.5, '9', 'abc', '', null, true, [4]]) expect(parseAttritionSearch({ window: bad }), String(bad)).toEqual({});
  });

  it('writes a chosen window, leaving the default out', () => {
    expect(attritionSearch(6)).toEqual({ window: 6 });
    expect(attritionSearch(3)).toEqual({});
    expect(parseAttritionSearch({ ...attritionSearch(5) })).toEqual({ window: 5 });
  });

  it("reads and writes Buyer Retention's mode, N-month being the default", () => {
    expect(parseRetentionSearch({ mode: 'unbounded' })).toEqual({ mode: 'unbounded' });
    expect(parseRetentionSearch({ mode: 'n-month' })).toEqual({});
    expect(parseRetentionSearch({ mode: 'Unbounded' })).toEqual({});
    expect(parseRetentionSearch({})).toEqual({});
    expect(retentionSearch('unbounded')).toEqual({ mode: 'unbounded' });
    expect(retentionSearch('n-month')).toEqual({});
  });
});
