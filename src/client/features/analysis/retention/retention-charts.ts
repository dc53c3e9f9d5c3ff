import { formatCount } from '@shared/rules/grow';
import { bandLabels, labelEvery, monthName, valueAxis, yOf, type Plot } from '../charts/axes';
import { legendShapes, niceTicks, percentLabel, type ChartLayout, type Paint, type Shape } from '../charts/chart-shapes';
import type { RetentionRow } from './retention-model';

const MARGIN = { left: 72, right: 24, top: 12, bottom: 46 } as const;
export const CURVE_COLOUR = '#5aa9ff';
export const COHORT_COLOUR = '#2f9e6a';
/** The cohort colour at the small cohorts' opacity, for the legend's swatch. */
const SMALL_COLOUR: Paint = '#9fd3b8';

const plotOf = (width: number, height: number, top: number = MARGIN.top): Plot => ({ left: MARGIN.left, top, width: Math.max(1, width - MARGIN.left - MARGIN.right), height: Math.max(80, height - top - MARGIN.bottom) });

/** The average retention curve: months since the first purchase across, the share retained up (0 to 100 %). */
export function curveLayout(curve: readonly (number | null)[], width: number, height = 300): ChartLayout {
  const plot = plotOf(width, height);
  const ticks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const y = yOf(plot, 1);
  const step = curve.length > 1 ? plot.width / (curve.length - 1) : plot.width;
  const x = (k: number) => plot.left + step * k;
  const shapes: Shape[] = valueAxis(plot, ticks, { side: 'left', title: 'Retained', format: (v) => percentLabel(v) });
  const every = labelEvery(curve.length, plot.width, 28);
  curve.forEach((_, k) => {
    if (k % every === 0) shapes.push({ kind: 'text', x: x(k), y: plot.top + plot.height + 18, text: String(k), fill: 'muted', size: 12, anchor: 'middle' });
  });
  shapes.push({ kind: 'text', x: plot.left + plot.width / 2, y: plot.top + plot.height + 38, text: 'Months since first purchase', fill: 'ink', size: 13, weight: 600, anchor: 'middle' });
  let d = '';
  const dots: Shape[] = [];
  curve.forEach((share, k) => {
    if (share === null) {
      d += ' ';
      return;
    }
    d += `${d === '' || d.endsWith(' ') ? 'M' : 'L'}${x(k).toFixed(1)} ${y(share).toFixed(1)}`;
    dots.push({ kind: 'circle', cx: x(k), cy: y(share), r: 3.5, fill: CURVE_COLOUR, title: `Month ${k}: ${percentLabel(share, 1)} retained` });
  });
  if (d.trim()) shapes.push({ kind: 'path', d: d.trim(), stroke: CURVE_COLOUR, width: 2.5 });
  shapes.push(...dots);
  return { width, height: plot.top + plot.height + MARGIN.bottom, shapes };
}

/** The cohorts' sizes, a column per first-purchase month; small cohorts drawn faint (and named so). */
export function cohortSizesLayout(rows: readonly RetentionRow[], width: number, height = 260): ChartLayout {
  const items: { name: string; colour: Paint }[] = [{ name: 'Cohort size', colour: COHORT_COLOUR }, ...(rows.some((r) => r.small_sample) ? [{ name: 'Small sample (faint)', colour: SMALL_COLOUR }] : [])];
  const legend = legendShapes(items, MARGIN.left, 0, width - MARGIN.left - MARGIN.right);
  const plot = plotOf(width, height, legend.height + 12);
  const ticks = niceTicks(Math.max(0, ...rows.map((r) => r.size)));
  const y = yOf(plot, ticks[ticks.length - 1] ?? 0);
  const band = rows.length > 0 ? plot.width / rows.length : plot.width;
  const shapes: Shape[] = [...legend.shapes, ...valueAxis(plot, ticks, { side: 'left', title: 'People' })];
  rows.forEach((r, i) => {
    shapes.push({
      kind: 'rect',
      x: plot.left + band * i + band * 0.15,
      y: y(r.size),
      width: band * 0.7,
      height: y(0) - y(r.size),
      fill: COHORT_COLOUR,
      opacity: r.small_sample ? 0.4 : 1,
      title: `${monthName(r.month)}: ${formatCount(r.size)} people${r.small_sample ? ' (small sample)' : ''}`,
    });
  });
  const short = band < 64;
  shapes.push(...bandLabels(plot, rows.map((r) => monthName(r.month, short)), labelEvery(rows.length, plot.width, short ? 52 : 66)));
  shapes.push({ kind: 'text', x: plot.left + plot.width / 2, y: plot.top + plot.height + 38, text: 'First purchase month', fill: 'ink', size: 13, weight: 600, anchor: 'middle' });
  return { width, height: plot.top + plot.height + MARGIN.bottom, shapes };
}
