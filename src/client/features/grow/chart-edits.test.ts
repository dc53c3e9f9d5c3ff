import { describe, expect, it } from 'vitest';
import { applyToChart, applyToList, parseChartPath, serverPartOf, sortCharts, summaryOf, type MekkoView, type SummaryView } from './chart-edits';

const audience = (id: number, marketId: number, name: string, order: number) => ({
  id, market_id: marketId, name, tag: 'none' as const, order, matched_short_id: id * 10, modeled_short_id: null, population: 100, webo_cluster_id: null, discussion_cluster_node_id: null, in_prediction_model: false,
});

function chart(): MekkoView {
  return {
    id: 7, name: 'Chart', default: false, measurement_label: 'Penetration', count_type: 'people_count', vertical_type: null, version: 3, updated_at: '2026-01-01T00:00:00Z',
    markets: [
      { id: 1, name: 'North', order: 0, sub_markets: [audience(11, 1, 'A', 0), audience(12, 1, 'B', 1)] },
      { id: 2, name: 'South', order: 1, sub_markets: [audience(21, 2, 'C', 0)] },
    ],
    segments: [], invalid_audience_ids: [21], segments_checked: true, region_people: 1000,
  };
}

const put = (path: string, body: unknown = {}) => ({ method: 'PUT' as const, path, body });
const post = (path: string, body: unknown = {}) => ({ method: 'POST' as const, path, body });
const del = (path: string) => ({ method: 'DELETE' as const, path, body: undefined });

describe('applyToChart', () => {
  it('reads the chart and the item from a Grow path', () => {
    expect(parseChartPath('/api/mekkos/7/markets/1/audiences?version=3')).toEqual({ chartId: '7', rest: ['markets', '1', 'audiences'] });
    expect(parseChartPath('/api/toolbox/units/1').chartId).toBeNull();
  });

  it('leaves other charts alone', () => {
    const c = chart();
    expect(applyToChart(c, put('/api/mekkos/8', { name: 'X' }))).toBe(c);
  });

  it('edits the chart fields', () => {
    const next = applyToChart(chart(), put('/api/mekkos/7', { name: 'Renamed', default: true, measurement_label: '', count_type: 'tv_panelists' }));
    expect(next).toMatchObject({ name: 'Renamed', default: true, measurement_label: 'Penetration', count_type: 'tv_panelists', pending: true });
  });

  it('adds a market under its temporary key, and an audience to it', () => {
    const key = 'tmp-00000000-0000-4000-8000-000000000001';
    let next = applyToChart(chart(), post('/api/mekkos/7/markets', { name: 'East', client_key: key }));
    expect(next.markets.map((m) => [m.id, m.name, m.order])).toEqual([[1, 'North', 0], [2, 'South', 1], [key, 'East', 2]]);
    next = applyToChart(next, post(`/api/mekkos/7/markets/${key}/audiences`, { name: 'D', tag: 'owned', population: '42', matched_short_id: 5, client_key: 'tmp-a' }));
    expect(next.markets[2]!.sub_markets[0]).toMatchObject({ id: 'tmp-a', market_id: key, name: 'D', tag: 'owned', population: 42, matched_short_id: 5, pending: true });
  });

  it('renames, reorders and deletes markets, renumbering', () => {
    let next = applyToChart(chart(), put('/api/mekkos/7/markets/2', { name: 'Southwest' }));
    expect(next.markets[1]!.name).toBe('Southwest');
    next = applyToChart(next, put('/api/mekkos/7/markets/order', { ids: [2, 1] }));
    expect(next.markets.map((m) => [m.id, m.order])).toEqual([[2, 0], [1, 1]]);
    next = applyToChart(next, del('/api/mekkos/7/markets/2?version=4'));
    expect(next.markets.map((m) => [m.id, m.order])).toEqual([[1, 0]]);
  });

  it('edits, moves, reorders and deletes audiences', () => {
    let next = applyToChart(chart(), put('/api/mekkos/7/audiences/11', { name: 'A2', population: '7', tag: 'owned' }));
    expect(next.markets[0]!.sub_markets[0]).toMatchObject({ id: 11, name: 'A2', population: 7, tag: 'owned', matched_short_id: 110 });
    next = applyToChart(next, put('/api/mekkos/7/markets/1/audiences/order', { ids: [12, 11] }));
    expect(next.markets[0]!.sub_markets.map((a) => [a.id, a.order])).toEqual([[12, 0], [11, 1]]);
    next = applyToChart(next, put('/api/mekkos/7/audiences/12', { name: 'B', population: '100', market_id: 2 }));
    expect(next.markets[0]!.sub_markets.map((a) => a.id)).toEqual([11]);
    expect(next.markets[1]!.sub_markets.map((a) => [a.id, a.market_id, a.order])).toEqual([[21, 2, 0], [12, 2, 1]]);
    next = applyToChart(next, del('/api/mekkos/7/audiences/21?version=9'));
    expect(next.markets[1]!.sub_markets.map((a) => [a.id, a.order])).toEqual([[12, 0]]);
  });

  it('removes the invalid audiences', () => {
    const next = applyToChart(chart(), post('/api/mekkos/7/remove-invalid'));
    expect(next.markets[1]!.sub_markets).toEqual([]);
    expect(next.invalid_audience_ids).toEqual([]);
  });
});

