import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { UPLOAD_TEXT } from '@shared/rules/uploads';
import { readWorkbook } from './workbook-reader';
import { zipExpandedSize } from './zip-size';

const book = (rows: unknown[][], bookType: XLSX.BookType, sheet = 'Sheet1', edit?: (ws: XLSX.WorkSheet) => void) => {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  edit?.(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheet);
  return new Uint8Array(XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer);
};
const read = (bytes: Uint8Array, extra: { rowLimit?: number; cellLimit?: number; sheet?: string } = {}) => readWorkbook({ bytes, sheet: extra.sheet ?? 'Sheet1', columns: 3, ...extra });

describe('readWorkbook', () => {
  it('reads .xls (BIFF8), .xlsx and CSV alike, only the uploader’s columns', () => {
    const rows = [['A', 'B', 'C', 'allowed'], ['x', 2, 'z', 'ignored']];
    for (const bytes of [book(rows, 'biff8'), book(rows, 'xlsx'), new TextEncoder().encode('A,B,C,allowed\nx,2,z,ignored\n')]) {
      const result = read(bytes);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      expect(result.header).toEqual(['A', 'B', 'C']);
      // CSV keeps what was typed as text; the row checks read numbers from it.
      expect(result.rows[0]!.map(String)).toEqual(['x', '2', 'z']);
    }
  });

  it('tells the kind by the first bytes: a renamed program or binary noise is not a spreadsheet', () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
    expect(read(exe)).toEqual({ ok: false, status: 422, message: UPLOAD_TEXT.notWorkbook });
    expect(read(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]))).toEqual({ ok: false, status: 422, message: UPLOAD_TEXT.unreadable });
    expect(read(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).toEqual({ ok: false, status: 422, message: UPLOAD_TEXT.unreadable });
  });

  it('hands formulas, dates and error cells over by name, and lists merged ranges', () => {
    const bytes = book([['A', 'B', 'C'], [1, 2, 3], ['m', null, null]], 'xlsx', 'Sheet1', (ws) => {
      ws.A2 = { t: 'n', v: 3, f: 'B2+1' };
      ws.B2 = { t: 'd', v: new Date('2024-01-02T00:00:00Z') };
      ws.C2 = { t: 'e', v: 7, w: '#DIV/0!' };
      ws['!merges'] = [{ s: { r: 2, c: 0 }, e: { r: 3, c: 0 } }];
      ws['!ref'] = 'A1:C4';
    });
    const result = read(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.rows[0]![0]).toEqual({ formula: '=B2+1' });
    expect(result.rows[0]![1]).toMatchObject({ date: expect.stringMatching(/^2024-01-0[12]/) });
    expect(result.rows[0]![2]).toEqual({ error: '#DIV/0!' });
    expect(result.merged).toEqual([{ range: 'A3:A4', row: 3, column: 'A' }]);
  });

  it('reads a percent-formatted number as the percent typed (0.125 shown as 12.5%)', () => {
    const bytes = book([['A', 'B', 'C'], [0.125, 3, 'x']], 'xlsx', 'Sheet1', (ws) => {
      ws.A2 = { t: 'n', v: 0.125, z: '0.0%' };
    });
    const result = read(bytes);
    expect(result.ok && result.rows[0]!.slice(0, 2)).toEqual(['12.5%', 3]);
  });

  it('refuses a sheet over the row or cell cap, naming it', () => {
    const rows = [['A', 'B', 'C'], ...Array.from({ length: 30 }, (_, i) => [i, i, i])];
    expect(read(book(rows, 'biff8'), { rowLimit: 20 })).toEqual({ ok: false, status: 413, message: UPLOAD_TEXT.tooManyRows(30) });
    expect(read(book(rows, 'xlsx'), { cellLimit: 50 })).toEqual({ ok: false, status: 413, message: UPLOAD_TEXT.tooManyCells(93) });
  });

  it('finds the template’s sheet by name, or the only sheet', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['x']]), 'Notes');
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['A', 'B', 'C']]), 'GrowChart_Template');
    const bytes = new Uint8Array(XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }) as Buffer);
    expect(read(bytes, { sheet: 'GrowChart_Template' })).toMatchObject({ ok: true, sheet: 'GrowChart_Template' });
    expect(read(bytes, { sheet: 'Other' })).toEqual({ ok: false, status: 422, message: UPLOAD_TEXT.noSheet('Other') });
  });
});

describe('zipExpandedSize', () => {
  it('sums what the central directory says the entries expand to, before inflating any', () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(Array.from({ length: 200 }, (_, i) => ['same text', i])), 'Sheet1');
    const stored = new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'buffer' }) as Buffer);
    const deflated = new Uint8Array(XLSX.write(wb, { bookType: 'xlsx', type: 'buffer', compression: true }) as Buffer);
    // The same entries, stored or deflated: the directory says the same expanded size, above the deflated file's.
    expect(zipExpandedSize(deflated)).toBe(zipExpandedSize(stored));
    expect(zipExpandedSize(deflated)).toBeGreaterThan(deflated.length);
    expect(zipExpandedSize(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
