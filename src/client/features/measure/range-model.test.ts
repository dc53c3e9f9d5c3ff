import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTCOMES } from '@shared/rules/outcomes';
import type { OutcomeTab } from '@shared/rules/outcomes';
import { audienceColours, buildRangeCharts, hoverStore, isDimmed, rangeSegments, rangeSeries, segmentLabel, seriesKey, tickTexts } from './range-model';
import type { RangeMarket, RangeTimeframe } from './range-model';

const markets: RangeMarket[] = [
  { id: 1, name: 'Soda', sub_markets: [{ id: 11, name: 'Fans', tag: 'owned' }, { id: 12, name: 'Switchers', tag: 'opportunity' }] },
  { id: 2, name: 'Water', sub_markets: [{ id: 21, name: 'Runners', tag: 'none' }] },
  { id: 3, name: 'Empty', sub_markets: [] },
];
const MARKET_OF: Record<number, number> = { 11: 1, 12: 1, 21: 2 };
/**
 * A month's figures on one tab: each audience's; unless given, a market's is its audiences' sum
 * and the chart's its markets' (no overlap).
 */
const timeframe = (year: number, month: number, figures: Record<number, number>, tab: OutcomeTab = 'matched', levels: { markets?: Record<number, number>; chart?: number } = {}): RangeTimeframe => {
  const marketSum = (id: number) => Object.entries(figures).filter(([a]) => MARKET_OF[Number(a)] === id).reduce((n, [, v]) => n + v, 0);
  const marketFigures = [1, 2, 3].map((id) => ({ id, value: levels.markets?.[id] ?? marketSum(id) }));
  const zero = { total: 0, matched: 0, modeled: 0 };
  return {
    year, month, ...zero, [tab]: levels.chart ?? marketFigures.reduce((n, m) => n + m.value, 0),
    market_outcomes: marketFigures.map((m) => ({ market_id: m.id, ...zero, [tab]: m.value })),
    submarket_outcomes: Object.entries(figures).map(([id, value]) => ({ sub_market_id: Number(id), ...zero, [tab]: value })),
  };
};
const range = [timeframe(2025, 11, { 11: 100, 12: 50, 21: 10 }), timeframe(2025, 12, { 11: 120, 21: 900 }), timeframe(2026, 1, { 11: 90, 12: 60, 21: 20 })];

describe('rangeSeries', () => {
  it('lists every audience in the chart’s order with its market', () => {
    expect(rangeSeries(markets).map((s) => [s.key, s.name, s.marketName])).toEqual([
      ['audience-11', 'Fans', 'Soda'], ['audience-12', 'Switchers', 'Soda'], ['audience-21', 'Runners', 'Water'],
    ]);
  });
});

describe('audienceColours', () => {
  const many: RangeMarket[] = Array.from({ length: 6 }, (_, m) => ({
    id: m + 1, name: `M${m}`, sub_markets: Array.from({ length: 5 }, (_, a) => ({ id: (m + 1) * 10 + a, name: `A${a}`, tag: 'none' })),
  }));
  const colours = audienceColours(many);
  const hex = (c: string | undefined) => {
    const n = Number.parseInt((c ?? '#000000').slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255] as const;
  };
  const hueOf = (c: string | undefined) => {
    const [r, g, b] = hex(c).map((v) => v / 255) as [number, number, number];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (max === min) return 0;
    const d = max - min;
    const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    return (h * 60 + 360) % 360;
  };

  it('gives every audience of a 6 × 5 chart its own hex colour', () => {
    expect(colours.size).toBe(30);
    expect(new Set(colours.values()).size).toBe(30);
    for (const c of colours.values()) expect(c).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps a market’s audiences in one hue family, markets in different ones', () => {
    const hues = many.map((m) => m.sub_markets.map((a) => hueOf(colours.get(a.id))));
    for (const family of hues) expect(Math.max(...family) - Math.min(...family)).toBeLessThan(6);
    const marketHues = hues.map((family) => family[2] ?? 0);
    for (let i = 0; i < marketHues.length; i += 1) {
      for (let j = i + 1; j < marketHues.length; j += 1) {
        const gap = Math.abs((marketHues[i] ?? 0) - (marketHues[j] ?? 0));
        expect(Math.min(gap, 360 - gap), `markets ${i} and ${j}`).toBeGreaterThan(20);
      }
    }
  });
});

