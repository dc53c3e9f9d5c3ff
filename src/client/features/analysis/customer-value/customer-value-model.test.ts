import { describe, expect, it } from 'vitest';
import { customerValueFixture as data } from '../analysis-fixtures.test-support';
import { fromLabel, movementSheet, movementTotals, tierRange, tierSheet, tierTotal } from './customer-value-model';
import { tierChartLayout } from './tier-chart';

describe('the value tiers', () => {
  it('say their frequency in words', () => {
    expect(tierRange({ min_months: 10, max_months: 12 })).toBe('Bought in 10 to 12 of 12 months');
    expect(tierRange({ min_months: 12, max_months: 12 })).toBe('Bought in 12 of 12 months');
  });

  it('add up to all buyers, whose average spend is the purchase months’ spend per buyer', () => {
    expect(tierTotal(data.tiers, data.spend_per_purchase)).toEqual({ people: 1000, purchases: 3200, average_spend: 40 });
    expect(tierTotal([], 10)).toEqual({ people: 0, purchases: 0, average_spend: 0 });
  });

  it('export as a sheet of figures: numbers, shares as fractions, money in whole units with the currency named', () => {
    const sheet = tierSheet(data);
    expect(sheet.rows[0]![0]!.value).toBe('Fizz Cola: buyers by value tier, Nov 2025 to Oct 2026');
    expect(sheet.rows[2]!.map((c) => c?.value)).toEqual(['Tier', 'Purchase months', 'People', 'Share of buyers', 'Share of spend', 'Average spend (USD)', 'Small sample']);
    expect(sheet.rows[3]!.map((c) => c?.value ?? null)).toEqual(['Top', 'Bought in 10 to 12 of 12 months', 100, 0.1, 0.3438, 138, '']);
    expect(sheet.rows[3]![3]!.style).toBe('percent');
    expect(sheet.rows.at(-1)!.map((c) => c?.value ?? null)).toEqual(['All buyers', null, 1000, 1, 1, 40, null]);
  });
});

describe('the movement between tiers', () => {
  it('names its rows by the previous tier, and new buyers', () => {
    expect(data.movement.map((r) => fromLabel(r.from))).toEqual(['Top', 'High', 'Medium', 'Low', 'New buyers']);
  });

  it('totals each column: the current tiers’ people and each movement', () => {
    expect(movementTotals(data.movement)).toEqual({ to: [100, 200, 100, 600], lapsed: 140, stayed: 490, moved_up: 115, moved_down: 155, total: 1140 });
  });

  it('exports a row per previous tier and the totals', () => {
    const sheet = movementSheet(data);
    expect(sheet.rows[2]!.map((c) => c?.value)).toEqual(['Previous tier', 'Now Top', 'Now High', 'Now Medium', 'Now Low', 'Lapsed', 'Stayed', 'Moved up', 'Moved down', 'Total']);
    expect(sheet.rows[7]!.map((c) => c?.value)).toEqual(['New buyers', 10, 20, 10, 200, 0, 0, 0, 0, 240]);
    expect(sheet.rows[8]![0]!.value).toBe('Total');
  });
});

describe('the chart of share of buyers against share of spend', () => {
  const layout = tierChartLayout(data.tiers, 600);
  const bars = layout.shapes.filter((s) => s.kind === 'rect' && s.title);

  it('draws two bars a tier, as tall as their shares, within the width', () => {
    expect(bars).toHaveLength(8);
    const top = bars.filter((b) => b.kind === 'rect' && b.title!.startsWith('Top'));
    expect(top.map((b) => (b.kind === 'rect' ? b.title : ''))).toEqual(['Top, share of buyers: 10.0%', 'Top, share of spend: 34.4%']);
    const [buyers, spend] = top as { height: number; x: number; width: number }[];
    expect(spend!.height / buyers!.height).toBeCloseTo(3.438, 2);
    for (const b of bars as { x: number; width: number }[]) expect(b.x + b.width).toBeLessThanOrEqual(600);
  });

  it('labels the tiers under their bars and each bar with its share', () => {
    const texts = layout.shapes.flatMap((s) => (s.kind === 'text' ? [s.text] : []));
    expect(texts).toEqual(expect.arrayContaining(['Top', 'High', 'Medium', 'Low', '60.0%', 'Share of buyers', 'Share of spend']));
  });
});
