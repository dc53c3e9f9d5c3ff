import * as XLSX from 'xlsx';
import { rangeName, UPLOAD_LIMITS, UPLOAD_TEXT, type SheetCell } from '@shared/rules/uploads';
import { zipExpandedSize } from './zip-size';

/**
 * Reads an uploaded spreadsheet into plain rows (issue 29; decision 020). It runs in the reading
 * thread (read-in-worker.ts), never on the API's: SheetJS parses the whole file at once. The kind
 * is told by the file's first bytes, not its name: an OLE2 container (.xls, BIFF8), a zip (.xlsx,
 * its entries summed first so a zip bomb is refused unread) or UTF-8 text (.csv); anything else is
 * not a spreadsheet. Formulas, dates and error cells are handed over as such for the row checks
 * to name; merged ranges are listed.
 */

export interface ReadRequest {
  bytes: Uint8Array;
  /** The sheet to read; a workbook with one sheet is read whatever its name. */
  sheet: string;
  /** Columns the uploader reads (A..): the allowed-values columns to their right are ignored. */
  columns: number;
  rowLimit?: number;
  cellLimit?: number;
}

export type ReadResult =
  | { ok: true; sheet: string; header: SheetCell[]; rows: SheetCell[][]; merged: { range: string; row: number; column: string }[] }
  | { ok: false; status: 413 | 422; message: string };

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

/** Text a spreadsheet program saves as CSV: valid UTF-8 (or Latin-1 without NULs), no binary control bytes. */
function csvText(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, 64 * 1024);
  for (const b of sample) if (b === 0 || (b < 0x09) || (b > 0x0d && b < 0x20 && b !== 0x1b)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    // Excel's "CSV" on Windows is the ANSI code page: every byte is a character.
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const refused = (status: 413 | 422, message: string): ReadResult => ({ ok: false, status, message });

/** A text cell exported with a protecting apostrophe (the CSV template's formula-like names) reads back as typed. */
const unprotect = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

function cellOf(cell: XLSX.CellObject | undefined): SheetCell {
  if (!cell) return null;
  if (cell.f !== undefined && cell.f !== '') return { formula: `=${cell.f}`.slice(0, 100) };
  switch (cell.t) {
    case 's':
      return unprotect(String(cell.v ?? ''));
    case 'n':
      if (typeof cell.v !== 'number') return null;
      // '12.5%' typed in a spreadsheet is stored as 0.125 with a percent format: read it as typed.
      if (typeof cell.z === 'string' && cell.z.includes('%')) return `${Number((cell.v * 100).toPrecision(12))}%`;
      return cell.v;
    case 'b':
      return Boolean(cell.v);
    case 'd':
      return { date: cell.v instanceof Date ? cell.v.toISOString() : String(cell.v) };
    case 'e':
      return { error: String(cell.w ?? cell.v ?? '#ERROR') };
    default:
      return null;
  }
}

export function readWorkbook(request: ReadRequest): ReadResult {
  const { bytes } = request;
  const rowLimit = request.rowLimit ?? UPLOAD_LIMITS.rows;
  const cellLimit = request.cellLimit ?? UPLOAD_LIMITS.cells;
  if (bytes.length > UPLOAD_LIMITS.bytes) return refused(413, UPLOAD_TEXT.tooBig);
  const common: XLSX.ParsingOptions = {
    dense: true,
    // One more than the cap, so a sheet over it is told apart from one at it.
    sheetRows: rowLimit + 2,
    cellFormula: true,
    cellHTML: false,
    cellStyles: false,
    // Number formats are read only to tell a percent-formatted cell (0.125 shown as 12.5%).
    cellNF: true,
    cellDates: true,
    bookVBA: false,
    WTF: false,
  };
  let workbook: XLSX.WorkBook;
  try {
    if (startsWith(bytes, OLE2)) {
      workbook = XLSX.read(bytes, { ...common, type: 'buffer' });
    } else if (startsWith(bytes, ZIP)) {
      const expanded = zipExpandedSize(bytes);
      if (expanded === null) return refused(422, UPLOAD_TEXT.unreadable);
      if (expanded > UPLOAD_LIMITS.unzippedBytes) return refused(413, UPLOAD_TEXT.zipBomb);
      workbook = XLSX.read(bytes, { ...common, type: 'buffer' });
    } else {
      const text = csvText(bytes);
      if (text === null || text.trim() === '') return refused(422, UPLOAD_TEXT.notWorkbook);
      // raw: CSV text stays text (no '1/2' read as a date); the row checks read numbers typed as text.
      workbook = XLSX.read(text, { ...common, type: 'string', raw: true, cellDates: false });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/password|encrypt/i.test(message)) return refused(422, UPLOAD_TEXT.encrypted);
    return refused(422, UPLOAD_TEXT.unreadable);
  }
  const names = workbook.SheetNames;
  const name = names.find((n) => n.trim().toLowerCase() === request.sheet.toLowerCase()) ?? (names.length === 1 ? names[0] : undefined);
  if (name === undefined) return refused(422, UPLOAD_TEXT.noSheet(request.sheet));
  const sheet = workbook.Sheets[name];
  if (!sheet || !sheet['!ref']) return refused(422, UPLOAD_TEXT.emptySheet);

  // The sheet's whole used range (sheetRows cut what was parsed, not what the file holds).
  // CSV gives no full range: a sheet cut at the row cap is only known to have more rows than it.
  const full = XLSX.utils.decode_range(sheet['!fullref'] ?? sheet['!ref']);
  const rowsInFile = full.e.r + 1;
  if (rowsInFile - 1 > rowLimit) return refused(413, UPLOAD_TEXT.tooManyRows(sheet['!fullref'] ? rowsInFile - 1 : null));
  const cells = rowsInFile * (full.e.c + 1);
  if (cells > cellLimit) return refused(413, UPLOAD_TEXT.tooManyCells(cells));

  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rowOf = (r: number): SheetCell[] => {
    const source = data[r] ?? [];
    const out: SheetCell[] = [];
    for (let c = 0; c < request.columns; c++) out.push(cellOf(source[c]));
    return out;
  };
  const header = rowOf(0);
  const rows: SheetCell[][] = [];
  for (let r = 1; r <= full.e.r; r++) rows.push(rowOf(r));
  const merged = (sheet['!merges'] ?? [])
    .filter((m) => m.s.c < request.columns && m.e.r >= 1)
    .map((m) => ({ range: rangeName(m.s, m.e), row: Math.max(m.s.r, 1) + 1, column: String.fromCharCode(65 + m.s.c) }));
  return { ok: true, sheet: name, header, rows, merged };
}
