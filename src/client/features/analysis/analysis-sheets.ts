import type { Cell, SheetSpec } from '@shared/xlsx/workbook-writer';

/**
 * The analysis pages' tables as workbook sheets (issue 32: every table exports to .xlsx). Types
 * only here: the writer (SheetJS) loads on the first click (ExportTableButton). Figures stay
 * numbers (shares as fractions styled as percents, money in whole units with the currency in the
 * header) so they can be worked on in a spreadsheet.
 */

export type { SheetSpec };
export type Column = { header: string; width?: number };

export const cell = {
  header: (value: string): Cell => ({ value, style: 'header' }),
  label: (value: string): Cell => ({ value, style: 'label' }),
  text: (value: string | null): Cell => ({ value }),
  count: (value: number | null): Cell => ({ value: value === null || !Number.isFinite(value) ? null : value, style: 'count' }),
  share: (value: number | null): Cell => ({ value: value === null || !Number.isFinite(value) ? null : value, style: 'percent' }),
  money: (value: number | null): Cell => ({ value: value === null || !Number.isFinite(value) ? null : Math.round(value), style: 'count' }),
  /** An index (100 = the same as the base), green over and red under when the difference is significant. */
  index: (value: number | null, emphasis: 'high' | 'low' | null = null): Cell => ({
    value: value === null || !Number.isFinite(value) ? null : Math.round(value),
    style: emphasis === 'high' ? 'indexHigh' : emphasis === 'low' ? 'indexLow' : 'index',
  }),
  flag: (on: boolean, words: string): Cell => ({ value: on ? words : '' }),
};

/** A sheet of one table: a title row, a blank row, the header row and the rows. */
export function tableSheet(name: string, title: string, columns: readonly Column[], rows: readonly (readonly (Cell | null)[])[]): SheetSpec {
  return {
    name,
    rows: [[{ value: title, style: 'title' }], [], columns.map((c) => cell.header(c.header)), ...rows.map((r) => [...r])],
    widths: columns.map((c) => c.width ?? Math.max(12, c.header.length + 2)),
  };
}
