import { describe, expect, it } from 'vitest';
import type { JourneyCounts } from '@shared/schemas/journeys';
import type { JourneyView } from '../data/journey-edits';
import { barShares, chooseJourney, compactCount, journeyChart } from './journey-model';

const journey: JourneyView = {
  id: 1, name: 'Funnel', default: true, has_transition_data: true, version: 2, updated_at: '2026-11-25T10:00:00.000Z',
  brands: [{ id: 11, name: 'Pop', order: 1 }, { id: 10, name: 'Fizz', order: 0 }],
  stages: [{ id: 21, name: 'Purchase', priority: 1, icon: 'shopping-cart' }, { id: 20, name: 'A very long stage name indeed', priority: 0, icon: 'eye' }, { id: 22, name: 'Repeat', priority: 2, icon: 'star' }],
  sub_markets: [
    { id: 1, journey_brand_id: 10, journey_stage_id: 20, population: 100, matched_id: 5, modeled_id: 6, discussion_cluster_node_id: 3 },
    { id: 2, journey_brand_id: 10, journey_stage_id: 21, population: 50, matched_id: 7, modeled_id: null, discussion_cluster_node_id: null },
  ],
  segments: [{ id: 7, identifier: 's7', name: 'Buyers', path_parts: [], vendor_type: 'v', deleted: false, people_count: 0 }],
  invalid_cell_ids: [], segments_checked: true,
};
const counts: JourneyCounts = {
  tab: 'matched', people: 1000, counted_at: '2026-11-25T10:00:00.000Z',
  brands: [
    { brand_id: 10, stages: [{ stage_id: 20, count: 400 }, { stage_id: 21, count: 0 }, { stage_id: 22, count: null }], transitions: [{ from_stage_id: 20, to_stage_id: 21, both: 0, share: 0 }, { from_stage_id: 21, to_stage_id: 22, both: null, share: null }] },
    { brand_id: 11, stages: [{ stage_id: 20, count: 800 }, { stage_id: 21, count: 200 }, { stage_id: 22, count: 100 }], transitions: [{ from_stage_id: 20, to_stage_id: 21, both: 180, share: 0.225 }, { from_stage_id: 21, to_stage_id: 22, both: 90, share: 0.45 }] },
  ],
};

describe('the journey chart', () => {
  it('orders brands and stages, colours brands, cuts names and selects the first brand by default', () => {
    const chart = journeyChart(journey, counts, null, 'matched');
    expect(chart.brands.map((b) => [b.name, b.colour])).toEqual([['Fizz', '#205493'], ['Pop', '#BE5873']]);
    expect(chart.stages.map((s) => s.shown)).toEqual(['A very long stage na…', 'Purchase', 'Repeat']);
    expect(chart.stages.map((s) => s.count)).toEqual([400, 0, null]);
    expect(chart.stages.map((s) => s.fill)).toEqual([1, 0, 0]);
    expect(chart.stages.map((s) => s.transition)).toEqual(['0%', 'N/A', null]);
    expect(chart.stages[1]!.segment?.name).toBe('Buyers');
    expect(chart.stages[0]!.cell?.discussion_cluster_node_id).toBe(3);
  });

  it('draws the selected brand, with every brand in the mini panel', () => {
    const chart = journeyChart(journey, counts, 11, 'matched');
    expect(chart.stages.map((s) => s.count)).toEqual([800, 200, 100]);
    expect(chart.stages.map((s) => s.fill)).toEqual([1, 0.25, 0.125]);
    expect(chart.stages.map((s) => s.transition)).toEqual(['22.5%', '45%', null]);
    expect(chart.stages[0]!.brands.map((b) => [b.brand.name, b.count])).toEqual([['Fizz', 400], ['Pop', 800]]);
    expect(chart.stages[0]!.cell).toBeUndefined();
  });

  it('has no arrows without transition data, and no counts before they come', () => {
    const chart = journeyChart({ ...journey, has_transition_data: false }, undefined, null, 'total');
    expect(chart.stages.map((s) => [s.count, s.fill, s.transition])).toEqual([[null, 0, null], [null, 0, null], [null, 0, null]]);
  });
});

describe('choosing the journey', () => {
  const list = [
    { id: 1, default: false, invalid_cell_count: 0 },
    { id: 2, default: true, invalid_cell_count: 1 },
    { id: 'tmp-x', default: false, invalid_cell_count: 0, pending: true },
    { id: 3, default: false, invalid_cell_count: 0 },
  ];
  it('opens the one asked for, else the valid default, else the first valid one', () => {
    expect(chooseJourney(list, 2)?.id).toBe(2);
    expect(chooseJourney(list, 'tmp-x')?.id).toBe('tmp-x');
    expect(chooseJourney(list, 9)).toBeUndefined();
    expect(chooseJourney(list, undefined)?.id).toBe(1);
    expect(chooseJourney([{ ...list[0]!, default: false }, { ...list[3]!, default: true }], undefined)?.id).toBe(3);
    expect(chooseJourney([list[1]!], undefined)?.id).toBe(2);
    expect(chooseJourney([], undefined)).toBeUndefined();
  });
});

describe('the mini panel', () => {
  it('scales bars to the largest count', () => {
    expect(barShares([50, null, 200, 0])).toEqual([0.25, 0, 1, 0]);
    expect(barShares([null, 0])).toEqual([0, 0]);
  });
  it('shows counts compactly', () => {
    expect([compactCount(null), compactCount(980), compactCount(34_500), compactCount(1_200_000), compactCount(250_000_000), compactCount(3e9)]).toEqual(['—', '980', '34.5K', '1.2M', '250M', '3B']);
  });
});
