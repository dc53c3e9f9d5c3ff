import { ANALYSIS, parseWindow, type RetentionMode } from '@shared/rules/analysis';

/**
 * The analysis pages' settings in the address, so a link, a bookmark or a reload opens the page
 * as it was left: Customer Attrition's window (`?window=6`), Buyer Retention's mode
 * (`?mode=unbounded`). A default is left out of the address; a value the rules refuse is ignored
 * (the page opens on its default, as with no value).
 */
export interface AttritionSearch {
  window?: number;
}

export function parseAttritionSearch(raw: Record<string, unknown>): AttritionSearch {
  if (typeof raw.window !== 'number' && typeof raw.window !== 'string') return {};
  const read = parseWindow(String(raw.window));
  return 'window' in read && read.window !== ANALYSIS.attritionWindow.default ? { window: read.window } : {};
}

/** The address's search for a window the user chose. */
export const attritionSearch = (window: number): AttritionSearch => (window === ANALYSIS.attritionWindow.default ? {} : { window });

export interface RetentionSearch {
  mode?: RetentionMode;
}

export function parseRetentionSearch(raw: Record<string, unknown>): RetentionSearch {
  return raw.mode === 'unbounded' ? { mode: 'unbounded' } : {};
}

export const retentionSearch = (mode: RetentionMode): RetentionSearch => (mode === 'n-month' ? {} : { mode });
