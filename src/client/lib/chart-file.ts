/**
 * Every chart as a file for a slide (DESIGN: every chart exports to SVG and PNG from the layout
 * it draws): the SVG writing helpers each chart's export builds on (components/mekko/mekko-export,
 * features/measure/range-export), and the downloads, the PNG rendered from the SVG. The writers
 * are pure (no DOM), so they are unit-tested in node; only the downloads touch the browser.
 */

/** A generic stack, so the file renders alike wherever it is opened (no web fonts to embed). */
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
// Slides are light: dark text on white whatever the app's theme.
export const INK = '#121826';
export const MUTED = '#4a5468';
export const RULE = '#d9dee8';

/** A generous average glyph width (bold sans-serif), in ems: a pure function has no text metrics. */
export const GLYPH_EM = 0.62;

/** Text and attribute values made safe for XML, dropping the control characters XML 1.0 forbids. */
export function xmlEscape(value: string): string {
  return value
    // eslint-disable-next-line no-control-regex -- these are exactly the characters being removed
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A coordinate to at most two decimals. */
export const num = (n: number) => String(Math.round(n * 100) / 100);

/** Shortens text to about what fits in `widthPx` at `fontPx`, ending in an ellipsis when cut. */
export function fitText(value: string, widthPx: number, fontPx: number): string {
  const fits = Math.floor(widthPx / (fontPx * GLYPH_EM));
  if (fits <= 1) return '';
  return value.length <= fits ? value : `${value.slice(0, Math.max(1, fits - 1)).trimEnd()}…`;
}

/** A <text> element at (x, y), its content and attributes escaped. */
export function text(x: number, y: number, content: string, attrs: Record<string, string | number> = {}): string {
  const extra = Object.entries(attrs).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');
  return `<text x="${num(x)}" y="${num(y)}"${extra}>${xmlEscape(content)}</text>`;
}

/** An axis' title up the slide's left side, centred on `midY`. */
export function yAxisTitle(midY: number, label: string, fontPx: number): string {
  return text(56, midY, label, { 'text-anchor': 'middle', transform: `rotate(-90 56 ${num(midY)})`, 'font-size': fontPx, 'font-weight': 600, fill: INK });
}

/** The standalone SVG document around a chart's parts, sized, on a white slide with the title as its heading. */
export function svgDocument(widthPx: number, heightPx: number, title: string, parts: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${widthPx}" height="${heightPx}" viewBox="0 0 ${widthPx} ${heightPx}" font-family="${xmlEscape(FONT)}" role="img">`,
    `<title>${xmlEscape(title)}</title>`,
    `<rect width="${widthPx}" height="${heightPx}" fill="#ffffff"/>`,
    text(48, 72, title, { 'font-size': 32, 'font-weight': 700, fill: INK }),
    ...parts,
    '</svg>',
    '',
  ].join('\n');
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
  return slug || 'chart';
}

const withExtension = (fileName: string, ext: string) => (fileName.toLowerCase().endsWith(`.${ext}`) ? fileName : `${fileName}.${ext}`);

/** The size the SVG declares (its width and height attributes), for the PNG's canvas. */
export function svgSize(svg: string): { width: number; height: number } | null {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const width = Number(/\swidth="([\d.]+)"/.exec(tag)?.[1]);
  const height = Number(/\sheight="([\d.]+)"/.exec(tag)?.[1]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Saves a file through the browser's download (no server: it works offline). */
export function saveBlob(blob: Blob, fileName: string): void {
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

/** A chart's export as the page offers it: the SVG drawn on demand, then saved in the kind asked. */
export function exportChart(kind: 'png' | 'svg', svg: string, name: string): void {
  if (kind === 'svg') downloadSvg(svg, `${exportFileName(name)}.svg`);
  else void downloadPng(svg, `${exportFileName(name)}.png`);
}
