/**
 * The Grow marimekko's layout (spec 3 §2.2, §4 "Layout rules", §9). Pure, so the chart, its
 * export and the render bench share it.
 *
 * - A market's width is its share of the total population; equal in edit mode, and when the
 *   total is 0. No column is narrower than 40 px: the others give up the room, in proportion.
 * - An audience's height is its share of its market's count; equal in edit mode, and when the
 *   market's count is 0. No tile is lower than 40 px (§9 "audience height"), so an audience that
 *   counts zero can still be seen, named and clicked: the others give up the room, in proportion.
 * - A tile is 'short' at 50 px high or less and 'skinny' at 40 px wide or less.
 */
export const MEKKO_LAYOUT = {
  minColumnPx: 40,
  minTilePx: 40,
  shortAtPx: 50,
  skinnyAtPx: 40,
  /** The axes' labelled steps, in percent. */
  xSteps: [0, 20, 40, 60, 80, 100],
  ySteps: [100, 80, 60, 40, 20, 0],
} as const;

export interface LayoutAudience {
  id: string | number;
  count: number;
}

export interface LayoutMarket {
  id: string | number;
  /** The market's count (its share of the total population). */
  count: number;
  audiences: readonly LayoutAudience[];
}

export interface Tile {
  id: string | number;
  /** From the top of the column, in px. */
  y: number;
  height: number;
  /** The column's width, in px. */
  width: number;
  /** The audience's share of its market (0 to 1); 0 when the market's count is 0. */
  share: number;
  short: boolean;
  skinny: boolean;
}

export interface Column {
  id: string | number;
  x: number;
  width: number;
  /** The market's share of the total population (0 to 1); 0 when the total is 0. */
  share: number;
  tiles: Tile[];
}

export interface LayoutOptions {
  mode: 'view' | 'edit';
  widthPx: number;
  heightPx: number;
}

const positive = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/**
 * Splits `total` px into parts proportional to `weights` (equal when they sum to 0), none below
 * `min` when there is room for that: the parts under it are raised to it and the rest share what
 * is left, in proportion, until no part is under it.
 */
export function proportionalSizes(weights: readonly number[], total: number, min = 0): number[] {
  const n = weights.length;
  if (n === 0) return [];
  const clean = weights.map(positive);
  const sum = clean.reduce((a, b) => a + b, 0);
  const w = sum === 0 ? clean.map(() => 1) : clean;
  if (min * n >= total) return w.map(() => total / n);
  const fixed = new Set<number>();
  for (;;) {
    const free = w.reduce((acc, x, i) => (fixed.has(i) ? acc : acc + x), 0);
    const room = total - fixed.size * min;
    const sizes = w.map((x, i) => (fixed.has(i) ? min : free === 0 ? room / (n - fixed.size) : (x / free) * room));
    const under = sizes.findIndex((s, i) => !fixed.has(i) && s < min);
    if (under === -1) return sizes;
    // The smallest part under the minimum is fixed first; the others are judged again.
    let smallest = under;
    sizes.forEach((s, i) => {
      if (!fixed.has(i) && s < (sizes[smallest] ?? Infinity)) smallest = i;
    });
    fixed.add(smallest);
  }
}

export function mekkoLayout(markets: readonly LayoutMarket[], { mode, widthPx, heightPx }: LayoutOptions): Column[] {
  const edit = mode === 'edit';
  const total = markets.reduce((a, m) => a + positive(m.count), 0);
  const widths = proportionalSizes(markets.map((m) => (edit ? 1 : m.count)), widthPx, MEKKO_LAYOUT.minColumnPx);
  let x = 0;
  return markets.map((market, i) => {
    const width = widths[i] ?? 0;
    const marketCount = market.audiences.reduce((a, au) => a + positive(au.count), 0);
    const heights = proportionalSizes(market.audiences.map((au) => (edit ? 1 : au.count)), heightPx, MEKKO_LAYOUT.minTilePx);
    let y = 0;
    const tiles = market.audiences.map((audience, j) => {
      const height = heights[j] ?? 0;
      const tile: Tile = {
        id: audience.id,
        y,
        height,
        width,
        share: marketCount === 0 ? 0 : positive(audience.count) / marketCount,
        short: height <= MEKKO_LAYOUT.shortAtPx,
        skinny: width <= MEKKO_LAYOUT.skinnyAtPx,
      };
      y += height;
      return tile;
    });
    const column: Column = { id: market.id, x, width, share: total === 0 ? 0 : positive(market.count) / total, tiles };
    x += width;
    return column;
  });
}

/**
 * The text a tile can hold, in px: its padding and border, the line heights of the name and of
 * the count, the gap between them, and the width of a count's digit. The screen and the export
 * each give theirs, so the two decide alike.
 */
export interface TileTextMetrics {
  /** Padding plus border, above and below together. */
  insetYPx: number;
  /** Padding plus border, left and right together. */
  insetXPx: number;
  nameLinePx: number;
  countLinePx: number;
  gapPx: number;
  /** A digit or separator of the count (tabular figures). */
  countCharPx: number;
  /** The name's lines at most. */
  maxNameLines: 1 | 2;
}

/** The screen's tile (grow.css: 14 px name on 17 px lines, 12 px count on 14 px lines, 2 px padding and a 1 px border). */
export const SCREEN_TILE_TEXT: TileTextMetrics = { insetYPx: 6, insetXPx: 10, nameLinePx: 17, countLinePx: 14, gapPx: 1, countCharPx: 7, maxNameLines: 2 };

export interface TileLabel {
  /** 0: the tile is only its colour (the tooltip and accessible name carry it). */
  nameLines: 0 | 1 | 2;
  count: boolean;
}

/**
 * What a tile writes on itself, by what fits (issue 13). A skinny tile writes nothing. Otherwise the
 * name takes a line when one fits, the count comes next whenever it fits under that line (a 40 px
 * tile shows both), and the name's second line only when it fits above the count as well, so no
 * tile just taller than 'short' loses a line to clipping. The count must also fit across the tile.
 */
export function tileLabel(tile: Pick<Tile, 'height' | 'width' | 'skinny'>, countChars: number, m: TileTextMetrics = SCREEN_TILE_TEXT): TileLabel {
  const room = tile.height - m.insetYPx;
  if (tile.skinny || room < m.nameLinePx) return { nameLines: 0, count: false };
  const countFitsAcross = countChars * m.countCharPx <= tile.width - m.insetXPx;
  const withCount = (lines: number) => lines * m.nameLinePx + m.gapPx + m.countLinePx <= room;
  const count = countFitsAcross && withCount(1);
  const two = m.maxNameLines === 2 && (count ? withCount(2) : 2 * m.nameLinePx <= room);
  return { nameLines: two ? 2 : 1, count };
}
