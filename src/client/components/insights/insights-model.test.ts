import { describe, expect, it } from 'vitest';
import { GROW_TEXT } from '@shared/rules/grow';
import { categoryStorageKey, chosenCategories, formatIndex, formatShare, parseStoredCategories, rowEmphasis, rowsAgainstBase, sortRows, toggleCategory, tvNotice } from './insights-model';

const cats = ['Age', 'Education', 'Gender', 'Household Income', 'State', 'Life Stage', 'Media Habits'].map((name, id) => ({ id, name }));

describe('categories shown', () => {
  it('remembers the choice per area, Grow under the key it always had', () => {
    expect(categoryStorageKey('grow')).toBe('growInsightCategories');
    expect(categoryStorageKey('explore')).not.toBe(categoryStorageKey('grow'));
  });

  it('defaults to Age, Gender, Household Income, Life Stage and Media Habits, whichever the region has, in its order', () => {
    expect(chosenCategories(cats, null).map((c) => c.name)).toEqual(['Age', 'Gender', 'Household Income', 'Life Stage', 'Media Habits']);
    expect(chosenCategories(cats.filter((c) => c.name !== 'Age'), null).map((c) => c.name)).toEqual(['Gender', 'Household Income', 'Life Stage', 'Media Habits']);
    const other = ['A', 'B', 'C', 'D'].map((name, id) => ({ id, name }));
    expect(chosenCategories(other, null).map((c) => c.name)).toEqual(['A', 'B', 'C']);
  });

  it('uses the stored choice; an empty choice shows none, a choice of nothing here shows the defaults', () => {
    expect(chosenCategories(cats, ['State', 'Education']).map((c) => c.name)).toEqual(['Education', 'State']);
    expect(chosenCategories(cats, [])).toEqual([]);
    expect(chosenCategories(cats, ['Nowhere']).map((c) => c.name)).toContain('Age');
  });

  it('reads the stored choice safely and toggles names', () => {
    expect(parseStoredCategories('["Age","State"]')).toEqual(['Age', 'State']);
    expect(parseStoredCategories(null)).toBeNull();
    expect(parseStoredCategories('{oops')).toBeNull();
    expect(parseStoredCategories('[1,2]')).toBeNull();
    expect(toggleCategory(['Age'], 'State', true)).toEqual(['Age', 'State']);
    expect(toggleCategory(['Age', 'State'], 'State', true)).toEqual(['Age', 'State']);
    expect(toggleCategory(['Age', 'State'], 'Age', false)).toEqual(['State']);
  });
});

describe('widget rows', () => {
  const rows = [
    { name: 'a', index: 90 },
    { name: 'b', index: null },
    { name: 'c', index: 150 },
    { name: 'd', index: 90 },
  ];

  it('sorts by index, highest first, values no one has last, ties in their order; or keeps the original order', () => {
    expect(sortRows(rows, true).map((r) => r.name)).toEqual(['c', 'a', 'd', 'b']);
    expect(sortRows(rows, false).map((r) => r.name)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('emphasises 120 and over, 80 and under, only when significant', () => {
    expect(rowEmphasis({ index: 120, significant: true })).toBe('high');
    expect(rowEmphasis({ index: 80, significant: true })).toBe('low');
    expect(rowEmphasis({ index: 119.6, significant: true })).toBeNull();
    expect(rowEmphasis({ index: 200, significant: false })).toBeNull();
    expect(rowEmphasis({ index: null, significant: true })).toBeNull();
  });

  it('formats shares with one decimal and rounds the index', () => {
    expect(formatShare(0.2345)).toBe('23.4%');
    expect(formatShare(0)).toBe('0.0%');
    expect(formatIndex(119.5)).toBe('120');
    expect(formatIndex(null)).toBe('—');
  });
});

describe('TV panelists notice', () => {
  const settings = { minimum: 210, maximum: 5000, n_pids: 10_000, const: 1 };

  it('estimates panelists with the model notes and the maximum', () => {
    const notice = tvNotice(100_000, { settings, people: 1_000_000, regionSlug: 'us' });
    expect(notice).toEqual({ panelists: 1000, warnings: [], notes: [GROW_TEXT.tvSmallNote, GROW_TEXT.tvMax(5000)] });
  });

  it('shows no estimate below the minimum, and in au the sample-size warning', () => {
    expect(tvNotice(100, { settings, people: 1_000_000, regionSlug: 'us' })).toEqual({ panelists: null, warnings: [GROW_TEXT.tvSmall], notes: [] });
    expect(tvNotice(100, { settings, people: 1_000_000, regionSlug: 'au' }).warnings).toEqual([
      GROW_TEXT.tvSmall, 'Warning: Lower than 210 sample size', GROW_TEXT.tvSmallAuNote,
    ]);
  });
});

describe('a widget against another audience', () => {
  const row = (value_id: number, count: number, share: number) => ({ value_id, name: `v${value_id}`, count, share, base_share: 0.5, index: 100, z_score: null, significant: false, small_sample: false });

  it('reads the share against the base audience’s share, with z of the two groups and Grow’s flags', () => {
    const atRisk = { audience_count: 1000, rows: [row(1, 600, 0.6), row(2, 40, 0.04)] };
    const active = { audience_count: 4000, rows: [row(1, 1600, 0.4), row(2, 160, 0.04)] };
    const [a, b] = rowsAgainstBase(atRisk, active);
    expect(a).toMatchObject({ value_id: 1, share: 0.6, base_share: 0.4, significant: true, small_sample: false });
    expect(a!.index).toBeCloseTo(150);
    expect(a!.z_score).toBeCloseTo(11.4, 1);
    expect(b).toMatchObject({ index: 100, z_score: 0, significant: false, small_sample: true });
  });

  it('has no index for a value the base has no row for', () => {
    const [a] = rowsAgainstBase({ audience_count: 10, rows: [row(7, 5, 0.5)] }, { audience_count: 10, rows: [] });
    expect(a).toMatchObject({ base_share: 0, index: null, z_score: null, significant: false });
  });
});
