import { shareIndex } from '@shared/rules/analysis';
import { GROW_TEXT, tvPanelists, type TvCountSettings } from '@shared/rules/grow';
import { twoProportionZ, widgetFlags } from '@shared/rules/insights';
import type { WidgetRow } from '@shared/schemas/insights';

/** A share (0-1) as the panel shows it, one decimal: the same as the chart's tooltips. */
export const formatShare = (share: number) => `${(Number.isFinite(share) ? share * 100 : 0).toFixed(1)}%`;

/**
 * The Person Level insights' pure parts, shared by Grow and Explore: which categories to show,
 * how a widget's rows are ordered and marked, and what to say about TV panelists.
 */

/** Shown when the user has not chosen: whichever of these the region has. */
const DEFAULT_CATEGORY_NAMES = ['Age', 'Gender', 'Household Income', 'Life Stage', 'Media Habits'] as const;
/** With none of the defaults in the region, its first few categories. */
const FALLBACK_COUNT = 3;
/**
 * Local storage key of the chosen categories, per area (by name: ids differ between regions,
 * names do not). Grow's key is the one it always had, so a choice made before stays.
 */
export type InsightArea = 'grow' | 'explore' | 'journey' | 'analysis';
export const categoryStorageKey = (area: InsightArea) => `${area}InsightCategories`;

/** The stored choice: a list of names, or null when there is none (or it is unreadable). */
export function parseStoredCategories(raw: string | null): string[] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * The categories to show, in the region's order: the stored choice (an empty choice shows none),
 * else the defaults the region has. A choice naming none of this region's categories counts as
 * no choice.
 */
export function chosenCategories<C extends { name: string }>(categories: readonly C[], stored: readonly string[] | null): C[] {
  if (stored !== null) {
    if (stored.length === 0) return [];
    const wanted = new Set(stored);
    const found = categories.filter((c) => wanted.has(c.name));
    if (found.length > 0) return found;
  }
  const defaults = new Set<string>(DEFAULT_CATEGORY_NAMES);
  const found = categories.filter((c) => defaults.has(c.name));
  return found.length > 0 ? found : categories.slice(0, FALLBACK_COUNT);
}

/** Adds or removes one category from the shown names (what is then stored). */
export function toggleCategory(shown: readonly string[], name: string, on: boolean): string[] {
  return on ? (shown.includes(name) ? [...shown] : [...shown, name]) : shown.filter((n) => n !== name);
}

/** Highest index first (values no one has last); ties keep the original order. */
export function sortRows<R extends Pick<WidgetRow, 'index'>>(rows: readonly R[], byIndex: boolean): R[] {
  if (!byIndex) return [...rows];
  return rows
    .map((row, position) => ({ row, position }))
    .sort((a, b) => (b.row.index ?? -Infinity) - (a.row.index ?? -Infinity) || a.position - b.position)
    .map(({ row }) => row);
}

const HIGH_INDEX = 120;
const LOW_INDEX = 80;

/** A value stands out (over or under) only when the difference is significant. */
export function rowEmphasis(row: Pick<WidgetRow, 'index' | 'significant'>): 'high' | 'low' | null {
  if (!row.significant || row.index === null) return null;
  if (row.index >= HIGH_INDEX) return 'high';
  if (row.index <= LOW_INDEX) return 'low';
  return null;
}

export function formatIndex(index: number | null): string {
  return index === null ? '—' : String(Math.round(index));
}

interface TvNotice {
  /** Estimated panelists, or null below the model's minimum. */
  panelists: number | null;
  /** Warnings in place of the estimate. */
  warnings: string[];
  /** Footnotes under the estimate. */
  notes: string[];
}

/** TV panelists of a people count (spec 3 §8 small-audience warnings). */
export function tvNotice(count: number, tv: { settings: TvCountSettings; people: number; regionSlug: string }): TvNotice {
  const panelists = tvPanelists(count, tv.people, tv.settings);
  if (panelists === null) {
    const warnings: string[] = [GROW_TEXT.tvSmall];
    if (tv.regionSlug === 'au') warnings.push(GROW_TEXT.tvSmallAu(tv.settings.minimum), GROW_TEXT.tvSmallAuNote);
    return { panelists, warnings, notes: [] };
  }
  return { panelists, warnings: [], notes: [GROW_TEXT.tvSmallNote, GROW_TEXT.tvMax(tv.settings.maximum)] };
}

interface WidgetAnswer {
  audience_count: number;
  rows: readonly WidgetRow[];
}

/**
 * An audience's widget read against another audience's (the analysis pages: at-risk buyers
 * against active ones) rather than against everyone: per value, the base's share in place of
 * everyone's, the index of the one over the other (shareIndex), and z of the two groups
 * (twoProportionZ; the pages' groups do not overlap) with the flags Grow shows. A value the base
 * has no row for has no base share (index null).
 */
export function rowsAgainstBase(audience: WidgetAnswer, base: WidgetAnswer): WidgetRow[] {
  const baseRows = new Map(base.rows.map((r) => [r.value_id, r]));
  return audience.rows.map((row) => {
    const other = baseRows.get(row.value_id);
    const baseShare = other?.share ?? 0;
    const z = other ? twoProportionZ(row.count, audience.audience_count, other.count, base.audience_count) : null;
    return { ...row, base_share: baseShare, index: shareIndex(row.share, baseShare), z_score: z, ...widgetFlags(row.count, z) };
  });
}
