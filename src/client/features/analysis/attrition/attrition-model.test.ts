import { describe, expect, it } from 'vitest';
import { ANALYSIS_TEXT } from '@shared/rules/analysis';
import { attritionChartLayout, type AttritionRow } from './attrition-chart';
import { attritionSheet, latestMonth, readWindow, winBackName } from './attrition-model';

const month = (key: string, rate: number | null): AttritionRow => ({ month: key, active: 600, retained: 300, won_back: 100, new: 200, at_risk: 150, lapsed: 250, attrition_rate: rate });
const months = [month('2026-08', 0.25), month('2026-09', null), month('2026-10', 0.3)];

describe('the window field', () => {
  it('takes whole months from 1 to 6 and says the rule for anything else', () => {
    expect(readWindow('3')).toEqual({ window: 3 });
    expect(readWindow(' 6 ')).toEqual({ window: 6 });
    for (const bad of ['0', '7', '2.5', '', 'x', '-1']) expect(readWindow(bad)).toEqual({ error: ANALYSIS_TEXT.badWindow });
  });
});

describe('the at-risk group', () => {
  it('is the latest month’s, saved as a win-back audience named after the brand and the month', () => {
    expect(latestMonth({ months })).toBe('2026-10');
    expect(latestMonth({ months: [] })).toBeNull();
    expect(winBackName('Fizz Cola', '2026-10')).toBe('Fizz Cola win-back (at risk Oct 2026)');
  });
});

describe('the months as a sheet', () => {
  it('has a row per month: active, its three kinds, at risk, lapsed and the rate as a fraction', () => {
    const sheet = attritionSheet({ months, window: 3, brand: { id: 1, name: 'Fizz Cola', slug: 'fizz-cola' } });
    expect(sheet.rows[2]!.map((c) => c?.value)).toEqual(['Month', 'Active', 'Retained', 'Won back', 'New', 'At risk', 'Lapsed', 'Attrition rate']);
    expect(sheet.rows[3]!.map((c) => c?.value)).toEqual(['Aug 2026', 600, 300, 100, 200, 150, 250, 0.25]);
    expect(sheet.rows[4]!.at(-1)).toEqual({ value: null, style: 'percent' });
  });
});

describe('the chart', () => {
  it('stacks each month’s states to their total and breaks the rate’s line where a month has none', () => {
    const layout = attritionChartLayout(months, 900);
    const bars = layout.shapes.filter((s) => s.kind === 'rect' && s.title?.includes('Aug 2026'));
    expect(bars.map((b) => (b.kind === 'rect' ? b.title : ''))).toEqual(['Retained, Aug 2026: 300', 'Won back, Aug 2026: 100', 'New, Aug 2026: 200', 'At risk, Aug 2026: 150', 'Lapsed, Aug 2026: 250']);
    // Each state sits on the one under it.
    for (let i = 1; i < bars.length; i++) {
      const [under, over] = [bars[i - 1]!, bars[i]!];
      if (under.kind === 'rect' && over.kind === 'rect') expect(over.y + over.height).toBeCloseTo(under.y);
    }
    const line = layout.shapes.find((s) => s.kind === 'path');
    expect(line?.kind === 'path' && line.d.match(/M/g)?.length).toBe(2);
    expect(layout.shapes.filter((s) => s.kind === 'circle')).toHaveLength(2);
  });
});
