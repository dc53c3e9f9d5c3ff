import { axisTickFormat, monthLabel, parseMonthKey } from '@shared/rules/outcomes';
import type { Shape } from './chart-shapes';

/** A data month ('2026-10') as the pages write it ('Oct 2026'); short ("Oct '26") where columns are narrow. */
export function monthName(key: string, short = false): string {
  const month = parseMonthKey(key);
  if (!month) return key;
  const label = monthLabel(month);
  return short ? `${label.slice(0, 3)} ’${String(month.year).slice(-2)}` : label;
}

export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** y of a value on a plot whose axis runs from 0 to `top`. */
export const yOf = (plot: Plot, top: number) => (value: number) => plot.top + plot.height - (top > 0 ? (Math.max(0, value) / top) * plot.height : 0);

/** The dashed grid at the ticks and their labels on the left (or right) edge, with the axis' title up the side. */
export function valueAxis(plot: Plot, ticks: readonly number[], options: { side: 'left' | 'right'; title: string; format?: (value: number) => string; grid?: boolean }): Shape[] {
  const top = ticks[ticks.length - 1] ?? 0;
  const y = yOf(plot, top);
  const format = options.format ?? axisTickFormat(ticks);
  const x = options.side === 'left' ? plot.left - 8 : plot.left + plot.width + 8;
  const shapes: Shape[] = [];
  for (const tick of ticks) {
    if (options.grid !== false) shapes.push({ kind: 'line', x1: plot.left, y1: y(tick), x2: plot.left + plot.width, y2: y(tick), stroke: 'rule', dash: tick !== 0 });
    shapes.push({ kind: 'text', x, y: y(tick) + 4, text: format(tick), fill: 'muted', size: 12, anchor: options.side === 'left' ? 'end' : 'start' });
  }
  const titleX = options.side === 'left' ? plot.left - 52 : plot.left + plot.width + 50;
  shapes.push({ kind: 'text', x: titleX, y: plot.top + plot.height / 2, text: options.title, fill: 'ink', size: 13, weight: 600, anchor: 'middle', rotate: options.side === 'left' ? -90 : 90 });
  return shapes;
}

/** Labels under evenly spaced bands (every `every`th), centred on each band. */
export function bandLabels(plot: Plot, labels: readonly string[], every = 1): Shape[] {
  const band = labels.length > 0 ? plot.width / labels.length : plot.width;
  return labels.flatMap((label, i) => (i % every === 0 ? [{ kind: 'text' as const, x: plot.left + band * (i + 0.5), y: plot.top + plot.height + 18, text: label, fill: 'muted' as const, size: 12, anchor: 'middle' as const }] : []));
}

/** Every how many bands a label fits at `charsPx` px a label. */
export const labelEvery = (bands: number, width: number, labelPx: number) => Math.max(1, Math.ceil((bands * labelPx) / Math.max(1, width)));
