import { describe, expect, it } from 'vitest';
import type { JourneyBody } from '../schemas/journeys';
import { mergeJourney } from './journey-merge';

type Cell = JourneyBody['sub_markets'][number];
const cell = (b: number | string, s: number | string, fields: Partial<Cell> = {}): Cell => ({
  journey_brand_id: b, journey_stage_id: s, population: 0, matched_id: null, modeled_id: null, discussion_cluster_node_id: null, ...fields,
});

/** Brands 1 'Fizz', 2 'Pop' by stages 10 'Aware', 11 'Buy'. */
function journey(): JourneyBody {
  return {
    name: 'Funnel',
    default: false,
    has_transition_data: false,
    brands: [{ id: 1, name: 'Fizz', order: 0 }, { id: 2, name: 'Pop', order: 1 }],
    stages: [{ id: 10, name: 'Aware', priority: 0, icon: 'eye' }, { id: 11, name: 'Buy', priority: 1, icon: 'shopping-cart' }],
    sub_markets: [cell(1, 10), cell(1, 11), cell(2, 10), cell(2, 11)],
  };
}
const withCell = (j: JourneyBody, b: number | string, s: number | string, fields: Partial<Cell>): JourneyBody => ({
  ...j,
  sub_markets: j.sub_markets.map((c) => (c.journey_brand_id === b && c.journey_stage_id === s ? { ...c, ...fields } : c)),
});
const cellOf = (j: JourneyBody, b: number | string, s: number | string) => j.sub_markets.find((c) => c.journey_brand_id === b && c.journey_stage_id === s);

