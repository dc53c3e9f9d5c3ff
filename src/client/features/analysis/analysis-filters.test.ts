import { describe, expect, it } from 'vitest';
import { ANALYSIS, ANALYSIS_TEXT } from '@shared/rules/analysis';
import { addFilterSegment, filtersIn, groupLabel, pageKeyOf, removeFilterGroup, withinFiltersText } from './analysis-filters';

const ctx = 'acme/us/fizz-cola/fizz-original';

describe('the page a path is', () => {
  it('is the part after the product', () => {
    expect(pageKeyOf(`/${ctx}/insights/customer-value`, ctx)).toBe('insights/customer-value');
    expect(pageKeyOf(`/${ctx}/insights/best-customer/`, ctx)).toBe('insights/best-customer');
  });
});

describe('a page’s filters', () => {
  it('are those chosen in this context, and none in another (spec 3 §2.6)', () => {
    const entry = { context: ctx, groups: [[4], [5, 6]] };
    expect(filtersIn(entry, ctx)).toEqual([[4], [5, 6]]);
    expect(filtersIn(entry, 'acme/us/fizz-cola/fizz-zero')).toEqual([]);
    expect(filtersIn(entry, 'acme/uk/fizz-cola/fizz-original')).toEqual([]);
    expect(filtersIn(undefined, ctx)).toEqual([]);
  });
});

describe('adding a segment', () => {
  it('makes a new filter (AND) or joins one (OR), once', () => {
    expect(addFilterSegment([], 4, 'new')).toEqual({ groups: [[4]] });
    expect(addFilterSegment([[4]], 5, 'new')).toEqual({ groups: [[4], [5]] });
    expect(addFilterSegment([[4]], 5, 0)).toEqual({ groups: [[4, 5]] });
    expect(addFilterSegment([[4, 5]], 5, 0)).toEqual({ groups: [[4, 5]] });
    expect(addFilterSegment([[4]], 4, 'new')).toEqual({ groups: [[4]] });
  });

  it('refuses past the contract’s limits with its words, and leaves the groups given alone', () => {
    const full = Array.from({ length: ANALYSIS.filterGroups }, (_, i) => [i + 1]);
    expect(addFilterSegment(full, 99, 'new')).toEqual({ error: ANALYSIS_TEXT.tooManyFilters });
    const wide = [Array.from({ length: ANALYSIS.filterGroupSegments }, (_, i) => i + 1)];
    expect(addFilterSegment(wide, 999, 0)).toEqual({ error: ANALYSIS_TEXT.tooManyFilters });
    const groups = [[1]];
    addFilterSegment(groups, 2, 0);
    expect(groups).toEqual([[1]]);
  });

  it('a group that is gone becomes a new filter', () => {
    expect(addFilterSegment([[4]], 5, 3)).toEqual({ groups: [[4], [5]] });
  });
});

describe('the chips', () => {
  it('remove a whole filter, and say its segments with or', () => {
    expect(removeFilterGroup([[1], [2, 3], [4]], 1)).toEqual([[1], [4]]);
    expect(groupLabel([2, 3], { 2: 'Sports > Golf' })).toBe('Sports > Golf or Segment 3');
    expect(withinFiltersText(1234, 50000)).toBe('1,234 of 50,000 people');
  });
});
