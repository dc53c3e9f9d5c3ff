import { describe, expect, it } from 'vitest';
import { INDEX_REPORT_LIMITS } from '../schemas/index-reports';
import { defaultCategories, defaultReportName, indexReportBlock, INDEX_REPORT_TEXT, selectionName, type IndexReportAvailability } from './index-report-form';

const ok: IndexReportAvailability = { canCreate: true, lite: false, level: 'person', hasAudience: true, invalidIdentifiers: false };

describe('indexReportBlock', () => {
  it('allows a valid audience at the Person Level with the permission', () => {
    expect(indexReportBlock(ok)).toBeNull();
  });
  it('says why it is refused, permission first', () => {
    expect(indexReportBlock({ ...ok, canCreate: false, lite: true })).toBe(INDEX_REPORT_TEXT.noPermission);
    expect(indexReportBlock({ ...ok, lite: true, level: 'market' })).toBe(INDEX_REPORT_TEXT.lite);
    expect(indexReportBlock({ ...ok, level: 'market', hasAudience: false })).toBe(INDEX_REPORT_TEXT.marketLevel);
    expect(indexReportBlock({ ...ok, hasAudience: false, invalidIdentifiers: true })).toBe(INDEX_REPORT_TEXT.noAudience);
    expect(indexReportBlock({ ...ok, invalidIdentifiers: true })).toBe(INDEX_REPORT_TEXT.invalid);
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
