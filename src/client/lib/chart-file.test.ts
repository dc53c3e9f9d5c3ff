import { describe, expect, it } from 'vitest';
import { exportFileName, fitText, xmlEscape } from './chart-file';

describe('export helpers', () => {
  it('exportFileName makes a safe, readable slug', () => {
    expect(exportFileName('Fizz Original: Market Map')).toBe('fizz-original-market-map');
    expect(exportFileName('  Café / Crème — 2024 ')).toBe('cafe-creme-2024');
    expect(exportFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(exportFileName('***')).toBe('chart');
    expect(exportFileName('x'.repeat(200))).toHaveLength(80);
  });

  it('xmlEscape escapes markup and drops characters XML forbids', () => {
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
  });

  it('fitText shortens with an ellipsis, and gives up on no room', () => {
    expect(fitText('Short', 200, 15)).toBe('Short');
    // About 8 average glyphs of 15 px fit in 80 px: 7 characters (the trailing space dropped) and the ellipsis.
    expect(fitText('A much longer audience name', 80, 15)).toBe('A much…');
    expect(fitText('Anything', 5, 15)).toBe('');
  });
});
