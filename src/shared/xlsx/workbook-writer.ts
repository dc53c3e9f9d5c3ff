import * as XLSX from 'xlsx';
import { safeCell } from '../rules/index-report';

/**
 * Writes .xlsx workbooks with SheetJS, on the server (index reports, the report history) and in the
 * page (the planner's exports, which work offline), plus what its community edition does not write: cell
 * styles (fills, bold, number formats) and a frozen header row. SheetJS makes the workbook (sheets,
 * shared strings, the zip); this then replaces its fixed styles.xml with ours and gives each
 * styled cell its style index, through SheetJS's own zip container (XLSX.CFB).
 *
 * Every text goes through `safeCell`: a string cell with no formula part, and formula-like text
 * gets the quotePrefix style, so nothing a user typed is ever evaluated.
 */

export type CellStyle = 'plain' | 'title' | 'label' | 'header' | 'count' | 'percent' | 'index' | 'indexHigh' | 'indexLow' | 'decimal';
export interface Cell {
  value: string | number | null;
  style?: CellStyle;
}
export interface SheetSpec {
  name: string;
  rows: (Cell | null)[][];
  /** Column widths in characters. */
  widths?: number[];
  /** Keeps the first row in view while scrolling. */
  freezeHeader?: boolean;
}

// Number formats: builtin 0 General, 1 "0", 2 "0.00", 3 "#,##0", 49 "@" (text); 164 is ours.
const PERCENT_FMT = 164;
const NUM_FMTS = `<numFmts count="1"><numFmt numFmtId="${PERCENT_FMT}" formatCode="0.0%"/></numFmts>`;
const FONTS = [
  '<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>',
  '<font><b/><sz val="14"/><name val="Calibri"/><family val="2"/></font>',
  // Excel's own "Good" and "Bad" cell styles.
  '<font><sz val="11"/><color rgb="FF006100"/><name val="Calibri"/><family val="2"/></font>',
  '<font><sz val="11"/><color rgb="FF9C0006"/><name val="Calibri"/><family val="2"/></font>',
];
const solid = (rgb: string) => `<fill><patternFill patternType="solid"><fgColor rgb="FF${rgb}"/><bgColor indexed="64"/></patternFill></fill>`;
/** Fill colours (RGB), readable back from a cell's style. */
export const FILLS = { header: 'D9E1F2', high: 'C6EFCE', low: 'FFC7CE' } as const;
const FILL_XML = ['<fill><patternFill patternType="none"/></fill>', '<fill><patternFill patternType="gray125"/></fill>', solid(FILLS.header), solid(FILLS.high), solid(FILLS.low)];

/** Each style: number format, font and fill (indexes into the lists above). */
const STYLES: Record<CellStyle, { numFmt: number; font: number; fill: number }> = {
  plain: { numFmt: 0, font: 0, fill: 0 },
  title: { numFmt: 0, font: 2, fill: 0 },
  label: { numFmt: 0, font: 1, fill: 0 },
  header: { numFmt: 0, font: 1, fill: 2 },
  count: { numFmt: 3, font: 0, fill: 0 },
  percent: { numFmt: PERCENT_FMT, font: 0, fill: 0 },
  index: { numFmt: 1, font: 0, fill: 0 },
  indexHigh: { numFmt: 1, font: 3, fill: 3 },
  indexLow: { numFmt: 1, font: 4, fill: 4 },
  decimal: { numFmt: 2, font: 0, fill: 0 },
};
const STYLE_KEYS = Object.keys(STYLES) as CellStyle[];

/** Style index of a cell: 0 is the default; each style has a plain and a quote-prefixed (text) variant. */
function xfIndex(style: CellStyle, quoted: boolean): number {
  return 1 + 2 * STYLE_KEYS.indexOf(style) + (quoted ? 1 : 0);
}

