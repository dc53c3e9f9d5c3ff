import { describe, expect, it } from 'vitest';
import { dataThroughText, formatMoney, formatShare, periodText } from './analysis-format';

describe('the analysis pages’ figures', () => {
  it('write money in the region’s currency, whole units', () => {
    expect(formatMoney(1234.4, 'USD')).toBe('$1,234');
    expect(formatMoney(99.6, 'EUR')).toBe('€100');
    expect(formatMoney(10, 'not a code')).toBe('not a code 10');
    expect(formatMoney(Number.NaN, 'USD')).toBe('—');
  });

  it('write shares with one decimal, months as people say them', () => {
    expect(formatShare(0.3438)).toBe('34.4%');
    expect(formatShare(null)).toBe('—');
    expect(dataThroughText('2026-10')).toBe('Data through October 2026');
    expect(dataThroughText('soon')).toBeNull();
    expect(periodText({ from: '2025-11', to: '2026-10' })).toBe('Nov 2025 to Oct 2026');
  });
});
