import { parseMonthKey } from '@shared/rules/analysis';
import { monthTitle } from '@shared/rules/outcomes';

/**
 * How the analysis pages write their figures: shares with one decimal (as the insights widgets),
 * money in the region's currency, months as people say them.
 */

export const formatShare = (share: number | null) => (share === null || !Number.isFinite(share) ? '—' : `${(share * 100).toFixed(1)}%`);

/** Money in whole units of `currency` ('$1,234'); a code Intl does not know is written before the figure. */
export function formatMoney(value: number | null, currency: string): string {
  if (value === null || !Number.isFinite(value)) return '—';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  } catch {
    return `${currency} ${Math.round(value).toLocaleString('en-US')}`;
  }
}

/** 'Data through October 2026' from the data's last month (YYYY-MM); null when it is not a month. */
export function dataThroughText(dataEnd: string): string | null {
  const month = parseMonthKey(dataEnd);
  return month ? `Data through ${monthTitle(month)}` : null;
}

/** A period ('2025-11' to '2026-10') in words: 'Nov 2025 to Oct 2026'. */
export function periodText(period: { from: string; to: string }): string {
  const short = (key: string) => {
    const m = parseMonthKey(key);
    return m ? `${monthTitle(m).slice(0, 3)} ${m.year}` : key;
  };
  return `${short(period.from)} to ${short(period.to)}`;
}
