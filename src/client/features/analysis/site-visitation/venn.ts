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

/** The two circles centred in `width`, the larger `maxRadius` across, each region's people written in it and the names under. */
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
  const figure = (x: number, value: number, caption: string) => [
    { kind: 'text' as const, x, y: cy, text: formatCount(value), fill: 'ink' as const, size: 15, weight: 700 as const, anchor: 'middle' as const },
    { kind: 'text' as const, x, y: cy + 18, text: caption, fill: 'ink' as const, size: 12, anchor: 'middle' as const },
  ];
  const apart = d >= r1 + r2 - 1e-6;
  const nested = d <= Math.abs(r1 - r2) + 1e-6;
  if (!nested) {
    shapes.push(...figure(apart ? cx1 : (cx1 - r1 + cx2 - r2) / 2, visitors - both, 'visitors only'));
    shapes.push(...figure(apart ? cx2 : (cx1 + r1 + cx2 + r2) / 2, buyers - both, 'buyers only'));
    if (!apart) shapes.push(...figure((cx2 - r2 + cx1 + r1) / 2, both, 'both'));
  }
  const bottom = cy + maxRadius + 24;
  shapes.push(
    { kind: 'text', x: width / 2, y: bottom, text: `${VENN.visitors.name}: ${formatCount(visitors)}   ·   ${VENN.buyers.name}: ${formatCount(buyers)}   ·   Both: ${formatCount(both)}`, fill: 'ink', size: 13, weight: 600, anchor: 'middle' },
  );
  return { width, height: bottom + 16, shapes };
}
