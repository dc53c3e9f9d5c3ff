import { describe, expect, it } from 'vitest';
import { cohortSizesLayout, curveLayout } from './retention-charts';
import { cellShade, monthsSince, retentionCurve, retentionRows, retentionSheets } from './retention-model';

const data = {
  horizon: 2,
  brand: { id: 1, name: 'Fizz Cola', slug: 'fizz-cola' },
  cohorts: [
    { month: '2026-07', size: 100, bought: [100, 40, 30, 20], returned: [100, 60, 45, 20], complete: true, small_sample: false },
    { month: '2026-08', size: 300, bought: [300, 90, 60], returned: [300, 120, 60], complete: true, small_sample: false },
    { month: '2026-09', size: 50, bought: [50, 10], returned: [50, 10], complete: false, small_sample: true },
    { month: '2026-10', size: 0, bought: [0], returned: [0], complete: false, small_sample: true },
  ],
};

describe('the cohorts', () => {
  it('reads N-month from who bought in month k, Unbounded from who bought in k or later', () => {
    const nMonth = retentionRows(data, 'n-month');
    expect(nMonth[0]).toMatchObject({ month: '2026-07', size: 100, counts: [100, 40, 30, 20], shares: [1, 0.4, 0.3, 0.2], complete: true, small_sample: false });
    const unbounded = retentionRows(data, 'unbounded');
    expect(unbounded[0]!.shares).toEqual([1, 0.6, 0.45, 0.2]);
    expect(unbounded[2]).toMatchObject({ complete: false, small_sample: true });
  });

  it('averages month by month over the cohorts that reach it, weighted by their size', () => {
    const curve = retentionCurve(retentionRows(data, 'n-month'));
    expect(curve[0]).toBe(1);
    expect(curve[1]).toBeCloseTo((40 + 90 + 10) / (100 + 300 + 50));
    expect(curve[2]).toBeCloseTo((30 + 60) / 400);
    expect(curve[3]).toBeCloseTo(0.2);
    expect(monthsSince(retentionRows(data, 'n-month'))).toEqual([0, 1, 2, 3]);
  });

  it('shades a cell by its share', () => {
    expect(cellShade(1)).toBe(0.85);
    expect(cellShade(0)).toBe(0);
    expect(cellShade(1.4)).toBe(0.85);
  });

  it('exports the triangle and the curve as sheets', () => {
    const rows = retentionRows(data, 'unbounded');
    const [cohorts, curve] = retentionSheets(data, rows, 'unbounded');
    expect(cohorts!.rows[0]![0]!.value).toBe('Fizz Cola: buyer retention by first-purchase month (Unbounded)');
    expect(cohorts!.rows[3]!.map((c) => c?.value ?? null)).toEqual(['Jul 2026', 100, 'Yes', '', 1, 0.6, 0.45, 0.2]);
    expect(cohorts!.rows[5]!.slice(4).map((c) => c?.value ?? null)).toEqual([1, 0.2, null, null]);
    expect(curve!.rows.length).toBe(3 + 4);
  });
});

describe('the charts', () => {
  it('draws the curve as one line through the months that have a figure', () => {
    const layout = curveLayout([1, 0.4, null, 0.2], 600);
    const path = layout.shapes.find((s) => s.kind === 'path');
    expect(path?.kind === 'path' && path.d.match(/M/g)?.length).toBe(2);
    expect(layout.shapes.filter((s) => s.kind === 'circle')).toHaveLength(3);
  });

  it('draws a column per cohort, small ones faint', () => {
    const layout = cohortSizesLayout(retentionRows(data, 'n-month'), 600);
    const columns = layout.shapes.filter((s) => s.kind === 'rect' && s.title?.includes('people'));
    expect(columns).toHaveLength(4);
    expect(columns[2]).toMatchObject({ opacity: 0.4 });
    expect(columns[1]).toMatchObject({ opacity: 1 });
  });
});
