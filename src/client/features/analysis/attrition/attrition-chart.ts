import type { AttritionMonth } from '@shared/rules/analysis';
import { formatCount } from '@shared/rules/grow';
import { bandLabels, labelEvery, monthName, valueAxis, yOf, type Plot } from '../charts/axes';
import { legendShapes, niceTicks, percentLabel, shareTicks, type ChartLayout, type Shape } from '../charts/chart-shapes';

export type AttritionRow = AttritionMonth & { month: string };

/** The buyer states month by month, stacked bottom up: the three kinds of active buyers, then at risk and lapsed. */
export const ATTRITION_STATES = [
  { key: 'retained', name: 'Retained', colour: '#2f9e6a' },
  { key: 'won_back', name: 'Won back', colour: '#5aa9ff' },
  { key: 'new', name: 'New', colour: '#a78bfa' },
  { key: 'at_risk', name: 'At risk', colour: '#f5b942' },
  { key: 'lapsed', name: 'Lapsed', colour: '#8a94a8' },
] as const;
export const RATE = { name: 'Attrition rate', colour: '#e5484d' } as const;

const MARGIN = { left: 72, right: 72, bottom: 30 } as const;

/**
 * The stacked chart of the months' buyer states with the attrition rate as a line on its own axis
 * (right, in %), the legend above: one layout for the screen and the slide.
 */
export function attritionChartLayout(months: readonly AttritionRow[], width: number, height = 340): ChartLayout {
  const legend = legendShapes([...ATTRITION_STATES.map((s) => ({ name: s.name, colour: s.colour })), { name: RATE.name, colour: RATE.colour, line: true }], MARGIN.left, 0, width - MARGIN.left - MARGIN.right);
  const plot: Plot = { left: MARGIN.left, top: legend.height + 16, width: Math.max(1, width - MARGIN.left - MARGIN.right), height: 0 };
  plot.height = Math.max(80, height - plot.top - MARGIN.bottom);
  const totals = months.map((m) => ATTRITION_STATES.reduce((s, state) => s + m[state.key], 0));
  const counts = niceTicks(Math.max(0, ...totals));
  const y = yOf(plot, counts[counts.length - 1] ?? 0);
  const rates = shareTicks(Math.max(0, ...months.map((m) => m.attrition_rate ?? 0)));
  const yRate = yOf(plot, rates[rates.length - 1] ?? 1);
  const band = months.length > 0 ? plot.width / months.length : plot.width;
  const bar = band * 0.7;

  const shapes: Shape[] = [...legend.shapes];
  shapes.push(...valueAxis(plot, counts, { side: 'left', title: 'Buyers' }));
  shapes.push(...valueAxis(plot, rates, { side: 'right', title: RATE.name, format: (v) => percentLabel(v), grid: false }));
  months.forEach((m, i) => {
    const x = plot.left + band * i + (band - bar) / 2;
    let base = 0;
    for (const state of ATTRITION_STATES) {
      const value = m[state.key];
      if (value > 0) shapes.push({ kind: 'rect', x, y: y(base + value), width: bar, height: y(base) - y(base + value), fill: state.colour, title: `${state.name}, ${monthName(m.month)}: ${formatCount(value)}` });
      base += value;
    }
  });
  const short = band < 64;
  shapes.push(...bandLabels(plot, months.map((m) => monthName(m.month, short)), labelEvery(months.length, plot.width, short ? 52 : 66)));
  // The rate's line, broken where a month has no rate (no buyers in its earlier window).
  let d = '';
  const dots: Shape[] = [];
  months.forEach((m, i) => {
    if (m.attrition_rate === null) {
      d += ' ';
      return;
    }
    const x = plot.left + band * (i + 0.5);
    d += `${d === '' || d.endsWith(' ') ? 'M' : 'L'}${x.toFixed(1)} ${yRate(m.attrition_rate).toFixed(1)}`;
    dots.push({ kind: 'circle', cx: x, cy: yRate(m.attrition_rate), r: 3.5, fill: RATE.colour, title: `${RATE.name}, ${monthName(m.month)}: ${percentLabel(m.attrition_rate, 1)}` });
  });
  if (d.trim()) shapes.push({ kind: 'path', d: d.trim(), stroke: RATE.colour, width: 2.5 });
  shapes.push(...dots);
  return { width, height: plot.top + plot.height + MARGIN.bottom, shapes };
}
