import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import * as XLSX from 'xlsx';
import { expect } from 'vitest';
import { uploadResultSchema, type UploadResult } from '../../src/shared/schemas/uploads';
import { apiKit, login, type Session } from './helper';

/** A template's or an upload's sheet as rows of cells (header first). */
export type Rows = (string | number | boolean | null)[][];

/** The multipart body of one file in the field `field` (what a browser's FormData sends). */
export function multipart(bytes: Uint8Array | Buffer, fileName: string, field = 'template', contentType = 'application/vnd.ms-excel') {
  const boundary = `----upload${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(bytes), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A workbook file of these rows on one sheet, as a spreadsheet program would save it. */
export function workbook(rows: Rows, sheet: string, bookType: 'biff8' | 'xlsx' | 'csv' = 'biff8', edit?: (ws: XLSX.WorkSheet) => void): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  edit?.(ws);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, sheet);
  if (bookType === 'csv') return Buffer.from(XLSX.utils.sheet_to_csv(ws), 'utf-8');
  return XLSX.write(wb, { bookType, type: 'buffer' }) as Buffer;
}

/** The rows of a workbook's first sheet (or the named one). */
export function sheetRows(bytes: Buffer, sheet?: string): Rows {
  const wb = XLSX.read(bytes, { type: 'buffer' });
  const ws = wb.Sheets[sheet ?? wb.SheetNames[0]!]!;
  return XLSX.utils.sheet_to_json<(string | number | null)[]>(ws, { header: 1, defval: null, blankrows: false });
}

/** What the uploader API test files share: the demo sessions plus the client admin, and upload and template helpers. */
export async function uploadsKit() {
  const kit = await apiKit({ jobs: false, counts: false });
  const clientAdmin = await login(kit.app, 'clientadmin@acme.test');
  const upload = (path: string, bytes: Uint8Array | Buffer, { s = kit.admin, context = 'acme/us', name = 'upload.xls', field = 'template' }: { s?: Session; context?: string; name?: string; field?: string } = {}) => {
    const body = multipart(bytes, name, field);
    return s.request({ method: 'POST', url: `/api/uploads/${path}`, context, payload: body.payload, headers: body.headers });
  };
  const result = (res: LightMyRequestResponse): UploadResult => {
    expect(res.statusCode, res.body).toBe(200);
    return uploadResultSchema.parse(res.json());
  };
  const template = async (path: string, { s = kit.admin, context = 'acme/us', format = 'xls' }: { s?: Session; context?: string; format?: string } = {}) => {
    const res = await s.request({ method: 'GET', url: `/api/uploads/${path}/template?format=${format}`, context });
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload;
  };
  return { ...kit, clientAdmin, upload, result, template };
}
