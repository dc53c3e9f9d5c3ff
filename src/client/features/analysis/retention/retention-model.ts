import { averageRetention, cohortRow, type CohortRow, type RetentionMode } from '@shared/rules/analysis';
import type { BuyerRetention } from '@shared/schemas/analysis';
import { cell, tableSheet, type SheetSpec } from '../analysis-sheets';
import { monthName } from '../charts/axes';

/**
 * Buyer Retention's pure parts: the cohorts' rows in the mode shown, the average curve, the
 * cells' shading and the tables as sheets.
 */

export const RETENTION_MODES: readonly { mode: RetentionMode; name: string; help: string }[] = [
  { mode: 'n-month', name: 'N-month', help: 'Share of the cohort who bought in month k' },
  { mode: 'unbounded', name: 'Unbounded', help: 'Share of the cohort who bought in month k or later' },
];

export type RetentionRow = CohortRow & { small_sample: boolean };

/**
 * The cohorts as rows of the mode shown. The server sends both modes' counts (`bought`, and
 * `returned` = cohortRow's unbounded counts), so a row is cohortRow over the counts of the mode,
 * taken as they are; whether a cohort is complete is the server's word.
 */
export function retentionRows(data: Pick<BuyerRetention, 'cohorts' | 'horizon'>, mode: RetentionMode): RetentionRow[] {
  return data.cohorts.map((c) => ({
    ...cohortRow(c.month, c.size, mode === 'n-month' ? c.bought : c.returned, [], 'n-month', data.horizon),
    complete: c.complete,
    small_sample: c.small_sample,
  }));
}

/** The weighted average curve of the rows (shared averageRetention); cohorts of no one do not count. */
export const retentionCurve = (rows: readonly RetentionRow[]) => averageRetention(rows.filter((r) => r.size > 0));

/** The columns of the triangle: months since 0 to the longest row's last. */
export const monthsSince = (rows: readonly Pick<CohortRow, 'counts'>[]) => Array.from({ length: Math.max(0, ...rows.map((r) => r.counts.length)) }, (_, k) => k);

/** A cell's shade: its share as the opacity of the page's primary colour, so 100 % is the strongest. */
export const cellShade = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * 85) / 100;

/** The triangle, the average curve and the cohorts' sizes as sheets of one workbook. */
export function retentionSheets(data: Pick<BuyerRetention, 'brand'>, rows: readonly RetentionRow[], mode: RetentionMode): SheetSpec[] {
  const modeName = RETENTION_MODES.find((m) => m.mode === mode)?.name ?? mode;
  const ks = monthsSince(rows);
  const curve = retentionCurve(rows);
  return [
    tableSheet(
      'Cohorts',
      `${data.brand.name}: buyer retention by first-purchase month (${modeName})`,
      [{ header: 'First purchase', width: 16 }, { header: 'People' }, { header: 'Complete' }, { header: 'Small sample', width: 14 }, ...ks.map((k) => ({ header: `Month ${k}`, width: 10 }))],
      rows.map((r) => [cell.text(monthName(r.month)), cell.count(r.size), cell.flag(r.complete, 'Yes'), cell.flag(r.small_sample, 'Small sample'), ...ks.map((k) => (k < r.shares.length ? cell.share(r.shares[k]!) : null))]),
    ),
    tableSheet(
      'Average retention',
      `${data.brand.name}: average retention, weighted by cohort size (${modeName})`,
      [{ header: 'Months since first purchase', width: 28 }, { header: 'Retention', width: 14 }],
      curve.map((share, k) => [cell.count(k), cell.share(share)]),
    ),
  ];
}
