import { ANALYSIS, checkBestPercent } from '@shared/rules/analysis';
import type { BestCustomer } from '@shared/schemas/analysis';
import { rowEmphasis } from '../../../components/insights/insights-model';
import { cell, tableSheet, type SheetSpec } from '../analysis-sheets';

/**
 * Best Customer's settings and tables (issue 32): which best customers (the top tier, or the top
 * X % of buyers by spend) as typed and as last asked, and the over-indexed segments as the page
 * and its workbook show them.
 */

export type BestMode = 'tier' | 'percent';

export interface BestSettingsState {
  mode: BestMode;
  /** What is in the percent field, as typed. */
  typed: string;
  /** The last percent that passed the rule: what is asked while the field holds a bad one. */
  percent: number;
}

export const initialBestSettings: BestSettingsState = { mode: 'tier', typed: String(ANALYSIS.bestPercent.default), percent: ANALYSIS.bestPercent.default };

/** The typed percent's refusal (ANALYSIS_TEXT.badPercent), or null: a whole number from 1 to 50. */
export function percentError(typed: string): string | null {
  const text = typed.trim();
  if (!/^\d{1,3}$/.test(text)) return checkBestPercent(Number.NaN);
  return checkBestPercent(Number(text));
}

/** The settings after typing: a good value is asked at once; a bad one keeps the last good figures. */
export function typePercent(state: BestSettingsState, typed: string): BestSettingsState {
  return percentError(typed) === null ? { ...state, typed, percent: Number(typed.trim()) } : { ...state, typed };
}

/** What the query asks. */
export const askedSettings = (state: BestSettingsState) => (state.mode === 'percent' ? { best: 'percent' as const, percent: state.percent } : { best: 'tier' as const });

type OverIndexed = BestCustomer['over_indexed'][number];

export const segmentName = (row: OverIndexed) => (row.segment.path_parts.length > 0 ? row.segment.path_parts.join(' > ') : row.segment.name);

/** Over-indexed against buyers is only said when the difference is significant (Grow's rule for widgets). */
export const overIndexEmphasis = (row: OverIndexed) => rowEmphasis({ index: row.index_vs_buyers, significant: row.significant });

export function overIndexedSheet(data: BestCustomer): SheetSpec {
  return tableSheet(
    'Over-indexed segments',
    `${data.brand.name}: segments over-indexed among best customers (${data.definition.label})`,
    [
      { header: 'Segment', width: 48 }, { header: 'Best customers', width: 16 }, { header: 'Share of best', width: 14 }, { header: 'Share of buyers', width: 16 },
      { header: 'Share of region', width: 16 }, { header: 'Index vs buyers', width: 16 }, { header: 'Index vs region', width: 16 }, { header: 'z' },
      { header: 'Significant', width: 12 }, { header: 'Small sample', width: 14 },
    ],
    data.over_indexed.map((r) => [
      cell.text(segmentName(r)), cell.count(r.best), cell.share(r.best_share), cell.share(r.buyers_share), cell.share(r.region_share),
      cell.index(r.index_vs_buyers, overIndexEmphasis(r)), cell.index(r.index_vs_region), { value: r.z_score === null ? null : Math.round(r.z_score * 100) / 100, style: 'decimal' },
      cell.flag(r.significant, 'Yes'), cell.flag(r.small_sample, 'Small sample'),
    ]),
  );
}

/** The best customers' figures beside all buyers', as a sheet. */
export function bestSheet(data: BestCustomer): SheetSpec {
  return tableSheet(
    'Best customers',
    `${data.brand.name}: ${data.definition.label}`,
    [{ header: 'Group', width: 20 }, { header: 'People' }, { header: 'Share of buyers', width: 16 }, { header: 'Share of spend', width: 16 }, { header: `Average spend (${data.currency})`, width: 22 }, { header: 'Small sample', width: 14 }],
    [
      [cell.label('Best customers'), cell.count(data.best.people), cell.share(data.best.share_of_buyers), cell.share(data.best.share_of_spend), cell.money(data.best.average_spend), cell.flag(data.best.small_sample, 'Small sample')],
      [cell.label('All buyers'), cell.count(data.buyers.people), cell.share(data.buyers.people > 0 ? 1 : 0), cell.share(data.buyers.people > 0 ? 1 : 0), cell.money(data.buyers.average_spend), null],
    ],
  );
}
