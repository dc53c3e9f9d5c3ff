import { formatCount } from '@shared/rules/grow';
import {
  DEFAULT_OUTCOME_TAB, OUTCOME_TABS, OUTCOMES_TEXT, formatPercentChange, monthIndex, monthKey, overlayPercent, parseMonthKey, percentChange, reconcileSelection,
  type MeasureSelection, type OutcomeTab, type TimeframeSelection, type YearMonth,
} from '@shared/rules/outcomes';
import type { Mekko } from '@shared/schemas/grow';
import type { OutcomeTimeframeView } from './measure-edits';

/**
 * Measure's page model (spec 3 §2.5, §4 Measure): the address bar's search, the selection it
 * asks for, and the mekko's markets, overlay and tooltips for a pair of timeframes. Pure.
 */

export interface MeasureSearch {
  previous?: string;
  current?: string;
  range?: boolean;
  tab?: OutcomeTab;
  group?: 'none' | 'market';
}

const isTab = (v: unknown): v is OutcomeTab => typeof v === 'string' && (OUTCOME_TABS as readonly string[]).includes(v);

/** The search as the route takes it: unknown or malformed values are dropped, not refused. */
export function parseMeasureSearch(raw: Record<string, unknown>): MeasureSearch {
  const key = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && parseMonthKey(String(v)) ? String(v) : undefined;
  const search: MeasureSearch = {};
  const previous = key(raw.previous);
  const current = key(raw.current);
  if (previous) search.previous = previous;
  if (current) search.current = current;
  if (raw.range === true || raw.range === 'true') search.range = true;
  if (isTab(raw.tab)) search.tab = raw.tab;
  if (raw.group === 'market' || raw.group === 'none') search.group = raw.group;
  return search;
}

/**
 * The selection the address asks for among the chart's months: its pair (a notification's
 * ?current=YYYY-MM alone compares that month with the one before it that has a timeframe), kept
 * when both exist, else the default (§4).
 */
export function selectionOf(search: MeasureSearch, months: readonly YearMonth[]): TimeframeSelection | null {
  const current = parseMonthKey(search.current);
  const asked = parseMonthKey(search.previous);
  const before = current ? [...months].filter((m) => monthIndex(m) < monthIndex(current)).sort((a, b) => monthIndex(b) - monthIndex(a))[0] : undefined;
  const previous = asked ?? before ?? current;
  const requested = current && previous ? { previous, current, isRangeMode: search.range === true } : null;
  return reconcileSelection(requested, months) ?? null;
}

/** The search that names a selection (and keeps the tab and grouping). */
export function searchOf(search: MeasureSearch, selection: TimeframeSelection): MeasureSearch {
  const next: MeasureSearch = { ...search, previous: monthKey(selection.previous), current: monthKey(selection.current) };
  if (selection.isRangeMode) next.range = true;
  else delete next.range;
  return next;
}

export const requestedTab = (search: MeasureSearch): OutcomeTab => search.tab ?? DEFAULT_OUTCOME_TAB;

export const findTimeframe = (timeframes: readonly OutcomeTimeframeView[], month: YearMonth | undefined) =>
  month ? timeframes.find((t) => t.year === month.year && t.month === month.month) : undefined;

/** What the page says instead of a chart with nothing to measure: no markets, or markets without audiences; null when there is something. */
export function emptyChartText(chart: Pick<Mekko, 'markets'>): string | null {
  if (chart.markets.length === 0) return OUTCOMES_TEXT.noMarkets;
  return chart.markets.every((m) => m.sub_markets.length === 0) ? OUTCOMES_TEXT.noAudiences : null;
}

export interface MeasureAudience {
  id: number;
  marketId: number;
  name: string;
  tag: Mekko['markets'][number]['sub_markets'][number]['tag'];
  count: number;
  previous: number;
  /** The segment path joined by ' > ', or 'N/A'. */
  path: string;
  /** The overlay: percent change clamped to ±100 (§9), formatted. */
  overlay: string;
  change: string;
}

export interface MeasureMarket {
  id: number;
  name: string;
  count: number;
  previous: number;
  change: string;
  audiences: MeasureAudience[];
}

/** The chart's markets and audiences on a tab, with the current and previous figures and their change (§2.5 mekko view). */
export function measureMarkets(chart: Mekko, current: OutcomeTimeframeView | undefined, previous: OutcomeTimeframeView | undefined, tab: OutcomeTab): MeasureMarket[] {
  const segments = new Map(chart.segments.map((s) => [s.id, s]));
  const marketFigure = (t: OutcomeTimeframeView | undefined, id: number) => t?.market_outcomes.find((m) => m.market_id === id)?.[tab] ?? 0;
  const subFigure = (t: OutcomeTimeframeView | undefined, id: number) => t?.submarket_outcomes.find((s) => s.sub_market_id === id)?.[tab] ?? 0;
  return chart.markets.map((market) => {
    const count = marketFigure(current, market.id);
    const before = marketFigure(previous, market.id);
    return {
      id: market.id,
      name: market.name,
      count,
      previous: before,
      change: formatPercentChange(percentChange(before, count)),
      audiences: market.sub_markets.map((a) => {
        const shortId = tab === 'modeled' ? a.modeled_short_id : a.matched_short_id;
        const segment = shortId === null ? undefined : segments.get(shortId);
        const now = subFigure(current, a.id);
        const then = subFigure(previous, a.id);
        return {
          id: a.id,
          marketId: market.id,
          name: a.name,
          tag: a.tag,
          count: now,
          previous: then,
          path: segment && segment.path_parts.length > 0 ? segment.path_parts.join(' > ') : OUTCOMES_TEXT.notApplicable,
          overlay: formatPercentChange(overlayPercent(then, now)),
          change: formatPercentChange(percentChange(then, now)),
        };
      }),
    };
  });
}

/** The filter bar's chip for the selection: 'Market' alone, or 'Market > Audience'. */
export function selectionChip(markets: readonly MeasureMarket[], selection: MeasureSelection): { id: number; market: string; audience: string } | null {
  if (!selection) return null;
  if (selection.kind === 'market') {
    const market = markets.find((m) => m.id === selection.id);
    return market ? { id: market.id, market: market.name, audience: 'All audiences' } : null;
  }
  const market = markets.find((m) => m.audiences.some((a) => a.id === selection.id));
  const audience = market?.audiences.find((a) => a.id === selection.id);
  return market && audience ? { id: audience.id, market: market.name, audience: audience.name } : null;
}

/** A selection of something the chart no longer has is none. */
export function liveSelection(markets: readonly MeasureMarket[], selection: MeasureSelection): MeasureSelection {
  return selectionChip(markets, selection) ? selection : null;
}

export const formatFigure = (n: number) => formatCount(n);
