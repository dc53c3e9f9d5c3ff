import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { FILLS, uniqueSheetNames, writeWorkbook } from '@shared/xlsx/workbook-writer';

/** The raw XML of a part of an .xlsx file. */
function xlsxPart(file: Uint8Array, path: string): string {
  const zip = XLSX.CFB.read(file, { type: 'array' }) as unknown;
  const entry = XLSX.CFB.find(zip, path) as { content: Uint8Array } | null;
  if (!entry) throw new Error(`no ${path}`);
  return new TextDecoder().decode(Uint8Array.from(entry.content));
}

describe('uniqueSheetNames', () => {
  it('keeps names Excel accepts, unique case-insensitively, at most 31 characters', () => {
    const names = uniqueSheetNames(['Age', 'age', 'A/B: [x]*?\\', "'quoted'", '', 'History', 'x'.repeat(40), 'x'.repeat(40)]);
    expect(names).toEqual(['Age', 'age (2)', 'A B x', 'quoted', 'Sheet', 'History sheet', 'x'.repeat(31), `${'x'.repeat(27)} (2)`]);
    for (const n of names) {
      expect(n.length).toBeLessThanOrEqual(31);
      expect(n).not.toMatch(/[[\]:*?/\\]/);
    }
  });
});

describe('writeWorkbook', () => {
  const file = writeWorkbook([
    {
      name: 'Data',
      freezeHeader: true,
      widths: [20, 12],
      rows: [
        [{ value: 'Name', style: 'header' }, { value: 'Count', style: 'header' }, { value: 'Share', style: 'header' }, { value: 'Index', style: 'header' }],
        [{ value: '=HYPERLINK("http://evil.test","click")' }, { value: 12345, style: 'count' }, { value: 0.1234, style: 'percent' }, { value: 150.4, style: 'indexHigh' }],
        [{ value: '+1', style: 'label' }, { value: -3, style: 'count' }, null, { value: 60, style: 'indexLow' }],
        [{ value: 'plain' }, { value: Number.NaN }, { value: null }, { value: 100, style: 'index' }],
      ],
    },
    { name: 'Data', rows: [[{ value: 'second' }]] },
  ]);
  const wb = XLSX.read(file, { cellStyles: true, cellNF: true });
  const ws = wb.Sheets.Data!;

  it('writes the sheets under unique names', () => {
    expect(wb.SheetNames).toEqual(['Data', 'Data (2)']);
    expect(wb.Sheets['Data (2)']?.A1?.v).toBe('second');
  });

  it('writes formula-like text as text: a string cell, no formula, quote-prefixed, the text unchanged', () => {
    for (const ref of ['A2', 'A3']) {
      expect(ws[ref]?.t).toBe('s');
      expect(ws[ref]?.f).toBeUndefined();
    }
    expect(ws.A2?.v).toBe('=HYPERLINK("http://evil.test","click")');
    expect(ws.A3?.v).toBe('+1');
    const sheet = xlsxPart(file, '/xl/worksheets/sheet1.xml');
    expect(sheet).not.toContain('<f>');
    const styles = xlsxPart(file, '/xl/styles.xml');
    const xfs = [...styles.matchAll(/<xf [^>]*>/g)].map((m) => m[0]).slice(1);
    const styleOf = (ref: string) => Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)?.[1]);
    expect(xfs[styleOf('A2')]).toContain('quotePrefix="1"');
    expect(xfs[styleOf('A3')]).toContain('quotePrefix="1"');
    expect(xfs[styleOf('B2')]).not.toContain('quotePrefix');
  });

  it('gives numbers their formats: thousands, percent, whole index', () => {
    expect(ws.B2).toMatchObject({ t: 'n', v: 12345, z: '#,##0' });
    expect(XLSX.utils.format_cell(ws.B2!)).toBe('12,345');
    expect(ws.C2).toMatchObject({ v: 0.1234, z: '0.0%' });
    expect(XLSX.utils.format_cell(ws.C2!)).toBe('12.3%');
    expect(ws.D4).toMatchObject({ v: 100, z: '0' });
  });

  it('colours the index cells by band and the header', () => {
    expect(ws.D2?.s).toMatchObject({ patternType: 'solid', fgColor: { rgb: FILLS.high } });
    expect(ws.D3?.s).toMatchObject({ patternType: 'solid', fgColor: { rgb: FILLS.low } });
    expect(ws.A1?.s).toMatchObject({ patternType: 'solid', fgColor: { rgb: FILLS.header } });
    expect(ws.D4?.s?.fgColor).toBeUndefined();
  });

  it('leaves empty and non-finite cells out', () => {
    expect(ws.C3).toBeUndefined();
    expect(ws.B4).toBeUndefined();
    expect(ws.C4).toBeUndefined();
  });

  it('freezes the header row of a sheet that asks for it only', () => {
    expect(xlsxPart(file, '/xl/worksheets/sheet1.xml')).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect(xlsxPart(file, '/xl/worksheets/sheet2.xml')).not.toContain('<pane');
  });

  it('sets column widths', () => {
    expect(ws['!cols']?.[0]?.wch).toBeCloseTo(20, 0);
  });
});
