import { describe, expect, it } from 'vitest';
import { OUTCOMES_TEXT } from '@shared/rules/outcomes';
import type { Mekko } from '@shared/schemas/grow';
import { timeframesView } from './measure-edits';
import { emptyChartText, findTimeframe, measureMarkets, parseMeasureSearch, searchOf, selectionChip, selectionOf } from './measure-model';

const months = [{ year: 2026, month: 5 }, { year: 2026, month: 3 }, { year: 2026, month: 1 }];

describe('measure search and selection', () => {
  it('drops malformed search values', () => {
    expect(parseMeasureSearch({ previous: '2026-13', current: '2026-03', range: 'true', tab: 'bogus', group: 'market' })).toEqual({ current: '2026-03', range: true, group: 'market' });
  });
  it('a notification ?current compares that month with the one before it that has data', () => {
    expect(selectionOf({ current: '2026-03' }, months)).toEqual({ previous: { year: 2026, month: 1 }, current: { year: 2026, month: 3 }, isRangeMode: false });
    expect(selectionOf({ current: '2026-01' }, months)).toEqual({ previous: { year: 2026, month: 1 }, current: { year: 2026, month: 1 }, isRangeMode: false });
  });
  it('a pair not in the list falls back to the default (newest, second newest)', () => {
    expect(selectionOf({ previous: '2025-01', current: '2026-03' }, months)).toEqual({ previous: { year: 2026, month: 3 }, current: { year: 2026, month: 5 }, isRangeMode: false });
    expect(selectionOf({}, [])).toBeNull();
  });
  it('the search names a selection and keeps the tab', () => {
    expect(searchOf({ tab: 'total', range: true }, { previous: { year: 2026, month: 1 }, current: { year: 2026, month: 3 }, isRangeMode: false }))
      .toEqual({ tab: 'total', previous: '2026-01', current: '2026-03' });
  });
});

describe('measure markets', () => {
  const chart = {
    segments: [{ id: 50, identifier: 's', name: 'Gaming', path_parts: ['Interests', 'Gaming'], vendor_type: 'matched', deleted: false, people_count: 1, create_audience_single: true }],
    markets: [{ id: 1, name: 'Sparkling', order: 0, sub_markets: [
      { id: 11, market_id: 1, name: 'Fans', tag: 'owned', order: 0, matched_short_id: 50, modeled_short_id: null, population: 1, webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false },
      { id: 12, market_id: 1, name: 'Switchers', tag: 'none', order: 1, matched_short_id: null, modeled_short_id: null, population: 1, webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false },
    ] }],
  } as unknown as Mekko;
  const fig = (m: number) => ({ total: m * 3, matched: m, modeled: m * 2 });
  const view = timeframesView(7, { meta: { today: { year: 2026, month: 5 }, data_ready: true }, data: [
    { id: 1, mekko_id: 7, year: 2026, month: 3, current: false, source: 'entered', recorded_at: null, version: 1, updated_at: null, ...fig(300),
      market_outcomes: [{ market_id: 1, ...fig(300) }], submarket_outcomes: [{ sub_market_id: 11, market_id: 1, ...fig(100) }, { sub_market_id: 12, market_id: 1, ...fig(200) }] },
    { id: 2, mekko_id: 7, year: 2026, month: 4, current: false, source: 'entered', recorded_at: null, version: 1, updated_at: null, ...fig(500),
      market_outcomes: [{ market_id: 1, ...fig(600) }], submarket_outcomes: [{ sub_market_id: 11, market_id: 1, ...fig(350) }, { sub_market_id: 12, market_id: 1, ...fig(0) }] },
  ] });
  const markets = measureMarkets(chart, findTimeframe(view.data, { year: 2026, month: 4 }), findTimeframe(view.data, { year: 2026, month: 3 }), 'matched');

  it('sizes by the tab figure and overlays the change clamped to ±100', () => {
    expect(markets[0]!.count).toBe(600);
    expect(markets[0]!.change).toBe('+100.0%');
    expect(markets[0]!.audiences.map((a) => [a.count, a.overlay, a.change, a.path])).toEqual([
      [350, '+100.0%', '+250.0%', 'Interests > Gaming'],
      [0, '-100.0%', '-100.0%', 'N/A'],
    ]);
  });
  it('names the selection for the filter bar', () => {
    expect(selectionChip(markets, { kind: 'subMarket', id: 12 })).toEqual({ id: 12, market: 'Sparkling', audience: 'Switchers' });
    expect(selectionChip(markets, { kind: 'market', id: 1 })?.market).toBe('Sparkling');
    expect(selectionChip(markets, { kind: 'market', id: 99 })).toBeNull();
  });
});

describe('a chart with nothing to measure', () => {
  const market = (id: number, audiences: number) => ({ id, sub_markets: Array.from({ length: audiences }, (_, i) => ({ id: id * 10 + i })) }) as unknown as Mekko['markets'][number];
  it('says so: no markets, or markets without audiences; a chart with one audience anywhere is measured', () => {
    expect(emptyChartText({ markets: [] })).toBe(OUTCOMES_TEXT.noMarkets);
    expect(emptyChartText({ markets: [market(1, 0), market(2, 0)] })).toBe(OUTCOMES_TEXT.noAudiences);
    expect(emptyChartText({ markets: [market(1, 0), market(2, 1)] })).toBeNull();
  });
});
