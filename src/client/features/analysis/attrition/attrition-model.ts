import { checkWindow } from '@shared/rules/analysis';
import type { CustomerAttrition } from '@shared/schemas/analysis';
import { cell, tableSheet, type SheetSpec } from '../analysis-sheets';
import { monthName } from '../charts/axes';
import { ATTRITION_STATES, RATE } from './attrition-chart';

/**
 * Customer Attrition's pure parts: the window field, the win-back audience's name and the months
 * table as a sheet. The states' maths is the server's (shared/rules/analysis attritionMonth).
 */

/** The window as typed: the number to ask for, or the rule's message (the figures shown stay). */
export function readWindow(typed: string): { window: number } | { error: string } {
  const value = typed.trim() === '' ? Number.NaN : Number(typed);
  const error = checkWindow(value);
  return error === null ? { window: value } : { error };
}

/** "Fizz Cola win-back (at risk Oct 2026)": the at-risk group saved as an audience. */
export const winBackName = (brand: string, month: string) => `${brand} win-back (at risk ${monthName(month)})`;

/** The latest month shown (the at-risk group's), or null without months. */
export const latestMonth = (data: Pick<CustomerAttrition, 'months'>) => data.months[data.months.length - 1]?.month ?? null;

export const ATTRITION_COLUMNS = ['Month', 'Active', ...ATTRITION_STATES.map((s) => s.name), RATE.name] as const;

/** The months table as the page shows it: a row per month, active then its three kinds, at risk, lapsed and the rate. */
export function attritionSheet(data: Pick<CustomerAttrition, 'months' | 'window' | 'brand'>): SheetSpec {
  return tableSheet(
    'Attrition',
    `${data.brand.name}: buyers month by month, a ${data.window}-month window`,
    ATTRITION_COLUMNS.map((header) => ({ header, width: header === 'Month' ? 12 : 14 })),
    data.months.map((m) => [cell.text(monthName(m.month)), cell.count(m.active), ...ATTRITION_STATES.map((s) => cell.count(m[s.key])), cell.share(m.attrition_rate)]),
  );
}
