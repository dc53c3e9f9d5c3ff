/**
 * The chart as a file for a slide (issue 5 "Export"): a standalone SVG drawn from the same
 * layout as the screen (view mode), and a PNG rendered from that SVG. chartSvg is pure (no DOM),
 * so it is unit-tested in node; only the download helpers touch the browser.
 */
import { GROW, GROW_TEXT, TAG_LABELS } from '@shared/rules/grow';
import { MEKKO_LAYOUT, type TileTextMetrics } from '@shared/rules/mekko-layout';
import { NO_MARKETS_TEXT, chartLayout, formatShare, tagColour, tileText, type ChartMarket } from '../../components/mekko/chart-model';

interface ChartSvgOptions {
  measurementLabel: string;
  title: string;
  /** 16:9 for a slide by default. */
  widthPx?: number;
  heightPx?: number;
}

/** A generic stack, so the file renders alike wherever it is opened (no web fonts to embed). */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
// Slides are light: dark text on white whatever the app's theme.
const INK = '#121826';
const MUTED = '#4a5468';
const RULE = '#d9dee8';

/** Text and attribute values made safe for XML, dropping the control characters XML 1.0 forbids. */
export function xmlEscape(text: string): string {
  return text
    // eslint-disable-next-line no-control-regex -- these are exactly the characters being removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The slide's tile text: a 15 px name on one line at 24 px, a 14 px count at 44 px (so a tile needs 50 px for both). */
const SLIDE_TILE_TEXT: TileTextMetrics = { insetYPx: 12, insetXPx: 16, nameLinePx: 19, countLinePx: 17, gapPx: 2, countCharPx: 8, maxNameLines: 1 };

const num = (n: number) => String(Math.round(n * 100) / 100);

/** A generous average glyph width (bold sans-serif), in ems: a pure function has no text metrics. */
const GLYPH_EM = 0.62;

/** Shortens text to about what fits in `widthPx` at `fontPx`, ending in an ellipsis when cut. */
export function fitText(text: string, widthPx: number, fontPx: number): string {
  const fits = Math.floor(widthPx / (fontPx * GLYPH_EM));
  if (fits <= 1) return '';
  return text.length <= fits ? text : `${text.slice(0, Math.max(1, fits - 1)).trimEnd()}…`;
}

function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}): string {
  const extra = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');
  return `<text x="${num(x)}" y="${num(y)}"${extra}>${xmlEscape(content)}</text>`;
}

/** The chart as an SVG document: title, axes with their labels, the tiles with names and counts, and the legend. */
export function chartSvg(markets: readonly ChartMarket[], { measurementLabel, title, widthPx = 1600, heightPx = 900 }: ChartSvgOptions): string {
  const plot = { left: 150, top: 150, width: Math.max(1, widthPx - 150 - 48), height: Math.max(1, heightPx - 150 - 130) };
  const bottom = plot.top + plot.height;
  const parts: string[] = [];
  parts.push(`<rect width="${widthPx}" height="${heightPx}" fill="#ffffff"/>`);
  parts.push(text(48, 72, title, { 'font-size': 32, 'font-weight': 700, fill: INK }));

  // Axes: grid lines and ticks at the spec's steps, the measurement label up the left side.
  parts.push(`<g class="mekko-axes" fill="${MUTED}" font-size="16">`);
  for (const step of MEKKO_LAYOUT.ySteps) {
    const y = plot.top + ((100 - step) / 100) * plot.height;
    parts.push(`<line x1="${plot.left}" y1="${num(y)}" x2="${plot.left + plot.width}" y2="${num(y)}" stroke="${RULE}" stroke-width="1"/>`);
    parts.push(text(plot.left - 12, y + 6, `${step}%`, { 'text-anchor': 'end' }));
  }
  for (const step of MEKKO_LAYOUT.xSteps) parts.push(text(plot.left + (step / 100) * plot.width, bottom + 30, `${step}%`, { 'text-anchor': 'middle' }));
  const midY = plot.top + plot.height / 2;
  parts.push(text(56, midY, measurementLabel, { 'text-anchor': 'middle', transform: `rotate(-90 56 ${num(midY)})`, 'font-size': 20, 'font-weight': 600, fill: INK }));
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
      parts.push('</g>');
    });
    parts.push('</g>');
  });

  parts.push(legend(plot.left, heightPx - 40));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${widthPx} ${heightPx}" font-family="${xmlEscape(FONT)}" role="img">`,
    `<title>${xmlEscape(title)}</title>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
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

/** A safe, readable file name (no extension): 'Fizz Original: Market Map' -> 'fizz-original-market-map'. */
export function exportFileName(chartName: string): string {
  const slug = chartName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'grow-chart';
}

const withExtension = (fileName: string, ext: string) => (fileName.toLowerCase().endsWith(`.${ext}`) ? fileName : `${fileName}.${ext}`);

/** The size the SVG declares (its width and height attributes), for the PNG's canvas. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(tag)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(tag)?.[1]);
  return width > 0 && height > 0 ? { width, height } : null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: give the download a moment before revoking.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function downloadSvg(svg: string, fileName: string): void {
  saveBlob(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }), withExtension(fileName, 'svg'));
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
    image.src = src;
  });
}

/** The SVG drawn at `scale` times its size (2 = sharp on a projector) and saved as a PNG. */
export async function downloadPng(svg: string, fileName: string, scale = 2): Promise<void> {
  const svgUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = await loadImage(svgUrl);
    const size = svgSize(svg) ?? { width: image.naturalWidth, height: image.naturalHeight };
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(size.width * scale);
    canvas.height = Math.round(size.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the chart as an image.');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const png = await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The chart could not be saved as a PNG.'))), 'image/png');
    });
    saveBlob(png, withExtension(fileName, 'png'));
  } finally {
    URL.revokeObjectURL(svgUrl);
  }
}
