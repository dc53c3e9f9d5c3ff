import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { CATEGORY_HEADER, COVER_SHEET, indexWorkbook, type IndexReportData, type IndexReportRow } from './index-workbook';
import { FILLS } from '@shared/xlsx/workbook-writer';

const row = (name: string, extra: Partial<IndexReportRow> = {}): IndexReportRow => ({
  name, count: 1_500, base_count: 12_000, share: 0.25, base_share: 0.2, index: 125, z_score: 3.2, significant: true, small_sample: false, ...extra,
});

const data: IndexReportData = {
  name: '=HYPERLINK("http://evil.test","Fizz")',
  context: { slug: 'acme/us/fizz-cola/fizz-original', name: 'Acme Corporation / United States / Fizz Cola / Fizz Original' },
  origin: 'Grow: Soda chart',
  audience: { name: '+Runners', rule: '(Runners or Cyclists) and Parents', size: 6_000 },
  base: { name: 'Everyone in United States', rule: null, size: 60_000 },
  dataSource: 'Molecula',
  requestedBy: 'Priya Raman (analyst@acme.test)',
  createdAt: new Date('2026-11-24T02:15:00Z'),
  asOf: new Date('2026-11-20T08:00:00Z'),
  categories: [
    { name: 'Age', rows: [row('18-24'), row('25-34', { index: 70, significant: true }), row('35-44', { index: 130, significant: false }), row('65+', { index: null, z_score: null, significant: false, count: 0, small_sample: true })] },
    { name: 'Household Income: [$] / year', rows: [row('-$25k')] },
    { name: 'age', rows: [row('x')] },
  ],
};

describe('indexWorkbook', () => {
  const wb = XLSX.read(indexWorkbook(data), { cellStyles: true, cellNF: true });

  it('has a cover sheet and one sheet per category, under names Excel accepts', () => {
    expect(wb.SheetNames).toEqual([COVER_SHEET, 'Age', 'Household Income $ year', 'age (2)']);
  });

  it('says on the cover what the report is of', () => {
    const cover = XLSX.utils.sheet_to_json<string[]>(wb.Sheets[COVER_SHEET]!, { header: 1 });
    const facts = Object.fromEntries(cover.filter((r) => r.length === 2));
    expect(cover[0]?.[0]).toBe(data.name);
    expect(facts).toMatchObject({
      Context: data.context.name,
      'Context path': data.context.slug,
      'Asked from': 'Grow: Soda chart',
      Audience: '+Runners',
      'Audience rule': '(Runners or Cyclists) and Parents',
      'Audience size': 6_000,
      'Compared with': 'Everyone in United States',
      'Base size': 60_000,
      'Data source': 'Molecula',
      Created: '2026-11-24 02:15 UTC',
      'Data as of': '2026-11-20 08:00 UTC',
      Categories: 'Age, Household Income: [$] / year, age',
    });
    expect(facts).not.toHaveProperty('Base rule');
    // The report's and the audience's names are user text: never formulas.
    expect(wb.Sheets[COVER_SHEET]?.A1).toMatchObject({ t: 's' });
    expect(wb.Sheets[COVER_SHEET]?.A1?.f).toBeUndefined();
    expect(wb.Sheets[COVER_SHEET]?.B6?.f).toBeUndefined();
  });

  it('writes each value with its numbers and formats', () => {
    const ws = wb.Sheets.Age!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1 });
    expect(rows[0]).toEqual([...CATEGORY_HEADER]);
    expect(rows[1]).toEqual(['18-24', 1_500, 0.25, 12_000, 0.2, 125, 3.2, 'Yes', 'No']);
    // A value no one has: no index and no z, left empty.
    expect(rows[4]).toEqual(['65+', 0, 0.25, 12_000, 0.2, undefined, undefined, 'No', 'Yes']);
    expect(ws.B2?.z).toBe('#,##0');
    expect(ws.C2?.z).toBe('0.0%');
    expect(ws.F2?.z).toBe('0');
    expect(ws.G2?.z).toBe('0.00');
  });

  it('colours index cells by band: significant high green, significant low red, others none', () => {
    const ws = wb.Sheets.Age!;
    expect(ws.F2?.s?.fgColor?.rgb).toBe(FILLS.high);
    expect(ws.F3?.s?.fgColor?.rgb).toBe(FILLS.low);
    expect(ws.F4?.s?.fgColor).toBeUndefined();
  });

  it('keeps a value name beginning with - as text', () => {
    expect(wb.Sheets['Household Income $ year']?.A2).toMatchObject({ t: 's', v: '-$25k' });
  });

  it('names the base rule for an audience base', () => {
    const withBase = XLSX.read(indexWorkbook({ ...data, base: { name: 'Parents', rule: 'Parents', size: 9_000 } }));
    const facts = Object.fromEntries(XLSX.utils.sheet_to_json<string[]>(withBase.Sheets[COVER_SHEET]!, { header: 1 }).filter((r) => r.length === 2));
    expect(facts).toMatchObject({ 'Compared with': 'Parents', 'Base rule': 'Parents', 'Base size': 9_000 });
  });
});
