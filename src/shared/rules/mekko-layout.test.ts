import { describe, expect, it } from 'vitest';
import { MEKKO_LAYOUT, SCREEN_TILE_TEXT, mekkoLayout, proportionalSizes, tileLabel, type LayoutMarket } from './mekko-layout';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const market = (id: string, count: number, audiences: number[]): LayoutMarket => ({
  id, count, audiences: audiences.map((c, i) => ({ id: `${id}${i}`, count: c })),
});

describe('proportionalSizes', () => {
  it('splits in proportion, and equally when the weights sum to 0', () => {
    expect(proportionalSizes([1, 3], 400)).toEqual([100, 300]);
    expect(proportionalSizes([0, 0, 0, 0], 400)).toEqual([100, 100, 100, 100]);
    expect(proportionalSizes([], 400)).toEqual([]);
  });

  it('raises parts under the minimum to it; the rest share what is left in proportion, and the total holds', () => {
    const sizes = proportionalSizes([1, 1, 98], 1000, 40);
    expect(sizes.slice(0, 2)).toEqual([40, 40]);
    expect(sizes[2]).toBeCloseTo(920);
    const cascade = proportionalSizes([1, 5, 10, 1000], 500, 40);
    expect(cascade.every((s) => s >= 40 - 1e-9)).toBe(true);
    expect(sum(cascade)).toBeCloseTo(500);
  });

  it('shares equally when the minimum does not fit, and treats bad weights as 0', () => {
    expect(proportionalSizes([1, 100], 60, 40)).toEqual([30, 30]);
    expect(proportionalSizes([Number.NaN, -5, 10], 300)).toEqual([0, 0, 300]);
  });
});

describe('mekkoLayout', () => {
  const markets = [market('a', 300, [50, 150, 100]), market('b', 100, [0, 0])];

  it('in view mode, widths follow the population share and heights the count within the market', () => {
    const [a, b] = mekkoLayout(markets, { mode: 'view', widthPx: 800, heightPx: 600 });
    expect([a?.x, a?.width, a?.share]).toEqual([0, 600, 0.75]);
    expect([b?.x, b?.width, b?.share]).toEqual([600, 200, 0.25]);
    expect(a?.tiles.map((t) => [t.y, t.height, t.share])).toEqual([[0, 100, 50 / 300], [100, 300, 0.5], [400, 200, 1 / 3]]);
    // A market whose audiences all count 0 splits its height equally.
    expect(b?.tiles.map((t) => [t.y, t.height, t.share])).toEqual([[0, 300, 0], [300, 300, 0]]);
  });

  it('in edit mode, every column and every tile of a column is the same size', () => {
    const [a, b] = mekkoLayout(markets, { mode: 'edit', widthPx: 800, heightPx: 600 });
    expect([a?.width, b?.width]).toEqual([400, 400]);
    expect(a?.tiles.map((t) => t.height)).toEqual([200, 200, 200]);
  });

  it('equal widths when the total population is 0; no column under 40 px', () => {
    const zero = mekkoLayout([market('a', 0, [1]), market('b', 0, [1])], { mode: 'view', widthPx: 500, heightPx: 300 });
    expect(zero.map((c) => [c.width, c.share])).toEqual([[250, 0], [250, 0]]);
    const tiny = mekkoLayout([market('a', 1, [1]), market('b', 10_000, [1])], { mode: 'view', widthPx: 1000, heightPx: 300 });
    expect(tiny[0]?.width).toBe(40);
    expect(tiny[1]?.width).toBeCloseTo(960);
  });

  it("flags tiles 'short' at 50 px or less and 'skinny' at 40 px wide or less", () => {
    const [a, b] = mekkoLayout([market('a', 1, [1, 9]), market('b', 10_000, [1])], { mode: 'view', widthPx: 1000, heightPx: 500 });
    expect(a?.tiles.map((t) => [t.height, t.short, t.skinny])).toEqual([[50, true, true], [450, false, true]]);
    expect(b?.tiles.map((t) => [t.short, t.skinny])).toEqual([[false, false]]);
  });

  it('keeps a tile that counts zero 40 px high, taking the room from the others', () => {
    const [a] = mekkoLayout([market('a', 100, [0, 50, 150])], { mode: 'view', widthPx: 400, heightPx: 400 });
    expect(a?.tiles.map((t) => t.height)).toEqual([40, 90, 270]);
  });
});

describe('tileLabel', () => {
  const at = (height: number, width = 120) => ({ height, width, skinny: width <= MEKKO_LAYOUT.skinnyAtPx });

  it('shows the count under one line of name from the lowest tile (40 px) up', () => {
    expect(tileLabel(at(MEKKO_LAYOUT.minTilePx), 6)).toEqual({ nameLines: 1, count: true });
    expect(tileLabel(at(MEKKO_LAYOUT.shortAtPx), 9)).toEqual({ nameLines: 1, count: true });
  });

  it('gives the name its second line only when it fits above the count: a tile just above short keeps both whole', () => {
    // 51 to 54 px used to try two lines and a count (55 px of text) and lost the second line.
    for (const h of [51, 52, 53, 54]) expect(tileLabel(at(h), 6)).toEqual({ nameLines: 1, count: true });
    expect(tileLabel(at(55), 6)).toEqual({ nameLines: 2, count: true });
    expect(tileLabel(at(300), 6)).toEqual({ nameLines: 2, count: true });
  });

  it('writes nothing on skinny or very low tiles, and the name alone where the count does not fit', () => {
    expect(tileLabel(at(300, 40), 6)).toEqual({ nameLines: 0, count: false });
    expect(tileLabel(at(22), 6)).toEqual({ nameLines: 0, count: false });
    expect(tileLabel(at(23), 6)).toEqual({ nameLines: 1, count: false });
    expect(tileLabel(at(37), 6)).toEqual({ nameLines: 1, count: false });
    // Two lines of name without a count need 40 px; a count too wide for the tile is left to the tooltip.
    expect(tileLabel(at(60, 50), 13)).toEqual({ nameLines: 2, count: false });
    expect(tileLabel(at(60, 52), 6)).toEqual({ nameLines: 2, count: true });
  });

  it('keeps every line inside the tile, whatever its height', () => {
    const m = SCREEN_TILE_TEXT;
    for (let h = 0; h <= 200; h += 1) {
      const { nameLines, count } = tileLabel(at(h), 6);
      const used = m.insetYPx + nameLines * m.nameLinePx + (count ? m.gapPx + m.countLinePx : 0);
      if (nameLines > 0) expect(used).toBeLessThanOrEqual(h);
    }
  });

  it('follows the metrics it is given (the export has larger type and one line of name)', () => {
    const slide = { insetYPx: 12, insetXPx: 16, nameLinePx: 19, countLinePx: 17, gapPx: 2, countCharPx: 8, maxNameLines: 1 as const };
    expect(tileLabel(at(49.6, 200), 2, slide)).toEqual({ nameLines: 1, count: false });
    expect(tileLabel(at(50, 200), 3, slide)).toEqual({ nameLines: 1, count: true });
    expect(tileLabel(at(400, 200), 3, slide)).toEqual({ nameLines: 1, count: true });
  });
});
