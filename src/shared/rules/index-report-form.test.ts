import { describe, expect, it } from 'vitest';
import { INDEX_REPORT_LIMITS } from '../schemas/index-reports';
import { INDEX_REPORT_REFUSALS } from './index-report';
import { defaultCategories, defaultReportName, indexReportBlock, INDEX_REPORT_TEXT, selectionName } from './index-report-form';

const ok = { canCreate: true, lite: false, tab: 'person_level' as const, hasAudience: true, invalidIdentifiers: [] as number[] };

describe('indexReportBlock', () => {
  it('allows a valid audience at the Person Level with the permission', () => {
    expect(indexReportBlock(ok)).toBeNull();
  });
  it("gives the API's refusals first, then asks for an audience", () => {
    expect(indexReportBlock({ ...ok, canCreate: false, lite: true })).toBe(INDEX_REPORT_REFUSALS.permission);
    expect(indexReportBlock({ ...ok, lite: true, tab: 'market_level' })).toBe(INDEX_REPORT_REFUSALS.lite);
    expect(indexReportBlock({ ...ok, tab: 'market_level', hasAudience: false })).toBe(INDEX_REPORT_REFUSALS.marketLevel);
    expect(indexReportBlock({ ...ok, invalidIdentifiers: [4] })).toBe(INDEX_REPORT_REFUSALS.invalidIdentifiers);
    expect(indexReportBlock({ ...ok, hasAudience: false })).toBe(INDEX_REPORT_TEXT.noAudience);
  });
});

describe('selectionName', () => {
  it('reads as the rule: or within a market, and across markets', () => {
    expect(selectionName([{ market: 'Cola', audience: 'Fans' }])).toBe('Fans');
    expect(selectionName([{ market: 'Cola', audience: 'Fans' }, { market: 'Cola', audience: 'Lapsed' }])).toBe('Fans or Lapsed');
    expect(selectionName([
      { market: 'Cola', audience: 'Fans' }, { market: 'Age', audience: '18-24' }, { market: 'Cola', audience: 'Lapsed' }, { market: 'Cola', audience: 'Fans' },
    ])).toBe('(Fans or Lapsed) and 18-24');
  });
  it('stays within the request limit', () => {
    const long = selectionName(Array.from({ length: 30 }, (_, i) => ({ market: `M${i}`, audience: `Audience number ${i}` })));
    expect(long.length).toBe(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('form defaults', () => {
  it('names the report after its audience, within the limit', () => {
    expect(defaultReportName(' Fans or Lapsed ')).toBe('Fans or Lapsed index report');
    const name = defaultReportName('x'.repeat(300));
    expect(name).toHaveLength(INDEX_REPORT_LIMITS.name);
  });
  it('chooses every category, as many as a report may have', () => {
    expect(defaultCategories([3, 1, 2])).toEqual([3, 1, 2]);
    expect(defaultCategories(Array.from({ length: 60 }, (_, i) => i))).toHaveLength(INDEX_REPORT_LIMITS.categories);
  });
});
