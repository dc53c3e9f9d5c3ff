import { OUTCOMES_TEXT } from '@shared/rules/outcomes';
import { GLYPH_EM, INK, MUTED, RULE, fitText, num, svgDocument, text, xmlEscape, yAxisTitle } from '../../lib/chart-file';
import { rangeSegments, segmentLabel, tickTexts, type RangeChartModel, type RangeMarket } from './range-model';

/**
 * Range mode as a file for a slide (DESIGN: every chart exports to SVG and PNG from the layout it
 * draws; issue 27): the same charts, stacks, ticks and colours as the screen (range-model), one
 * chart under the other when grouped by market, the legend of markets and audiences above them
 * with the note that a stack counts each person once. Pure, so it is unit-tested in node.
 */

interface RangeSvgOptions {
  title: string;
  /** The tab's label, the Count axis' subject ('Matched Addressable'). */
  tabLabel: string;
  widthPx?: number;
}

const PLOT = { left: 130, right: 48, heightPx: 420, gapPx: 110, titlePx: 36 } as const;
const LEGEND_ROW_PX = 28;

/** The legend's rows: a market's name, then its audiences' swatches and names, wrapped to the width. */
function legendRows(markets: readonly RangeMarket[], colours: ReadonlyMap<number, string>, left: number, width: number): { parts: string[]; rows: number } {
  const em = 14 * GLYPH_EM;
  const parts: string[] = [];
  let row = 0;
  for (const market of markets.filter((m) => m.sub_markets.length > 0)) {
    let x = left;
    parts.push(text(x, row * LEGEND_ROW_PX, market.name, { 'font-size': 14, 'font-weight': 700, fill: INK }));
    x += market.name.length * em + 16;
    for (const audience of market.sub_markets) {
      const need = 22 + audience.name.length * em + 16;
      if (x + need > left + width) {
        row += 1;
        x = left + 24;
      }
      parts.push(`<rect class="range-legend-swatch" x="${num(x)}" y="${row * LEGEND_ROW_PX - 12}" width="14" height="14" rx="2" fill="${colours.get(audience.id) ?? '#888888'}"/>`);
      parts.push(text(x + 20, row * LEGEND_ROW_PX, audience.name, { 'font-size': 14, fill: INK }));
      x += need;
    }
    row += 1;
  }
  return { parts, rows: row };
}

/** One chart: its title (grouped by market), the grid and Count ticks, the stacks, and the Date axis. */
function chartPart(chart: RangeChartModel, top: number, width: number, tabLabel: string): string[] {
  const parts: string[] = [];
  const plotTop = top + (chart.title ? PLOT.titlePx : 0);
  const bottom = plotTop + PLOT.heightPx;
  if (chart.title) parts.push(text(PLOT.left, top + 20, chart.title, { 'font-size': 18, 'font-weight': 700, fill: INK }));
  const y = (value: number) => bottom - (chart.top > 0 ? (value / chart.top) * PLOT.heightPx : 0);
  const labels = tickTexts(chart.ticks);
  parts.push(`<g class="range-axes" fill="${MUTED}" font-size="13">`);
  chart.ticks.forEach((tick, i) => {
    parts.push(`<line x1="${PLOT.left}" y1="${num(y(tick))}" x2="${PLOT.left + width}" y2="${num(y(tick))}" stroke="${RULE}" stroke-width="1"/>`);
    parts.push(text(PLOT.left - 10, y(tick) + 5, labels[i] ?? '', { 'text-anchor': 'end' }));
  });
  const midY = (plotTop + bottom) / 2;
  parts.push(yAxisTitle(midY, `${OUTCOMES_TEXT.countAxis} (${tabLabel})`, 15));
  // Bands as nivo's: the width shared by the months, a quarter of each band left as padding.
  const band = chart.data.length > 0 ? width / chart.data.length : width;
  const bar = band * 0.75;
  const x = (month: string) => PLOT.left + chart.data.findIndex((d) => d.month === month) * band + (band - bar) / 2;
  chart.data.forEach((d) => parts.push(text(x(d.month) + bar / 2, bottom + 22, d.month, { 'text-anchor': 'middle' })));
  parts.push(text(PLOT.left + width / 2, bottom + 50, OUTCOMES_TEXT.dateAxis, { 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 600, fill: INK }));
  parts.push('</g>');
  parts.push('<g class="range-stacks">');
  for (const segment of rangeSegments(chart)) {
    const top2 = y(segment.end);
    parts.push(`<rect class="range-segment" x="${num(x(segment.month))}" y="${num(top2)}" width="${num(bar)}" height="${num(Math.max(0, y(segment.start) - top2))}" fill="${segment.series.color}" stroke="#ffffff" stroke-width="1"><title>${xmlEscape(segmentLabel(segment.series, segment.month, segment.value))}</title></rect>`);
  }
  parts.push('</g>');
  return parts;
}

/** The range's charts as one SVG document, 1600 wide, as tall as its legend and charts need. */
export function rangeChartSvg(charts: readonly RangeChartModel[], markets: readonly RangeMarket[], colours: ReadonlyMap<number, string>, { title, tabLabel, widthPx = 1600 }: RangeSvgOptions): string {
  const width = Math.max(1, widthPx - PLOT.left - PLOT.right);
  const parts: string[] = [];
  const legendTop = 120;
  const legend = legendRows(markets, colours, PLOT.left, width);
  parts.push(`<g class="range-legend" transform="translate(0 ${legendTop})">`, ...legend.parts);
  parts.push(text(PLOT.left, legend.rows * LEGEND_ROW_PX + 4, fitText(OUTCOMES_TEXT.countedOnce, width, 13 * 0.85), { 'font-size': 13, fill: MUTED, class: 'range-note' }), '</g>');
  let top = legendTop + legend.rows * LEGEND_ROW_PX + 40;
  for (const chart of charts) {
    parts.push(...chartPart(chart, top, width, tabLabel));
    top += (chart.title ? PLOT.titlePx : 0) + PLOT.heightPx + PLOT.gapPx;
  }
  if (charts.length === 0) parts.push(text(PLOT.left, top + 20, OUTCOMES_TEXT.noMarkets, { 'font-size': 18, fill: MUTED }));
  return svgDocument(widthPx, Math.round(top + 20), title, parts);
}
