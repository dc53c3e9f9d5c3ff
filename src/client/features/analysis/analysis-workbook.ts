import { format } from 'date-fns';
import { writeWorkbook, type SheetSpec } from '@shared/xlsx/workbook-writer';
import { saveBlob } from '../../lib/chart-file';

/**
 * An analysis table as an .xlsx file, made in the page with the shared styled writer (it works
 * offline). Loaded on the first click of an export (ExportTableButton), not with the page.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 'Customer value tiers 2026-11-28.xlsx': what the page names it, without what file systems refuse. */
export const workbookFileName = (name: string, when = new Date()) =>
  `${name.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'Analysis'} ${format(when, 'yyyy-MM-dd')}.xlsx`;

export function downloadWorkbook(sheets: readonly SheetSpec[], name: string): void {
  const bytes = writeWorkbook([...sheets], { title: name });
  saveBlob(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }), workbookFileName(name));
}
