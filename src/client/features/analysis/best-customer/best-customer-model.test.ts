import { describe, expect, it } from 'vitest';
import { ANALYSIS_TEXT } from '@shared/rules/analysis';
import { bestCustomerFixture as data } from '../analysis-fixtures.test-support';
import { askedSettings, bestSheet, initialBestSettings, overIndexedSheet, percentError, segmentName, typePercent } from './best-customer-model';

describe('the best customers’ percent', () => {
  it('is a whole number from 1 to 50, else the rule’s words', () => {
    for (const good of ['1', '10', '50', ' 25 ']) expect(percentError(good)).toBeNull();
    for (const bad of ['0', '51', '', '10.5', 'ten', '-5', '1e1']) expect(percentError(bad)).toBe(ANALYSIS_TEXT.badPercent);
  });

  it('asks a good value at once, and keeps asking the last good one while the field holds a bad one', () => {
    const percent = { ...initialBestSettings, mode: 'percent' as const };
    const typed = typePercent(percent, '25');
    expect(askedSettings(typed)).toEqual({ best: 'percent', percent: 25 });
    const bad = typePercent(typed, '75');
    expect(bad.typed).toBe('75');
    expect(askedSettings(bad)).toEqual({ best: 'percent', percent: 25 });
    expect(askedSettings(typePercent(bad, ''))).toEqual({ best: 'percent', percent: 25 });
  });

  it('is not asked for the top tier', () => {
    expect(askedSettings(typePercent(initialBestSettings, '30'))).toEqual({ best: 'tier' });
  });
});

describe('the over-indexed segments', () => {
  it('are named by their path, else their name', () => {
    expect(data.over_indexed.map(segmentName)).toEqual(['Acme > Sports > Golf', '=cmd']);
  });

  it('export their shares, indexes (marked when significant) and flags', () => {
    const sheet = overIndexedSheet(data);
    expect(sheet.rows[3]!.map((c) => c?.value ?? null)).toEqual(['Acme > Sports > Golf', 60, 0.5, 0.25, 0.2, 200, 250, 6.1, 'Yes', '']);
    expect(sheet.rows[3]![5]!.style).toBe('indexHigh');
    expect(sheet.rows[4]![5]!.style).toBe('index');
    expect(sheet.rows[4]!.slice(-2).map((c) => c?.value)).toEqual(['', 'Small sample']);
  });

  it('export the best customers beside all buyers, money in the region’s currency', () => {
    const sheet = bestSheet(data);
    expect(sheet.rows[0]![0]!.value).toBe(`Fizz Cola: ${data.definition.label}`);
    expect(sheet.rows[2]![4]!.value).toBe('Average spend (EUR)');
    expect(sheet.rows[3]!.map((c) => c?.value ?? null)).toEqual(['Best customers', 120, 0.12, 0.4, 130, '']);
    expect(sheet.rows[4]!.map((c) => c?.value ?? null)).toEqual(['All buyers', 1000, 1, 1, 40, null]);
  });
});
