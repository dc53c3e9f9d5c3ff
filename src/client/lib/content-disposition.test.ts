import { describe, expect, it } from 'vitest';
import { fileNameOf, safeFileName } from './content-disposition';

describe('fileNameOf', () => {
  it('reads a quoted, a plain and an extended file name', () => {
    expect(fileNameOf('attachment; filename="Fizz fans index report.xlsx"')).toBe('Fizz fans index report.xlsx');
    expect(fileNameOf('attachment; filename=2026-11-24_dev_past_downloads_report.xlsx')).toBe('2026-11-24_dev_past_downloads_report.xlsx');
    expect(fileNameOf("attachment; filename*=UTF-8''Caf%C3%A9%20fans.xlsx")).toBe('Café fans.xlsx');
  });
  it('prefers the extended name to the plain one, whatever their order', () => {
    expect(fileNameOf('attachment; filename="Cafe fans.xlsx"; filename*=UTF-8\'\'Caf%C3%A9%20fans.xlsx')).toBe('Café fans.xlsx');
    expect(fileNameOf("attachment; filename*=utf-8'en'a%20b.xlsx; filename=\"c.xlsx\"")).toBe('a b.xlsx');
  });
  it('unescapes quoted pairs', () => {
    expect(fileNameOf('attachment; filename="say \\"hi\\".xlsx"')).toBe('say "hi".xlsx');
  });
  it('falls back to the plain name when the extended one is malformed', () => {
    expect(fileNameOf("attachment; filename*=UTF-8''%E0%A4%A.xlsx; filename=\"plain.xlsx\"")).toBe('plain.xlsx');
  });
  it('gives null when no file is named', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('')).toBeNull();
    expect(fileNameOf('inline')).toBeNull();
    expect(fileNameOf('attachment; filename=""')).toBeNull();
  });
  it('never names a folder', () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameOf('attachment; filename="a\\\\b.xlsx"')).toBe('b.xlsx');
  });
});

describe('safeFileName', () => {
  it('drops control characters and folders', () => {
    expect(safeFileName('re\u0000port\n.xlsx')).toBe('report.xlsx');
    expect(safeFileName('..')).toBeNull();
    expect(safeFileName('dir/')).toBeNull();
  });
});
