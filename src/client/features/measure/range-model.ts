import { axisTickFormat, monthKey, monthLabel, shareOut, yAxisTicks } from '@shared/rules/outcomes';
import type { OutcomeFigures, OutcomeTab, YearMonth } from '@shared/rules/outcomes';

/**
 * Range mode's stacked bars as data (spec 3 §2.5, §9): one stack per timeframe, one chart or one
 * per market, each with its own 12 y ticks, and a colour per audience in its market's family.
 * Pure, so the chart and its export only draw it.
 *
 * A stack counts each person once (issue 27): it is the chart's figure (or, grouped by market, the
 * market's), each market's part its de-duplicated figure and each audience's part its share of
 * its market's (shareOut), as the mekko draws them; summing overlapping audiences had a stack
 * claim 1.76M people of a chart of 894,258.
 */

export interface RangeAudience {
  id: number;
  name: string;
  tag: string;
}
export interface RangeMarket {
  id: number;
  name: string;
  sub_markets: readonly RangeAudience[];
}
export interface RangeTimeframe extends YearMonth, OutcomeFigures {
  market_outcomes: readonly ({ market_id: number } & OutcomeFigures)[];
  submarket_outcomes: readonly ({ sub_market_id: number } & OutcomeFigures)[];
}
export type RangeGroup = 'none' | 'market';

export interface RangeSeries {
  /** nivo's key of the audience's segments in each stack. */
  key: string;
  subMarketId: number;
  name: string;
  marketId: number;
  marketName: string;
  color: string;
}

/** One stack: the month's label for the x axis, and each audience's drawn part under its series key. */
export type RangeDatum = Record<string, string | number> & { month: string };

/** A stack's figures as entered: the stack's whole, each market's and each audience's. */
export interface RangeFigures {
  whole: number;
  markets: ReadonlyMap<number, number>;
  audiences: ReadonlyMap<number, number>;
}

export interface RangeChartModel {
  /** 'all', or the market's id as text. */
  id: string;
  /** The market's name when grouped by market; null for the one chart of every market. */
  title: string | null;
  series: RangeSeries[];
  data: RangeDatum[];
  /** The figures of each stack, in the order of `data`. */
  figures: RangeFigures[];
  /** The markets this chart stacks, in order. */
  markets: { id: number; name: string }[];
  /** 'YYYY-MM' of each stack, in the order of `data`. */
  monthKeys: string[];
  ticks: number[];
  top: number;
}

export const seriesKey = (subMarketId: number) => `audience-${subMarketId}`;

/**
 * Market families: hues far enough apart to tell markets apart, each audience of a market a
 * lighter or darker shade of its market's hue, all light enough to read on the dark theme and
 * dark enough on the light one (lightness 38 to 70 %).
 */
const MARKET_HUES = [212, 28, 140, 276, 338, 182, 48, 0, 96, 248] as const;

function hslToHex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const value = light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** The colour of each audience, by its market's position and its own within the market. */
export function audienceColours(markets: readonly RangeMarket[]): Map<number, string> {
  const colours = new Map<number, string>();
  markets.forEach((market, m) => {
    const hue = (MARKET_HUES[m % MARKET_HUES.length] ?? 0) + Math.floor(m / MARKET_HUES.length) * 17;
    const n = market.sub_markets.length;
    market.sub_markets.forEach((audience, a) => {
      const lightness = n <= 1 ? 55 : 38 + (a * 32) / (n - 1);
      colours.set(audience.id, hslToHex(hue % 360, 72, Math.round(lightness)));
    });
  });
  return colours;
}

/** Every audience of the chart as a series, in the chart's order (the first at the bottom of a stack). */
export function rangeSeries(markets: readonly RangeMarket[]): RangeSeries[] {
  const colours = audienceColours(markets);
  return markets.flatMap((market) => market.sub_markets.map((audience) => ({
    key: seriesKey(audience.id),
    subMarketId: audience.id,
    name: audience.name,
    marketId: market.id,
    marketName: market.name,
    color: colours.get(audience.id) ?? '#888888',
  })));
}

function chartOf(id: string, title: string | null, markets: readonly RangeMarket[], series: RangeSeries[], timeframes: readonly RangeTimeframe[], tab: OutcomeTab): RangeChartModel {
  const figures: RangeFigures[] = timeframes.map((timeframe) => {
    const marketFigures = new Map(timeframe.market_outcomes.map((m) => [m.market_id, m[tab]]));
    const audienceFigures = new Map(timeframe.submarket_outcomes.map((s) => [s.sub_market_id, s[tab]]));
    return {
      // Grouped by market the stack is the market's; otherwise the chart's.
      whole: title === null ? timeframe[tab] : (marketFigures.get(markets[0]?.id ?? -1) ?? 0),
      markets: new Map(markets.map((m) => [m.id, marketFigures.get(m.id) ?? 0])),
      audiences: new Map(series.map((s) => [s.subMarketId, audienceFigures.get(s.subMarketId) ?? 0])),
    };
  });
  const data = timeframes.map((timeframe, i) => {
    const f = figures[i];
    const datum: RangeDatum = { month: monthLabel(timeframe) };
    if (!f) return datum;
    const marketParts = shareOut(f.whole, markets.map((m) => f.markets.get(m.id) ?? 0));
    markets.forEach((market, j) => {
      const marketFigure = f.markets.get(market.id) ?? 0;
      const scale = marketFigure > 0 ? (marketParts[j] ?? 0) / marketFigure : 0;
      const own = series.filter((s) => s.marketId === market.id);
      const parts = shareOut(marketFigure, own.map((s) => f.audiences.get(s.subMarketId) ?? 0));
      own.forEach((s, k) => { datum[s.key] = (parts[k] ?? 0) * scale; });
    });
    return datum;
  });
  const tallest = Math.max(0, ...data.map((datum) => series.reduce((sum, s) => sum + Number(datum[s.key] ?? 0), 0)));
  const { ticks, top } = yAxisTicks(tallest);
  return { id, title, series, data, figures, markets: markets.map((m) => ({ id: m.id, name: m.name })), monthKeys: timeframes.map(monthKey), ticks, top };
}