describe('applyToList', () => {
  const list = (): SummaryView[] => [summaryOf({ ...chart(), default: true }), { ...summaryOf(chart()), id: 9, name: 'Other' }];

  it('shows a created or copied chart as pending, and one default', () => {
    const made = applyToList(list(), post('/api/mekkos', { name: 'New', default: true }), 'tmp-1');
    expect(made.map((c) => [c.id, c.default, Boolean(c.pending)])).toEqual([[7, false, false], [9, false, false], ['tmp-1', true, true]]);
    const copied = applyToList(list(), post('/api/mekkos/7/copy', { name: 'Copy of Chart' }), 'tmp-2');
    expect(copied.at(-1)).toMatchObject({ id: 'tmp-2', name: 'Copy of Chart', default: false, pending: true });
  });

  it('renames, defaults and deletes', () => {
    expect(applyToList(list(), put('/api/mekkos/9', { name: 'Renamed', default: true }), '9').map((c) => [c.name, c.default])).toEqual([['Chart', false], ['Renamed', true]]);
    expect(applyToList(list(), del('/api/mekkos/9?version=3'), '9').map((c) => c.id)).toEqual([7]);
  });

  it('sorts default first, then by name', () => {
    expect(sortCharts([{ name: 'b', default: false }, { name: 'C', default: true }, { name: 'a', default: false }]).map((c) => c.name)).toEqual(['C', 'a', 'b']);
  });

  it('counts invalid audiences in the summary', () => {
    expect(summaryOf(chart())).toMatchObject({ id: 7, invalid_audience_count: 1 });
  });
});

describe('serverPartOf', () => {
  it('finds what a conflicting edit changed, for the conflict dialog', () => {
    expect(serverPartOf(chart(), put('/api/mekkos/7/audiences/12', {}))).toMatchObject({ id: 12, name: 'B' });
    expect(serverPartOf(chart(), put('/api/mekkos/7/markets/2', {}))).toMatchObject({ id: 2, name: 'South' });
    expect(serverPartOf(chart(), put('/api/mekkos/7/markets/order', {}))).toEqual({ ids: [1, 2] });
    expect(serverPartOf(chart(), put('/api/mekkos/7/markets/1/audiences/order', {}))).toEqual({ ids: [11, 12] });
    expect(serverPartOf(chart(), put('/api/mekkos/7', {}))).toMatchObject({ id: 7, name: 'Chart' });
    expect(serverPartOf(null, put('/api/mekkos/7', {}))).toBeNull();
  });
});
