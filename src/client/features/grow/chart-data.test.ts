import { describe, expect, it } from 'vitest';
import { chartMarkets, chooseChart, countsBodyOf, scaled, tabTotals } from './chart-data';
import type { MekkoView, SummaryView } from './chart-edits';

const summary = (id: number | string, extra: Partial<SummaryView> = {}): SummaryView => ({
  id, name: `C${id}`, default: false, measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 1, updated_at: '', invalid_audience_count: 0, ...extra,
});

const audience = (id: number, marketId: number, matched: number | null, modeled: number | null, population: number) => ({
  id, market_id: marketId, name: `A${id}`, tag: 'owned' as const, order: 0, matched_short_id: matched, modeled_short_id: modeled, population, webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false,
});

const segment = (id: number, deleted = false) => ({ id, identifier: `s-${id}`, name: `S${id}`, path_parts: ['Top', 'Mid', `S${id}`], vendor_type: 'third_party', deleted, people_count: 10, create_audience_single: true });

const chart = (): MekkoView => ({
  id: 1, name: 'C', default: true, measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 1, updated_at: '',
  markets: [
    { id: 10, name: 'M1', order: 0, sub_markets: [audience(1, 10, 101, 201, 600), audience(2, 10, 102, null, 400)] },
    { id: 20, name: 'M2', order: 1, sub_markets: [audience(3, 20, 103, 203, 1000), audience(4, 20, null, null, 0)] },
    { id: 'tmp-x', name: 'New', order: 2, sub_markets: [] },
  ],
  segments: [segment(101), segment(102), segment(103, true), segment(201), segment(203)],
  invalid_audience_ids: [3], segments_checked: true, region_people: 1_000_000,
});

describe('chooseChart', () => {
  it('takes the URL’s chart, else the valid default, else the first valid one', () => {
    const list = [summary(1), summary(2, { default: true, invalid_audience_count: 1 }), summary(3), summary('tmp-1', { pending: true })];
    expect(chooseChart(list, 3)?.id).toBe(3);
    expect(chooseChart(list, 9)).toBeUndefined();
    expect(chooseChart(list, undefined)?.id).toBe(1);
    expect(chooseChart([summary(1), summary(4, { default: true })], undefined)?.id).toBe(4);
  });
});

describe('countsBodyOf', () => {
  it('groups short ids by saved market, leaving out deleted segments', () => {
    const body = countsBodyOf(chart());
    expect(body.matched_short_ids).toEqual({ 10: [101, 102], 20: [] });
    expect(body.modeled_short_ids).toEqual({ 10: [201], 20: [203] });
    expect(body).toMatchObject({ current_view: 'All', feature: 'measure-v3' });
  });
});

describe('chartMarkets and tabTotals', () => {
  const counts = { segment_counts: { 101: 300, 102: 100, 201: 50, 203: 70 }, market_counts: {}, total_matched_count: 350, total_modeled_count: 110 };
  const people = { countType: 'people_count' as const, tv: null, people: 1_000_000 };

  it('sizes by population on Total Population and by segment counts on the person tabs', () => {
    const total = chartMarkets(chart(), 'total', counts, people);
    expect(total.map((m) => m.population)).toEqual([1000, 1000, 0]);
    expect(total[0]!.audiences.map((a) => a.count)).toEqual([600, 400]);
    const matched = chartMarkets(chart(), 'matched', counts, people);
    expect(matched[0]!.audiences.map((a) => [a.count, a.countLabel, a.segmentLabel])).toEqual([[300, '300', 'Top > Mid > S101'], [100, '100', 'Top > Mid > S102']]);
    // No segment on this tab counts zero; an audience the engine did not count is unknown.
    expect(chartMarkets(chart(), 'modeled', counts, people)[0]!.audiences.map((a) => a.count)).toEqual([50, 0]);
    expect(chartMarkets(chart(), 'matched', undefined, people)[0]!.audiences.map((a) => a.countLabel)).toEqual(['—', '—']);
    expect(matched[1]!.audiences[0]).toMatchObject({ invalid: true, segment: { deleted: true, people_count: 10 } });
  });

  it('names why each audience would count zero on the tab: no segment attached is not a deletion (issue 13)', () => {
    const modeled = chartMarkets(chart(), 'modeled', counts, people);
    expect(modeled[0]!.audiences.map((a) => [a.zeroCause, a.segmentKind])).toEqual([['expiration', 'Modeled'], ['no-segment', 'Modeled']]);
    const matched = chartMarkets(chart(), 'matched', counts, people);
    expect(matched[1]!.audiences.map((a) => a.zeroCause)).toEqual(['deletion', 'no-segment']);
    expect(chartMarkets(chart(), 'total', counts, people)[1]!.audiences.map((a) => a.zeroCause)).toEqual(['population', 'population']);
  });

  it('totals the typed populations and the engine’s counts, in TV panelists when the chart counts them', () => {
    expect(tabTotals(chart(), counts, people)).toEqual({ total: 2000, matched: 350, modeled: 110 });
    const tv = { countType: 'tv_panelists' as const, tv: { minimum: 2, maximum: 100, n_pids: 10_000, const: 1 }, people: 1_000_000 };
    expect(tabTotals(chart(), counts, tv)).toEqual({ total: 2000, matched: 4, modeled: null });
    expect(scaled(null, tv)).toBeNull();
  });
});
