import { describe, expect, it } from 'vitest';
import { GROW_TEXT, TAG_LABELS } from '@shared/rules/grow';
import { svgSize } from '../../lib/chart-file';
import { assertWellFormed } from '../../lib/chart-file.test-support';
import { chartSvg } from './mekko-export';
import type { ChartAudience, ChartMarket } from './chart-model';

const audience = (id: number, name: string, count: number | null, tag: ChartAudience['tag'] = 'owned'): ChartAudience => ({
  id, name, tag, count, countLabel: count === null ? '—' : count.toLocaleString('en-US'), segmentLabel: null, segment: null,
});
const markets: ChartMarket[] = [
  { id: 1, name: 'Cola & <Friends>', population: 3000, audiences: [audience(11, 'Loyal "fans"', 2000), audience(12, "Switchers' club", 1000, 'opportunity')] },
  { id: 2, name: 'Water', population: 1000, audiences: [audience(21, 'Hydrators', 600, 'none'), audience(22, 'Sparkling', 400), audience(23, 'Unknown', null)] },
];

describe('chartSvg', () => {
  const svg = chartSvg(markets, { measurementLabel: 'Penetration', title: 'Fizz <Original> & Co' });

  it('is a well-formed standalone SVG sized for a 16:9 slide', () => {
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(svg).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"');
    expect(svgSize(svg)).toEqual({ width: 1600, height: 900 });
    expect(svg).toMatch(/font-family="[^"]*sans-serif"/);
    assertWellFormed(svg);
  });

  it('draws one rect per tile, in the tag colours, in the view-mode layout', () => {
    const tiles = [...svg.matchAll(/<rect class="mekko-tile" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="(#\w+)"/g)];
    expect(tiles).toHaveLength(5);
    // Plot 1402 x 620 at (150, 150): Cola is 3/4 of the population, its first audience 2/3 of it.
    expect(tiles[0]?.slice(1, 5).map(Number)).toEqual([150, 150, 1051.5, 413.33]);
    expect(tiles[2]?.slice(1, 4).map(Number)).toEqual([1201.5, 150, 350.5]);
    expect(tiles.map((t) => t[5])).toEqual(['#205493', '#BE5873', '#8a8f98', '#205493', '#205493']);
  });

  it('escapes every name, and writes names with counts on tall tiles', () => {
    expect(svg).toContain('<title>Fizz &lt;Original&gt; &amp; Co</title>');
    expect(svg).toContain('>Cola &amp; &lt;Friends&gt;</text>');
    expect(svg).toContain('>Loyal &quot;fans&quot;</text>');
    expect(svg).toContain('>Switchers&apos; club</text>');
    expect(svg).toContain('>2,000</text>');
    expect(svg).not.toContain('<Friends>');
  });

  it('labels the axes and lists the legend', () => {
    expect(svg).toContain('>Penetration</text>');
    for (const step of [0, 20, 40, 60, 80, 100]) expect(svg).toContain(`>${step}%</text>`);
    expect(svg).toContain(`>${GROW_TEXT.legendTitle}:</text>`);
    for (const { label, explanation } of Object.values(TAG_LABELS)) {
      expect(svg).toContain(`>${label}</tspan>`);
      expect(svg).toContain(`>${explanation}</tspan>`);
    }
    expect(svg.match(/class="mekko-legend-swatch"/g)).toHaveLength(3);
  });

  it("keeps skinny tiles free of text and short ones to the name", () => {
    const crowded: ChartMarket[] = [
      { id: 1, name: 'Tiny market', population: 1, audiences: [audience(1, 'In a skinny column', 5)] },
      { id: 2, name: 'Big', population: 1_000_000, audiences: [audience(2, 'Most', 920), audience(3, 'Few', 80)] },
    ];
    const out = chartSvg(crowded, { measurementLabel: 'Reach', title: 'Crowded' });
    expect(out).not.toContain('>In a skinny column</text>');
    expect(out).toContain('>Most</text>');
    expect(out).toContain('>920</text>');
    // 80 of 1,000 over 620 px is a 49.6 px tile: short, so the name alone.
    expect(out).toContain('>Few</text>');
    expect(out).not.toContain('>80</text>');
    assertWellFormed(out);
  });

  it('draws an empty chart with its axes and a message', () => {
    const out = chartSvg([], { measurementLabel: 'Penetration', title: 'Empty', widthPx: 1280, heightPx: 720 });
    expect(out).not.toContain('class="mekko-tile"');
    expect(out).toContain('>This chart has no markets yet.</text>');
    expect(out).toContain('>100%</text>');
    expect(svgSize(out)).toEqual({ width: 1280, height: 720 });
    assertWellFormed(out);
  });
});