/**
 * The charts of a range: one of every audience ('Group by None'), or one per market with an
 * audience ('Group by Market'), each scaled to its own tallest stack. `timeframes` is the range,
 * oldest first (rangeTimeframes).
 */
export function buildRangeCharts(markets: readonly RangeMarket[], timeframes: readonly RangeTimeframe[], tab: OutcomeTab, group: RangeGroup): RangeChartModel[] {
  const series = rangeSeries(markets);
  const stacked = markets.filter((market) => market.sub_markets.length > 0);
  if (group === 'none') return series.length ? [chartOf('all', null, stacked, series, timeframes, tab)] : [];
  return stacked.map((market) => chartOf(String(market.id), market.name, [market], series.filter((s) => s.marketId === market.id), timeframes, tab));
}

/** One audience's part of one stack: its figure, and the stack's running total below and above it. */
export interface RangeSegment {
  /** Unique in the chart: the series' key and the month. */
  key: string;
  series: RangeSeries;
  /** The stack's month label (the x axis' value). */
  month: string;
  /** The audience's figure as entered. */
  value: number;
  /** Its market's figure (people counted once), which its part shares. */
  marketValue: number;
  /** Where its drawn part starts and ends in the stack. */
  start: number;
  end: number;
}

/**
 * The segments of a chart's stacks, in nivo's order (a series at a time, then its months), the
 * chart's first audience at the bottom of each stack. A zero figure has no segment (nothing to
 * see, name or click), as nivo leaves a zero-height bar undrawn.
 */
export function rangeSegments(chart: Pick<RangeChartModel, 'series' | 'data' | 'figures'>): RangeSegment[] {
  const below = chart.data.map(() => 0);
  const segments: RangeSegment[] = [];
  for (const series of chart.series) {
    chart.data.forEach((datum, i) => {
      const drawn = Number(datum[series.key] ?? 0);
      if (!(drawn > 0)) return;
      const start = below[i] ?? 0;
      below[i] = start + drawn;
      const figures = chart.figures[i];
      segments.push({
        key: `${series.key}.${datum.month}`,
        series,
        month: datum.month,
        value: figures?.audiences.get(series.subMarketId) ?? drawn,
        marketValue: figures?.markets.get(series.marketId) ?? 0,
        start,
        end: start + drawn,
      });
    });
  }
  return segments;
}

/** A segment's accessible name: 'Young Families (Soda Drinkers), Oct 2026: 1,234'. */
export const segmentLabel = (series: Pick<RangeSeries, 'name' | 'marketName'>, month: string, value: number) =>
  `${series.name} (${series.marketName}), ${month}: ${value.toLocaleString('en-US')}`;

/** Dimmed: another audience than the selected one (nothing is dimmed without a selection). */
export const isDimmed = (selectedSubMarketId: number | null, subMarketId: number) => selectedSubMarketId !== null && selectedSubMarketId !== subMarketId;

/** The chart's y tick texts, in one number format (axisTickFormat). */
export const tickTexts = (ticks: readonly number[]) => ticks.map(axisTickFormat(ticks));

/** What a chart's one tooltip shows, and when (hoverStore). */
export interface HoverStore<T> {
  subscribe: (listener: () => void) => () => void;
  /** What the tooltip shows now; null while it is closed. */
  get: () => T | null;
  /** The pointer is over a thing (or over none, null). */
  hover: (next: T | null) => void;
  dispose: () => void;
}

/**
 * The delay of a chart's tooltip, as radix's tooltips behave: it opens `delayMs` after the
 * pointer rests on a segment, follows the pointer from segment to segment at once while open, and
 * closes when the pointer has left the segments for `graceMs` (a gap between two is no leaving).
 */
export function hoverStore<T>(delayMs: number, graceMs = 100): HoverStore<T> {
  let shown: T | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();
  const show = (next: T | null) => {
    shown = next;
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
    get: () => shown,
    hover(next) {
      clearTimeout(timer);
      if (next === null) timer = setTimeout(() => show(null), graceMs);
      else if (shown !== null) show(next);
      else timer = setTimeout(() => show(next), delayMs);
    },
    dispose() {
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