describe('mergeJourney', () => {
  it('lands edits of different cells and of the own fields from both sides', () => {
    const base = journey();
    const theirs = { ...withCell(base, 1, 10, { matched_id: 5 }), has_transition_data: true };
    const mine = { ...withCell(base, 2, 11, { matched_id: 7, population: 300 }), name: 'Funnel 2' };
    const { merged, conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.name).toBe('Funnel 2');
    expect(merged.has_transition_data).toBe(true);
    expect(cellOf(merged, 1, 10)?.matched_id).toBe(5);
    expect(cellOf(merged, 2, 11)).toMatchObject({ matched_id: 7, population: 300 });
  });

  it('is a conflict when both changed one cell field differently, naming it and keeping theirs', () => {
    const base = journey();
    const { merged, conflicts } = mergeJourney(base, withCell(base, 1, 11, { matched_id: 5 }), withCell(base, 1, 11, { matched_id: 6 }));
    expect(conflicts).toEqual([{ field: 'sub_markets.1/11.matched_id', base: null, theirs: 5, mine: 6 }]);
    expect(cellOf(merged, 1, 11)?.matched_id).toBe(5);
  });

  it('adds the brand only I added and keeps the stage only they added, with a cell for every new pair', () => {
    const base = journey();
    const theirs = { ...base, stages: [...base.stages, { id: 12, name: 'Repeat', priority: 2, icon: 'star' as const }], sub_markets: [...base.sub_markets, cell(1, 12), cell(2, 12)] };
    const key = 'tmp-00000000-0000-4000-8000-000000000001';
    const mine = { ...base, brands: [...base.brands, { id: key, name: 'Cola', order: 2 }], sub_markets: [...base.sub_markets, cell(key, 10, { matched_id: 9 }), cell(key, 11)] };
    const { merged, conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.brands.map((b) => [b.id, b.order])).toEqual([[1, 0], [2, 1], [key, 2]]);
    expect(merged.stages.map((s) => s.id)).toEqual([10, 11, 12]);
    expect(merged.sub_markets).toHaveLength(9);
    expect(cellOf(merged, key, 10)?.matched_id).toBe(9);
    expect(cellOf(merged, key, 12)).toEqual(cell(key, 12));
  });

  it('deletes an item one side deleted and the other left alone, with its cells', () => {
    const base = journey();
    const mine = { ...base, brands: [base.brands[0]!], sub_markets: base.sub_markets.filter((c) => c.journey_brand_id !== 2) };
    const theirs = withCell(base, 1, 10, { population: 40 });
    const { merged, conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.brands.map((b) => b.id)).toEqual([1]);
    expect(merged.sub_markets.map((c) => [c.journey_brand_id, c.journey_stage_id])).toEqual([[1, 10], [1, 11]]);
    expect(cellOf(merged, 1, 10)?.population).toBe(40);
  });

  it('is a conflict when one side deleted a stage the other changed', () => {
    const base = journey();
    const theirs = { ...base, stages: base.stages.map((s) => (s.id === 11 ? { ...s, icon: 'heart' as const } : s)) };
    const mine = { ...base, stages: [base.stages[0]!], sub_markets: base.sub_markets.filter((c) => c.journey_stage_id !== 11) };
    const { conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts.map((c) => c.field)).toEqual(['stages.11']);
    expect(conflicts[0]).toMatchObject({ theirs: { icon: 'heart' }, mine: null });
  });

  it('a move on one side keeps the other side\'s deletion without a conflict', () => {
    const base = { ...journey(), brands: [{ id: 1, name: 'A', order: 0 }, { id: 2, name: 'B', order: 1 }, { id: 3, name: 'C', order: 2 }] };
    // They deleted A (B and C renumbered); I moved C up above B.
    const theirs = { ...base, brands: [{ id: 2, name: 'B', order: 0 }, { id: 3, name: 'C', order: 1 }] };
    const mine = { ...base, brands: [{ id: 1, name: 'A', order: 0 }, { id: 3, name: 'C', order: 1 }, { id: 2, name: 'B', order: 2 }] };
    const { merged, conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts).toEqual([]);
    expect(merged.brands).toEqual([{ id: 3, name: 'C', order: 0 }, { id: 2, name: 'B', order: 1 }]);
  });

  it('is a conflict when both moved items into different orders', () => {
    const base = { ...journey(), brands: [{ id: 1, name: 'A', order: 0 }, { id: 2, name: 'B', order: 1 }, { id: 3, name: 'C', order: 2 }] };
    const theirs = { ...base, brands: [{ id: 2, name: 'B', order: 0 }, { id: 1, name: 'A', order: 1 }, { id: 3, name: 'C', order: 2 }] };
    const mine = { ...base, brands: [{ id: 1, name: 'A', order: 0 }, { id: 3, name: 'C', order: 1 }, { id: 2, name: 'B', order: 2 }] };
    const { merged, conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts.map((c) => c.field)).toEqual(['brands.order']);
    expect(merged.brands.map((b) => b.id)).toEqual([2, 1, 3]);
  });

  it('two people adding "Brand X" is a conflict, never two brands of one name', () => {
    const base = journey();
    const theirs = { ...base, brands: [...base.brands, { id: 3, name: 'Brand X', order: 2 }], sub_markets: [...base.sub_markets, cell(3, 10), cell(3, 11)] };
    const key = 'tmp-00000000-0000-4000-8000-000000000002';
    const mine = { ...base, brands: [...base.brands, { id: key, name: ' brand x', order: 2 }], sub_markets: [...base.sub_markets, cell(key, 10), cell(key, 11)] };
    const { conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts).toEqual([{ field: `brands.${key}.name`, base: undefined, theirs: 'Brand X', mine: ' brand x' }]);
  });

  it('a rename on one side that clashes with a rename on the other is a conflict', () => {
    const base = journey();
    const theirs = { ...base, stages: base.stages.map((s) => (s.id === 10 ? { ...s, name: 'Consider' } : s)) };
    const mine = { ...base, stages: base.stages.map((s) => (s.id === 11 ? { ...s, name: 'consider' } : s)) };
    const { conflicts } = mergeJourney(base, theirs, mine);
    expect(conflicts.map((c) => c.field)).toEqual(['stages.11.name']);
  });

  it('is a conflict when the merge makes more brands than a journey may have', () => {
    const base = { ...journey(), brands: [1, 2, 3].map((id, order) => ({ id, name: `B${id}`, order })) };
    const theirs = { ...base, brands: [...base.brands, { id: 4, name: 'B4', order: 3 }] };
    const mine = { ...base, brands: [...base.brands, { id: 'tmp-00000000-0000-4000-8000-000000000003', name: 'B5', order: 3 }] };
    expect(mergeJourney(base, theirs, mine).conflicts.map((c) => c.field)).toEqual(['brands']);
  });

  it('is no conflict when nothing moved on either side', () => {
    const base = journey();
    expect(mergeJourney(base, base, base)).toEqual({ merged: base, conflicts: [] });
  });
});
