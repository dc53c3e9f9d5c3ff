import { formatCount } from '@shared/rules/grow';
import type { ChartLayout, Shape } from '../charts/chart-shapes';

/**
 * The Venn of site visitors × buyers with areas proportional to the people: two circles whose
 * areas are the groups' sizes and whose overlap is the people in both. The distance between the
 * centres is found numerically (the lens area falls as the circles move apart).
 */

/** The area two circles of radii r1, r2 share with their centres d apart. */
export function lensArea(r1: number, r2: number, d: number): number {
  if (r1 <= 0 || r2 <= 0 || d >= r1 + r2) return 0;
  if (d <= Math.abs(r1 - r2)) return Math.PI * Math.min(r1, r2) ** 2;
  const a1 = r1 ** 2 * Math.acos((d ** 2 + r1 ** 2 - r2 ** 2) / (2 * d * r1));
  const a2 = r2 ** 2 * Math.acos((d ** 2 + r2 ** 2 - r1 ** 2) / (2 * d * r2));
  const k = 0.5 * Math.sqrt(Math.max(0, (-d + r1 + r2) * (d + r1 - r2) * (d - r1 + r2) * (d + r1 + r2)));
  return a1 + a2 - k;
}

/** The centres' distance at which the lens has `overlap` area (apart when 0, one inside the other when it is all of the smaller). */
export function vennDistance(r1: number, r2: number, overlap: number): number {
  const outer = r1 + r2;
  const inner = Math.abs(r1 - r2);
  if (overlap <= 0) return outer;
  if (overlap >= Math.PI * Math.min(r1, r2) ** 2) return inner;
  let lo = inner;
  let hi = outer;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (lensArea(r1, r2, mid) > overlap) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

export const VENN = {
  visitors: { name: 'Site visitors', colour: '#5aa9ff' },
  buyers: { name: 'Buyers', colour: '#f5b942' },
} as const;

export interface VennFigures {
  visitors: number;
  buyers: number;
  both: number;
}

/** A label's width as drawn, near enough to tell whether it fits: digits and letters average about 0.6 of the font size. */
const textWidth = (text: string, size: number) => text.length * size * 0.6;
const FIGURE = { size: 15, caption: 12, gap: 8 } as const;

/**
 * The two circles centred in `width`, the larger `maxRadius` across, each region's people written
 * in it and the names under. Where a figure would be written over its neighbour (a small group, a
 * thin overlap, one circle inside the other), the three figures are written in a row under the
 * circles instead, in the same order, none over another.
 */
export function vennLayout({ visitors, buyers, both }: VennFigures, width: number, height = 280): ChartLayout {
  const labelsPx = 52;
  const largest = Math.max(visitors, buyers, 1);
  const maxRadius = Math.max(20, Math.min((height - labelsPx - 16) / 2, width / 4));
  const scale = (Math.PI * maxRadius ** 2) / largest;
  const radius = (people: number) => Math.sqrt((Math.max(0, people) * scale) / Math.PI);
  const r1 = radius(visitors);
  const r2 = radius(buyers);
  const d = vennDistance(r1, r2, Math.min(both, visitors, buyers) * scale);
  const span = Math.max(r1 * 2, r2 * 2, r1 + d + r2);
  const left = (width - span) / 2;
  // The left circle's leftmost point, or the right one's when it reaches further left (one inside the other).
  const cx1 = left + Math.max(r1, r2 - d);
  const cx2 = cx1 + d;
  const cy = 8 + maxRadius;
  const shapes: Shape[] = [
    { kind: 'circle', cx: cx1, cy, r: r1, fill: VENN.visitors.colour, opacity: 0.45, stroke: VENN.visitors.colour, title: `${VENN.visitors.name}: ${formatCount(visitors)}` },
    { kind: 'circle', cx: cx2, cy, r: r2, fill: VENN.buyers.colour, opacity: 0.45, stroke: VENN.buyers.colour, title: `${VENN.buyers.name}: ${formatCount(buyers)}` },
  ];
  const figures = [
    { value: visitors - both, caption: 'visitors only' },
    { value: both, caption: 'both' },
    { value: buyers - both, caption: 'buyers only' },
  ].map((f) => ({ ...f, width: Math.max(textWidth(formatCount(f.value), FIGURE.size), textWidth(f.caption, FIGURE.caption)) }));
  const figure = (x: number, y: number, { value, caption }: { value: number; caption: string }): Shape[] => [
    { kind: 'text', x, y, text: formatCount(value), fill: 'ink', size: FIGURE.size, weight: 700, anchor: 'middle' },
    { kind: 'text', x, y: y + 18, text: caption, fill: 'ink', size: FIGURE.caption, anchor: 'middle' },
  ];
  const apart = d >= r1 + r2 - 1e-6;
  const nested = d <= Math.abs(r1 - r2) + 1e-6;
  // Each region's left and right edge on the line through the centres (apart: each circle whole, no lens).
  const regions: [number, number][] = apart
    ? [[cx1 - r1, cx1 + r1], [0, 0], [cx2 - r2, cx2 + r2]]
    : [[cx1 - r1, cx2 - r2], [cx2 - r2, cx1 + r1], [cx1 + r1, cx2 + r2]];
  const shown = figures.map((f, i) => ({ ...f, x: (regions[i]![0] + regions[i]![1]) / 2 })).filter((_, i) => !(apart && i === 1));
  // Each figure at its region's middle, clear of the next one and of the chart's edges.
  const fits =
    !nested &&
    shown.every((f, i) => {
      const next = shown[i + 1];
      return f.x - f.width / 2 >= 0 && f.x + f.width / 2 <= width && (!next || next.x - f.x >= (f.width + next.width) / 2 + FIGURE.gap);
    });
  let bottom = cy + maxRadius + 24;
  if (fits) {
    for (const f of shown) shapes.push(...figure(f.x, cy, f));
  } else {
    // A row under the circles: visitors only, both, buyers only, each in its third of the width.
    const y = cy + maxRadius + 26;
    figures.forEach((f, i) => shapes.push(...figure((width * (2 * i + 1)) / 6, y, f)));
    bottom = y + 18 + 28;
  }
  shapes.push(
    { kind: 'text', x: width / 2, y: bottom, text: `${VENN.visitors.name}: ${formatCount(visitors)}   ·   ${VENN.buyers.name}: ${formatCount(buyers)}   ·   Both: ${formatCount(both)}`, fill: 'ink', size: 13, weight: 600, anchor: 'middle' },
  );
  return { width, height: bottom + 16, shapes };
}
