import { INK, MUTED, RULE, num, svgDocument, text, xmlEscape } from '../../../lib/chart-file';

/**
 * The analysis pages' charts as plain shapes in px (DESIGN: every chart exports to SVG and PNG
 * from the layout it draws). Each chart's layout is a pure function to a list of these; the page
 * draws the list (chart-svg.tsx) and the export writes the same list as a file (chartFile), so
 * the slide is the screen's chart. Colours are either a series' own (hex, readable on both
 * themes) or one of the tones, which the screen takes from the theme and the file from the slide.
 */
export type Tone = 'ink' | 'muted' | 'rule';
export type Paint = Tone | `#${string}`;

export type Shape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; fill: Paint; opacity?: number; title?: string }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: Paint; dash?: boolean }
  | { kind: 'path'; d: string; stroke: Paint; width: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: Paint; opacity?: number; stroke?: Paint; title?: string }
  | { kind: 'text'; x: number; y: number; text: string; fill: Paint; size: number; anchor?: 'start' | 'middle' | 'end'; weight?: 600 | 700; rotate?: number };

export interface ChartLayout {
  width: number;
  height: number;
  shapes: Shape[];
}

const FILE_TONES: Record<Tone, string> = { ink: INK, muted: MUTED, rule: RULE };

/** A paint as the slide has it (a tone's light colour). */
export const filePaint = (paint: Paint) => (paint.startsWith('#') ? paint : FILE_TONES[paint as Tone]);

/** Round steps (1, 2, 2.5, 5 × 10^n) from 0 to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 5): number[] {
  const safe = Number.isFinite(max) && max > 0 ? max : 1;
  const rough = safe / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
  const steps = Math.ceil(safe / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
}

/** A share axis' ticks: 0 to 100 % in steps of 20, or to the share's ceiling in tens when it stays low. */
export function shareTicks(max: number): number[] {
  const top = max > 0.5 ? 1 : Math.max(0.1, Math.ceil(max * 10) / 10);
  const step = top > 0.5 ? 0.2 : top > 0.2 ? 0.1 : 0.05;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => Math.round(i * step * 100) / 100);
}

export const percentLabel = (share: number, decimals = 0) => `${(share * 100).toFixed(decimals)}%`;

function shapeSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'rect': {
      const title = shape.title ? `<title>${xmlEscape(shape.title)}</title>` : '';
      const opacity = shape.opacity === undefined ? '' : ` fill-opacity="${num(shape.opacity)}"`;
      return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(Math.max(0, shape.width))}" height="${num(Math.max(0, shape.height))}" fill="${filePaint(shape.fill)}"${opacity}>${title}</rect>`;
    }
    case 'line':
      return `<line x1="${num(shape.x1)}" y1="${num(shape.y1)}" x2="${num(shape.x2)}" y2="${num(shape.y2)}" stroke="${filePaint(shape.stroke)}" stroke-width="1"${shape.dash ? ' stroke-dasharray="2 4"' : ''}/>`;
    case 'path':
      return `<path d="${xmlEscape(shape.d)}" fill="none" stroke="${filePaint(shape.stroke)}" stroke-width="${num(shape.width)}" stroke-linejoin="round"/>`;
    case 'circle': {
      const title = shape.title ? `<title>${xmlEscape(shape.title)}</title>` : '';
      const stroke = shape.stroke ? ` stroke="${filePaint(shape.stroke)}" stroke-width="2"` : '';
      return `<circle cx="${num(shape.cx)}" cy="${num(shape.cy)}" r="${num(shape.r)}" fill="${filePaint(shape.fill)}" fill-opacity="${num(shape.opacity ?? 1)}"${stroke}>${title}</circle>`;
    }
    case 'text':
      return text(shape.x, shape.y, shape.text, {
        'font-size': shape.size,
        fill: filePaint(shape.fill),
        ...(shape.anchor ? { 'text-anchor': shape.anchor } : {}),
        ...(shape.weight ? { 'font-weight': shape.weight } : {}),
        ...(shape.rotate ? { transform: `rotate(${shape.rotate} ${num(shape.x)} ${num(shape.y)})` } : {}),
      });
  }
}

/** Where a chart's layout starts on the slide: under svgDocument's title. */
const FILE_MARGIN = { top: 110, side: 48, bottom: 32 } as const;

/** A chart's layout as a slide: the title above it, the shapes as they are drawn on screen. */
export function chartFile(layout: ChartLayout, title: string): string {
  const parts = [`<g transform="translate(${FILE_MARGIN.side} ${FILE_MARGIN.top})">`, ...layout.shapes.map(shapeSvg), '</g>'];
  return svgDocument(layout.width + 2 * FILE_MARGIN.side, layout.height + FILE_MARGIN.top + FILE_MARGIN.bottom, title, parts);
}

/** Swatches and names in a row from (x, y), wrapped to `width`: a chart's legend. */
export function legendShapes(items: readonly { name: string; colour: Paint; line?: boolean }[], x: number, y: number, width: number): { shapes: Shape[]; height: number } {
  const shapes: Shape[] = [];
  let cx = x;
  let row = 0;
  for (const item of items) {
    const need = 22 + item.name.length * 13 * 0.58 + 18;
    if (cx + need > x + width && cx > x) {
      row += 1;
      cx = x;
    }
    const top = y + row * 22;
    shapes.push(item.line ? { kind: 'rect', x: cx, y: top + 5, width: 16, height: 4, fill: item.colour } : { kind: 'rect', x: cx, y: top, width: 14, height: 14, fill: item.colour });
    shapes.push({ kind: 'text', x: cx + 20, y: top + 12, text: item.name, fill: 'ink', size: 13 });
    cx += need;
  }
  return { shapes, height: (row + 1) * 22 };
}
