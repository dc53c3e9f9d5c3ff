import { describe, expect, it } from 'vitest';
import {
  allowedTab, canSelect, copyName, formatCount, GROW_TEXT, invalidSelection, isPermutation, levelForTab, measurementLabelOf, moveItem,
  nameTaken, saveAudienceBlock, selectionRules, toggleSelection, tvPanelists, validateAudience, validateChart, validateMarket, zeroCause, zeroReason,
} from './grow';

const others = [{ id: 1, name: 'Market Map' }, { id: 2, name: 'Summer' }];

describe('names', () => {
  it('are compared trimmed and case-insensitively, the item’s own name allowed', () => {
    expect(nameTaken('  market map ', others, null)).toBe(true);
    expect(nameTaken('Market Map', others, 1)).toBe(false);
    expect(nameTaken('Winter', others, null)).toBe(false);
  });
});

describe('validateChart', () => {
  const ctx = { others, ownId: null, tvAllowed: false };
  const draft = { name: 'New', measurement_label: '', count_type: 'people_count' as const };
  it('gives the spec’s messages', () => {
    expect(validateChart({ ...draft, name: '' }, ctx)).toEqual([{ field: 'name', message: GROW_TEXT.chartNameRequired }]);
    expect(validateChart({ ...draft, name: '   ' }, ctx)).toEqual([{ field: 'name', message: GROW_TEXT.chartNameBlank }]);
    expect(validateChart({ ...draft, name: 'summer ' }, ctx)).toEqual([{ field: 'name', message: GROW_TEXT.chartNameTaken }]);
    expect(validateChart(draft, ctx)).toEqual([]);
  });
  it('allows TV panelists only with settings and permission, or when the chart has it already', () => {
    const tv = { ...draft, count_type: 'tv_panelists' as const };
    expect(validateChart(tv, ctx)).toEqual([{ field: 'count_type', message: GROW_TEXT.tvNotAllowed }]);
    expect(validateChart(tv, { ...ctx, tvAllowed: true })).toEqual([]);
    expect(validateChart(tv, { ...ctx, currentCountType: 'tv_panelists' })).toEqual([]);
  });
  it('defaults the measurement label', () => {
    expect(measurementLabelOf('  ')).toBe('Penetration');
    expect(measurementLabelOf(' Reach ')).toBe('Reach');
  });
});

describe('validateMarket and validateAudience', () => {
  it('market names are required and unique in the chart', () => {
    expect(validateMarket(' ', { others, ownId: null })[0]?.message).toBe('Please enter a market name');
    expect(validateMarket('SUMMER', { others, ownId: null })[0]?.message).toBe('Market name already used for this chart');
    expect(validateMarket('Summer', { others, ownId: 2 })).toEqual([]);
  });
  it('audience names are required and unique in the market; population digits only', () => {
    const ctx = { siblings: others, ownId: null };
    expect(validateAudience({ name: '', population: '1' }, ctx)).toEqual([{ field: 'name', message: 'Name is required.' }]);
    expect(validateAudience({ name: 'summer', population: '1' }, ctx)).toEqual([{ field: 'name', message: 'This name is already in use.' }]);
    expect(validateAudience({ name: 'A', population: '' }, ctx)).toEqual([{ field: 'population', message: 'Audience population is required' }]);
    for (const bad of ['-1', '1.5', '1e3', 'abc']) expect(validateAudience({ name: 'A', population: bad }, ctx)[0]?.field).toBe('population');
    expect(validateAudience({ name: 'A', population: '0' }, ctx)).toEqual([]);
  });
});