function stylesXml(): string {
  const xfs = ['<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'];
  for (const key of STYLE_KEYS) {
    const { numFmt, font, fill } = STYLES[key];
    const common = `fontId="${font}" fillId="${fill}" borderId="0" xfId="0" applyFont="1" applyFill="1"`;
    xfs.push(`<xf numFmtId="${numFmt}" ${common} applyNumberFormat="1"/>`);
    xfs.push(`<xf numFmtId="49" ${common} applyNumberFormat="1" quotePrefix="1"/>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
    NUM_FMTS,
    `<fonts count="${FONTS.length}">${FONTS.join('')}</fonts>`,
    `<fills count="${FILL_XML.length}">${FILL_XML.join('')}</fills>`,
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>',
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>',
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>`,
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>',
    '<dxfs count="0"/><tableStyles count="0"/>',
    '</styleSheet>',
  ].join('');
}

const FORBIDDEN_IN_SHEET_NAME = /[[\]:*?/\\]/g;
const SHEET_NAME_MAX = 31;

/**
 * Names Excel accepts, unique (case-insensitively, as Excel compares them): at most 31
 * characters, none of []:*?/\, no apostrophe at either end, not blank, not "History" (reserved).
 */
export function uniqueSheetNames(wanted: readonly string[]): string[] {
  const used = new Set<string>();
  return wanted.map((raw) => {
    let base = raw.replace(FORBIDDEN_IN_SHEET_NAME, ' ').replace(/\s+/g, ' ').trim().replace(/^'+|'+$/g, '').trim();
    if (!base || base.toLowerCase() === 'history') base = base ? `${base} sheet` : 'Sheet';
    base = base.slice(0, SHEET_NAME_MAX).trim();
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = `${base.slice(0, SHEET_NAME_MAX - suffix.length).trim()}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}

// SheetJS types its zip container as `any`; this is the part used here. Bytes are plain arrays
// of bytes ('array'), so the same code runs in Node and in the browser.
interface ZipEntry { content: ArrayLike<number> | string }
interface ZipContainer { FullPaths: string[] }
const CFB = XLSX.CFB as {
  read(data: Uint8Array, opts: { type: 'array' }): ZipContainer;
  find(zip: ZipContainer, path: string): ZipEntry | null;
  write(zip: ZipContainer, opts: { fileType: 'zip'; type: 'array'; compression: boolean }): ArrayLike<number>;
  utils: { cfb_add(zip: ZipContainer, path: string, content: Uint8Array): void };
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const textOf = (content: ArrayLike<number> | string) => (typeof content === 'string' ? content : new TextDecoder().decode(Uint8Array.from(content)));

const FROZEN_VIEW =
  '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView>';

function replaceOnce(xml: string, find: string, replacement: string, what: string): string {
  if (!xml.includes(find)) throw new Error(`xlsx writer: SheetJS wrote no ${what}`);
  return xml.replace(find, replacement);
}

/** Gives styled cells their style index, and freezes the header row. */
function styleSheetXml(xml: string, styles: Map<string, number>, freeze: boolean): string {
  let out = freeze ? replaceOnce(xml, '<sheetView workbookViewId="0"/>', FROZEN_VIEW, 'sheet view') : xml;
  let styled = 0;
  out = out.replace(/<c r="([A-Z]+\d+)"/g, (tag, ref: string) => {
    const s = styles.get(ref);
    if (s === undefined) return tag;
    styled++;
    return `${tag} s="${s}"`;
  });
  if (styled !== styles.size) throw new Error(`xlsx writer: styled ${styled} of ${styles.size} cells`);
  return out;
}

/** The workbook as the bytes of an .xlsx file. */
export function writeWorkbook(sheets: SheetSpec[], props: { title?: string } = {}): Uint8Array {
  const wb = XLSX.utils.book_new();
  const names = uniqueSheetNames(sheets.map((s) => s.name));
  const styles: Map<string, number>[] = [];
  sheets.forEach((sheet, i) => {
    const ws: XLSX.WorkSheet = {};
    const cellStyles = new Map<string, number>();
    let maxCol = 0;
    sheet.rows.forEach((row, r) => row.forEach((cell, c) => {
      if (!cell || cell.value === null || (typeof cell.value === 'number' && !Number.isFinite(cell.value))) return;
      const ref = XLSX.utils.encode_cell({ r, c });
      const style = cell.style ?? 'plain';
      if (typeof cell.value === 'number') {
        ws[ref] = { t: 'n', v: cell.value };
        if (style !== 'plain') cellStyles.set(ref, xfIndex(style, false));
      } else {
        const safe = safeCell(cell.value);
        ws[ref] = { t: safe.t, v: safe.v };
        if (style !== 'plain' || safe.quotePrefix) cellStyles.set(ref, xfIndex(style, safe.quotePrefix));
      }
      maxCol = Math.max(maxCol, c);
    }));
    ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, sheet.rows.length - 1), c: maxCol } });
    if (sheet.widths) ws['!cols'] = sheet.widths.map((wch) => ({ wch }));
    XLSX.utils.book_append_sheet(wb, ws, names[i]);
    styles.push(cellStyles);
  });
  if (props.title) wb.Props = { Title: props.title };

  const written = new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', bookSST: true, compression: true }) as ArrayBuffer);
  const zip = CFB.read(written, { type: 'array' });
  CFB.utils.cfb_add(zip, '/xl/styles.xml', utf8(stylesXml()));
  sheets.forEach((sheet, i) => {
    const path = `/xl/worksheets/sheet${i + 1}.xml`;
    const entry = CFB.find(zip, path);
    if (!entry) throw new Error(`xlsx writer: SheetJS wrote no ${path}`);
    CFB.utils.cfb_add(zip, path, utf8(styleSheetXml(textOf(entry.content), styles[i]!, sheet.freezeHeader === true)));
  });
  return Uint8Array.from(CFB.write(zip, { fileType: 'zip', type: 'array', compression: true }));
}