describe('buildRangeCharts', () => {
  it('draws one chart of every audience when grouped by none, a stack per timeframe', () => {
    const [chart, ...rest] = buildRangeCharts(markets, range, 'matched', 'none');
    expect(rest).toEqual([]);
    expect(chart?.title).toBeNull();
    expect(chart?.data).toEqual([
      { month: 'Nov 2025', 'audience-11': 100, 'audience-12': 50, 'audience-21': 10 },
      { month: 'Dec 2025', 'audience-11': 120, 'audience-12': 0, 'audience-21': 900 },
      { month: 'Jan 2026', 'audience-11': 90, 'audience-12': 60, 'audience-21': 20 },
    ]);
    expect(chart?.monthKeys).toEqual(['2025-11', '2025-12', '2026-01']);
    // Tallest stack 1020: step round(1020 × 1.2 / 12) = 102.
    expect(chart?.ticks).toEqual(Array.from({ length: OUTCOMES.yTickCount }, (_, i) => i * 102));
    expect(chart?.top).toBe(1122);
  });

  it('draws one chart per market with an audience, each with its own y ticks', () => {
    const charts = buildRangeCharts(markets, range, 'matched', 'market');
    expect(charts.map((c) => [c.id, c.title, c.series.map((s) => s.key)])).toEqual([
      ['1', 'Soda', ['audience-11', 'audience-12']],
      ['2', 'Water', ['audience-21']],
    ]);
    expect(charts[0]?.data[0]).toEqual({ month: 'Nov 2025', 'audience-11': 100, 'audience-12': 50 });
    // Soda's tallest is 150 (step 15), Water's 900 (step 90).
    expect(charts[0]?.ticks[1]).toBe(15);
    expect(charts[1]?.ticks[1]).toBe(90);
    expect(charts.every((c) => c.ticks.length === 12)).toBe(true);
  });

  it('never stacks more people than the chart has: overlapping audiences share their market’s figure, markets the chart’s (issue 27)', () => {
    // Fans and Switchers overlap: 100 + 50 audience figures in a market of 120; markets of 120 + 10 in a chart of 104.
    const overlapping = [timeframe(2025, 11, { 11: 100, 12: 50, 21: 10 }, 'matched', { markets: { 1: 120 }, chart: 104 })];
    const [chart] = buildRangeCharts(markets, overlapping, 'matched', 'none');
    const datum = chart?.data[0] ?? { month: '' };
    const stack = ['audience-11', 'audience-12', 'audience-21'].reduce((n, k) => n + Number(datum[k]), 0);
    expect(stack).toBeCloseTo(104, 9);
    // Soda's part is 120 × 104/130 = 96, shared 2:1 by its audiences; Water's 8.
    expect(Number(datum['audience-11'])).toBeCloseTo(64, 9);
    expect(Number(datum['audience-12'])).toBeCloseTo(32, 9);
    expect(Number(datum['audience-21'])).toBeCloseTo(8, 9);
    // The segments still name each audience's own figure and its market's.
    const segments = chart ? rangeSegments(chart) : [];
    expect(segments.map((s) => [s.series.name, s.value, s.marketValue])).toEqual([['Fans', 100, 120], ['Switchers', 50, 120], ['Runners', 10, 10]]);
    // Grouped by market, Soda's stack is its 120.
    const [soda] = buildRangeCharts(markets, overlapping, 'matched', 'market');
    expect(Number(soda?.data[0]?.['audience-11']) + Number(soda?.data[0]?.['audience-12'])).toBeCloseTo(120, 9);
    expect(soda?.figures[0]?.whole).toBe(120);
  });

  it('reads the tab’s figure', () => {
    const totals = [timeframe(2026, 1, { 11: 7, 12: 8, 21: 9 }, 'total')];
    expect(buildRangeCharts(markets, totals, 'total', 'none')[0]?.data[0]).toEqual({ month: 'Jan 2026', 'audience-11': 7, 'audience-12': 8, 'audience-21': 9 });
    expect(buildRangeCharts(markets, totals, 'matched', 'none')[0]?.data[0]).toEqual({ month: 'Jan 2026', 'audience-11': 0, 'audience-12': 0, 'audience-21': 0 });
  });

  it('uses the fixed ticks 0 to 33 for small figures and draws nothing without audiences', () => {
    const small = [timeframe(2026, 1, { 11: 3, 12: 4, 21: 5 })];
    expect(buildRangeCharts(markets, small, 'matched', 'none')[0]?.ticks).toEqual(OUTCOMES.fixedYTicks);
    expect(buildRangeCharts([{ id: 9, name: 'None', sub_markets: [] }], range, 'matched', 'none')).toEqual([]);
    expect(buildRangeCharts([{ id: 9, name: 'None', sub_markets: [] }], range, 'matched', 'market')).toEqual([]);
  });
});