describe('order and copies', () => {
  it('a reorder names every id once', () => {
    expect(isPermutation([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(isPermutation([1, 2, 3], [3, 1, 1])).toBe(false);
    expect(isPermutation([1, 2, 3], [3, 1])).toBe(false);
    expect(isPermutation([1, 2], [1, 4])).toBe(false);
  });
  it('moves an item', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
  it('names a copy after the first free "Copy of"', () => {
    expect(copyName('Map', [])).toBe('Copy of Map');
    expect(copyName('Map', ['copy of map', 'Copy of Map (2)'])).toBe('Copy of Map (3)');
    expect(copyName('x'.repeat(100), [`Copy of ${'x'.repeat(92)}`]).length).toBeLessThanOrEqual(100);
  });
});

describe('tabs and counts', () => {
  it('links the tab to the insights level and the tabs configuration', () => {
    expect(levelForTab('total')).toBe('market');
    expect(levelForTab('modeled')).toBe('person');
    expect(allowedTab('matched', { person: false, market: true })).toBe('total');
    expect(allowedTab('total', { person: true, market: false })).toBe('matched');
    expect(allowedTab('modeled', { person: true, market: true })).toBe('modeled');
  });
  it('estimates TV panelists, a dash below the minimum, capped at the maximum', () => {
    const settings = { minimum: 50, maximum: 1_000, n_pids: 12_000, const: 1 };
    expect(tvPanelists(100, 1_000_000, settings)).toBeNull();
    expect(tvPanelists(10_000, 1_000_000, settings)).toBe(120);
    expect(tvPanelists(500_000, 1_000_000, settings)).toBe(1_000);
    expect(formatCount(null)).toBe('—');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('selection', () => {
  const a = { id: 1, market_id: 10, name: 'A', matched_short_id: 5, modeled_short_id: null };
  const b = { id: 2, market_id: 10, name: 'B', matched_short_id: 6, modeled_short_id: 9 };
  const c = { id: 3, market_id: 20, name: 'C', matched_short_id: 7, modeled_short_id: 8 };
  it('needs the tab’s segment', () => {
    expect(canSelect(a, 'matched')).toBe(true);
    expect(canSelect(a, 'modeled')).toBe(false);
    expect(invalidSelection([a, b], 'modeled')).toEqual([a]);
    expect(toggleSelection([1, 2], 1)).toEqual([2]);
    expect(toggleSelection([2], 1)).toEqual([2, 1]);
  });
  it('ORs audiences of a market and ANDs the markets', () => {
    expect(selectionRules([a, b, c], 'matched')).toEqual({ include: { and: [[5, 6], [7]] }, exclude: [], values: [] });
    expect(selectionRules([a], 'modeled')).toBeNull();
  });
  it('gates Save Audience', () => {
    const ctx = { canCreateAudiences: true, segmentAllowsCreate: (id: number) => id !== 7, compareMode: false };
    expect(saveAudienceBlock([a, b], 'matched', ctx)).toBeNull();
    expect(saveAudienceBlock([a, c], 'matched', ctx)).toBe(GROW_TEXT.saveAudienceNoPermission);
    expect(saveAudienceBlock([a], 'modeled', ctx)).toBe(GROW_TEXT.saveAudienceNonSegments);
    expect(saveAudienceBlock([a], 'matched', { ...ctx, compareMode: true })).toBe(GROW_TEXT.saveAudienceCompare);
    expect(saveAudienceBlock([a], 'matched', { ...ctx, canCreateAudiences: false })).toBe(GROW_TEXT.saveAudienceNoCreate);
  });
});

describe('zero counts', () => {
  it('explains by deletion, membership or expiration', () => {
    expect(zeroReason(null)).toBe('deletion');
    expect(zeroReason({ deleted: true, people_count: 5 })).toBe('deletion');
    expect(zeroReason({ deleted: false, people_count: 0 })).toBe('membership');
    expect(zeroReason({ deleted: false, people_count: 12 })).toBe('expiration');
  });

  it('blames a segment only when one is attached for the tab (issue 13: no segment is not a deletion)', () => {
    expect(zeroCause('matched', null, undefined)).toBe('no-segment');
    expect(zeroCause('modeled', null, undefined)).toBe('no-segment');
    expect(zeroCause('matched', 7, undefined)).toBe('deletion');
    expect(zeroCause('matched', 7, { deleted: true, people_count: 3 })).toBe('deletion');
    expect(zeroCause('matched', 7, { deleted: false, people_count: 0 })).toBe('membership');
    expect(zeroCause('modeled', 7, { deleted: false, people_count: 9 })).toBe('expiration');
    // Total Population counts the typed population, whatever the segment.
    expect(zeroCause('total', null, undefined)).toBe('population');
    expect(zeroCause('total', 7, { deleted: true, people_count: 0 })).toBe('population');
  });
});
