import { describe, expect, it } from 'vitest';
import { marketShares } from './insights-model';

describe('market level shares', () => {
  it('gives each market its share of the total and each audience its share of its market', () => {
    const { total, markets } = marketShares([
      { id: 1, name: 'M1', population: 300, audiences: [{ id: 11, name: 'A', population: 150, selected: true }] },
      { id: 2, name: 'M2', population: 100, audiences: [{ id: 21, name: 'B', population: 25, selected: false }] },
      { id: 3, name: 'M3', population: 0, audiences: [{ id: 31, name: 'C', population: 0, selected: false }] },
    ]);
    expect(total).toBe(400);
    expect(markets.map((m) => [m.share, m.selected])).toEqual([[0.75, true], [0.25, false], [0, false]]);
    expect(markets.map((m) => m.audiences[0]?.share)).toEqual([0.5, 0.25, null]);
  });

  it('has no shares when the chart has no population', () => {
    expect(marketShares([{ id: 1, name: 'M', population: 0, audiences: [] }]).markets[0]?.share).toBeNull();
  });
});
