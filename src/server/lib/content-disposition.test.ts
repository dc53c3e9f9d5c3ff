import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition';

describe('attachment', () => {
  it('names a plain file both ways', () => {
    expect(attachment('Fizz buyers_index_report_2026-11-24.xlsx')).toBe(
      `attachment; filename="Fizz buyers_index_report_2026-11-24.xlsx"; filename*=UTF-8''Fizz%20buyers_index_report_2026-11-24.xlsx`,
    );
  });

  it('keeps quotes, backslashes and non-ASCII out of the fallback and exact in filename*', () => {
    const header = attachment('Café "€" \\ (x)\'*.xlsx');
    expect(header).toBe(`attachment; filename="Cafe   (x)'*.xlsx"; filename*=UTF-8''Caf%C3%A9%20%22%E2%82%AC%22%20%5C%20%28x%29%27%2A.xlsx`);
    const exact = /filename\*=UTF-8''(.*)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(exact)).toBe('Café "€" \\ (x)\'*.xlsx');
  });

  it('never answers an empty fallback', () => {
    expect(attachment('報告.xlsx')).toMatch(/^attachment; filename="\.xlsx"/);
    expect(attachment('報告')).toMatch(/^attachment; filename="download"/);
  });
});