describe('rangeSegments', () => {
  const [all] = buildRangeCharts(markets, range, 'matched', 'none');

  it('stacks each month’s audiences from zero in the chart’s order, a series at a time as nivo does', () => {
    const segments = all ? rangeSegments(all) : [];
    expect(segments.map((s) => [s.key, s.month, s.value, s.start, s.end])).toEqual([
      ['audience-11.Nov 2025', 'Nov 2025', 100, 0, 100],
      ['audience-11.Dec 2025', 'Dec 2025', 120, 0, 120],
      ['audience-11.Jan 2026', 'Jan 2026', 90, 0, 90],
      ['audience-12.Nov 2025', 'Nov 2025', 50, 100, 150],
      // Switchers have no Dec 2025 figure: no segment, and Runners sit on Fans.
      ['audience-12.Jan 2026', 'Jan 2026', 60, 90, 150],
      ['audience-21.Nov 2025', 'Nov 2025', 10, 150, 160],
      ['audience-21.Dec 2025', 'Dec 2025', 900, 120, 1020],
      ['audience-21.Jan 2026', 'Jan 2026', 20, 150, 170],
    ]);
    expect(segments[3]?.series).toMatchObject({ subMarketId: 12, name: 'Switchers', marketName: 'Soda' });
  });

  it('tops each stack at its total, the tallest within the chart’s top tick', () => {
    const segments = all ? rangeSegments(all) : [];
    const tops = new Map<string, number>();
    for (const s of segments) tops.set(s.month, Math.max(tops.get(s.month) ?? 0, s.end));
    expect(Object.fromEntries(tops)).toEqual({ 'Nov 2025': 160, 'Dec 2025': 1020, 'Jan 2026': 170 });
    expect(Math.max(...tops.values())).toBeLessThanOrEqual(all?.top ?? 0);
  });

  it('stacks a market’s chart of its own audiences only', () => {
    const water = buildRangeCharts(markets, range, 'matched', 'market')[1];
    expect((water ? rangeSegments(water) : []).map((s) => [s.key, s.start, s.end])).toEqual([
      ['audience-21.Nov 2025', 0, 10], ['audience-21.Dec 2025', 0, 900], ['audience-21.Jan 2026', 0, 20],
    ]);
  });
});

describe('labels and dimming', () => {
  it('names a segment by audience, market, month and count', () => {
    expect(segmentLabel({ name: 'Fans', marketName: 'Soda' }, 'Oct 2026', 1234567)).toBe('Fans (Soda), Oct 2026: 1,234,567');
    expect(seriesKey(12)).toBe('audience-12');
  });

  it('dims the other audiences only while one is selected', () => {
    expect(isDimmed(null, 11)).toBe(false);
    expect(isDimmed(11, 11)).toBe(false);
    expect(isDimmed(11, 12)).toBe(true);
  });

  it('writes every tick of an axis in one format (issue 27: never 9,627 beside 19.3K)', () => {
    expect(tickTexts([0, 10_000, 20_000])).toEqual(['0', '10K', '20K']);
    expect(tickTexts([0, 900, 9_900])).toEqual(['0', '900', '9,900']);
    expect(tickTexts([0, 250_000, 2_500_000])).toEqual(['0', '0.25M', '2.50M']);
  });
});

describe('hoverStore (the tooltip’s delay)', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('opens 500 ms after the pointer rests on a segment, not before, and tells its listener', () => {
    const store = hoverStore<string>(OUTCOMES.tooltipDelayMs);
    const heard = vi.fn();
    store.subscribe(heard);
    store.hover('Fans');
    vi.advanceTimersByTime(499);
    expect(store.get()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.get()).toBe('Fans');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('never opens for a pointer passing through, follows it at once while open, closes when it leaves', () => {
    const store = hoverStore<string>(500);
    store.hover('Fans');
    vi.advanceTimersByTime(300);
    store.hover(null);
    store.hover('Switchers');
    vi.advanceTimersByTime(300);
    expect(store.get()).toBeNull();
    vi.advanceTimersByTime(200);
    expect(store.get()).toBe('Switchers');
    // From one segment to the next: the gap between them does not close it.
    store.hover(null);
    vi.advanceTimersByTime(50);
    store.hover('Runners');
    expect(store.get()).toBe('Runners');
    store.hover(null);
    vi.advanceTimersByTime(100);
    expect(store.get()).toBeNull();
  });

  it('does nothing after it is disposed', () => {
    const store = hoverStore<string>(500);
    store.hover('Fans');
    store.dispose();
    vi.advanceTimersByTime(1_000);
    expect(store.get()).toBeNull();
  });
});
