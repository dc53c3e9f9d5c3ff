/**
 * The marimekko as a file for a slide (issue 5 "Export"; Grow's and Measure's, issue 27): a
 * standalone SVG drawn from the same layout as the screen (view mode), the PNG rendered from it by
 * lib/chart-file. chartSvg is pure (no DOM), so it is unit-tested in node.
 */
import { GROW, GROW_TEXT, TAG_LABELS } from '@shared/rules/grow';
import { MEKKO_LAYOUT, type TileTextMetrics } from '@shared/rules/mekko-layout';
import { GLYPH_EM, INK, MUTED, RULE, fitText, num, svgDocument, text, xmlEscape, yAxisTitle } from '../../lib/chart-file';
import { NO_MARKETS_TEXT, chartLayout, formatShare, tagColour, tileText, type ChartAudience, type ChartMarket } from './chart-model';

interface ChartSvgOptions {
  measurementLabel: string;
  title: string;
  /** 16:9 for a slide by default. */
  widthPx?: number;
  heightPx?: number;
  /** A tile's badge as the screen shows it (Measure's percent change), in the tile's top right corner. */
  tileBadge?: (audience: ChartAudience) => string | undefined;
}

/** The slide's tile text: a 15 px name on one line at 24 px, a 14 px count at 44 px (so a tile needs 50 px for both). */
const SLIDE_TILE_TEXT: TileTextMetrics = { insetYPx: 12, insetXPx: 16, nameLinePx: 19, countLinePx: 17, gapPx: 2, countCharPx: 8, maxNameLines: 1 };

/** The chart as an SVG document: title, axes with their labels, the tiles with names and counts, and the legend. */
export function chartSvg(markets: readonly ChartMarket[], { measurementLabel, title, widthPx = 1600, heightPx = 900, tileBadge }: ChartSvgOptions): string {
  const plot = { left: 150, top: 150, width: Math.max(1, widthPx - 150 - 48), height: Math.max(1, heightPx - 150 - 130) };
  const bottom = plot.top + plot.height;
  const parts: string[] = [];

  // Axes: grid lines and ticks at the spec's steps, the measurement label up the left side.
  parts.push(`<g class="mekko-axes" fill="${MUTED}" font-size="16">`);
  for (const step of MEKKO_LAYOUT.ySteps) {
    const y = plot.top + ((100 - step) / 100) * plot.height;
    parts.push(`<line x1="${plot.left}" y1="${num(y)}" x2="${plot.left + plot.width}" y2="${num(y)}" stroke="${RULE}" stroke-width="1"/>`);
    parts.push(text(plot.left - 12, y + 6, `${step}%`, { 'text-anchor': 'end' }));
  }
  for (const step of MEKKO_LAYOUT.xSteps) parts.push(text(plot.left + (step / 100) * plot.width, bottom + 30, `${step}%`, { 'text-anchor': 'middle' }));
  const midY = plot.top + plot.height / 2;
  parts.push(yAxisTitle(midY, measurementLabel, 20));
  parts.push('</g>');

  if (markets.length === 0) {
    parts.push(text(plot.left + plot.width / 2, midY, NO_MARKETS_TEXT, { 'text-anchor': 'middle', 'font-size': 20, fill: MUTED }));
  }
  const columns = chartLayout(markets, 'view', plot.width, plot.height);
  markets.forEach((market, i) => {
    const column = columns[i];
    if (!column) return;
    const x = plot.left + column.x;
    parts.push(`<g class="mekko-market">`);
    parts.push(`<title>${xmlEscape(`${market.name}: ${formatShare(column.share)} of the total population`)}</title>`);
    const name = fitText(market.name, column.width - 4, 16);
    if (name) parts.push(text(x + column.width / 2, plot.top - 14, name, { 'text-anchor': 'middle', 'font-size': 16, 'font-weight': 600, fill: INK }));
    market.audiences.forEach((audience, j) => {
      const tile = column.tiles[j];
      if (!tile) return;
      const y = plot.top + tile.y;
      const colour = tagColour(audience.tag);
      parts.push('<g class="mekko-audience">');
      parts.push(`<title>${xmlEscape(`${audience.name}, ${TAG_LABELS[audience.tag].label}, ${audience.countLabel}`)}</title>`);
      parts.push(`<rect class="mekko-tile" x="${num(x)}" y="${num(y)}" width="${num(column.width)}" height="${num(tile.height)}" fill="${colour}" fill-opacity="${GROW.backgroundAlpha}" stroke="${colour}" stroke-width="1.5"/>`);
      // The screen's rules with the slide's type: skinny tiles carry no text, the count where it fits under the name.
      const shows = tileText(tile, audience.countLabel, SLIDE_TILE_TEXT);
      const label = shows.name ? fitText(audience.name, column.width - 16, 15) : '';
      if (label && !shows.count) parts.push(text(x + 8, y + tile.height / 2 + 5, label, { 'font-size': 15, 'font-weight': 600, fill: INK }));
      if (label && shows.count) {
        parts.push(text(x + 8, y + 24, label, { 'font-size': 15, 'font-weight': 600, fill: INK }));
        parts.push(text(x + 8, y + 44, fitText(audience.countLabel, column.width - 16, 14), { 'font-size': 14, fill: INK }));
      }
      const badge = tile.height >= 24 && column.width >= 64 ? tileBadge?.(audience) : undefined;
      if (badge) parts.push(text(x + column.width - 6, y + 18, badge, { 'text-anchor': 'end', 'font-size': 13, 'font-weight': 700, fill: INK, class: 'mekko-badge' }));
      parts.push('</g>');
    });
    parts.push('</g>');
  });

  parts.push(legend(plot.left, heightPx - 40));
  return svgDocument(widthPx, heightPx, title, parts);
}

/**
 * The legend along the bottom: its title, then each tag's swatch, label and explanation. Label and
 * explanation share one <text> (tspans), so only the gaps between entries rest on estimated widths.
 */
function legend(left: number, baseline: number): string {
  const em = 16 * GLYPH_EM;
  const out = ['<g class="mekko-legend" font-size="16">', text(left, baseline, `${GROW_TEXT.legendTitle}:`, { 'font-weight': 700, fill: INK })];
  let x = left + (GROW_TEXT.legendTitle.length + 1) * em + 16;
  for (const tag of GROW.tags) {
    const colour = tagColour(tag);
    const { label, explanation } = TAG_LABELS[tag];
    out.push(`<rect class="mekko-legend-swatch" x="${num(x)}" y="${baseline - 14}" width="18" height="18" fill="${colour}" fill-opacity="${GROW.backgroundAlpha}" stroke="${colour}" stroke-width="1.5"/>`);
    out.push(`<text x="${num(x + 26)}" y="${baseline}"><tspan font-weight="700" fill="${INK}">${xmlEscape(label)}</tspan><tspan dx="8" fill="${MUTED}">${xmlEscape(explanation)}</tspan></text>`);
    x += 26 + (label.length + explanation.length) * em + 8 + 36;
  }
  out.push('</g>');
  return out.join('\n');
}
