import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { HISTORY_HEADER, HISTORY_SHEET, historyWorkbook } from './history-workbook';

describe('historyWorkbook', () => {
  it('lists the downloads in the given order under the spec columns, user text as text', () => {
    const file = historyWorkbook([
      { downloadedAt: new Date('2026-11-24T02:03:04Z'), email: 'a@x.test', hierarchy: 'acme/us/fizz-cola/fizz-original', assetName: '@SUM(1)', assetType: 'Index Report' },
      { downloadedAt: new Date('2026-11-01T23:59:59Z'), email: 'b@x.test', hierarchy: 'acme/uk/fizz-cola/fizz-zero', assetName: 'Older', assetType: 'Index Report' },
    ]);
    const wb = XLSX.read(file);
    expect(wb.SheetNames).toEqual([HISTORY_SHEET]);
    const ws = wb.Sheets[HISTORY_SHEET]!;
    expect(XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 })).toEqual([
      [...HISTORY_HEADER],
      ['2026-11-24', '02:03:04', 'a@x.test', 'acme/us/fizz-cola/fizz-original', '@SUM(1)', 'Index Report'],
      ['2026-11-01', '23:59:59', 'b@x.test', 'acme/uk/fizz-cola/fizz-zero', 'Older', 'Index Report'],
    ]);
    expect(ws.E2).toMatchObject({ t: 's' });
    expect(ws.E2?.f).toBeUndefined();
  });

  it('is a header alone when nothing was downloaded', () => {
    const ws = XLSX.read(historyWorkbook([])).Sheets[HISTORY_SHEET]!;
    expect(XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 })).toEqual([[...HISTORY_HEADER]]);
  });
});
