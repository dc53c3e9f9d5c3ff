import type { CustomerValue } from '@shared/schemas/analysis';
import { bandLabels, valueAxis, yOf, type Plot } from '../charts/axes';
import { legendShapes, percentLabel, shareTicks, type ChartLayout, type Shape } from '../charts/chart-shapes';

type Tier = Pick<CustomerValue['tiers'][number], 'name' | 'share_of_buyers' | 'share_of_spend'>;

/** The two bars of each tier: how many of the buyers it is, and how much of the spend. */
export const TIER_SERIES = [
  { key: 'share_of_buyers', name: 'Share of buyers', colour: '#5aa9ff' },
  { key: 'share_of_spend', name: 'Share of spend', colour: '#f5b942' },
] as const;

const MARGIN = { left: 72, right: 16, bottom: 30 } as const;

/**
 * Share of buyers against share of spend per value tier, best tier first, each bar labelled with
 * its share: one layout for the screen and the slide (the top tier's few buyers and large spend
 * is the point of the chart).
 */
export function tierChartLayout(tiers: readonly Tier[], width: number, height = 300): ChartLayout {
  const legend = legendShapes(TIER_SERIES.map((s) => ({ name: s.name, colour: s.colour })), MARGIN.left, 0, Math.max(1, width - MARGIN.left - MARGIN.right));
  const plot: Plot = { left: MARGIN.left, top: legend.height + 24, width: Math.max(1, width - MARGIN.left - MARGIN.right), height: 0 };
  plot.height = Math.max(80, height - plot.top - MARGIN.bottom);
  const ticks = shareTicks(Math.max(0, ...tiers.flatMap((t) => [t.share_of_buyers, t.share_of_spend])));
  const y = yOf(plot, ticks[ticks.length - 1] ?? 1);
  const band = tiers.length > 0 ? plot.width / tiers.length : plot.width;
  const bar = Math.min(72, (band * 0.8) / TIER_SERIES.length);

  const shapes: Shape[] = [...legend.shapes, ...valueAxis(plot, ticks, { side: 'left', title: 'Share', format: (v) => percentLabel(v) })];
  tiers.forEach((tier, i) => {
    const start = plot.left + band * i + (band - bar * TIER_SERIES.length) / 2;
    TIER_SERIES.forEach((series, j) => {
      const share = tier[series.key];
      const x = start + bar * j;
      shapes.push({ kind: 'rect', x, y: y(share), width: bar - 2, height: y(0) - y(share), fill: series.colour, title: `${tier.name}, ${series.name.toLowerCase()}: ${percentLabel(share, 1)}` });
      shapes.push({ kind: 'text', x: x + (bar - 2) / 2, y: y(share) - 6, text: percentLabel(share, 1), fill: 'ink', size: 12, anchor: 'middle' });
    });
  });
  shapes.push(...bandLabels(plot, tiers.map((t) => t.name)));
  return { width, height, shapes };
}
