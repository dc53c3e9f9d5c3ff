import { describe, expect, it } from 'vitest';
import { OUTCOMES_TEXT } from '@shared/rules/outcomes';
import { svgSize, xmlEscape } from '../../lib/chart-file';
import { assertWellFormed } from '../../lib/chart-file.test-support';
import { rangeChartSvg } from './range-export';
import { audienceColours, buildRangeCharts, type RangeMarket, type RangeTimeframe } from './range-model';

const markets: RangeMarket[] = [
  { id: 1, name: 'Soda & <Co>', sub_markets: [{ id: 11, name: 'Fans', tag: 'owned' }, { id: 12, name: 'Switchers', tag: 'opportunity' }] },
  { id: 2, name: 'Water', sub_markets: [{ id: 21, name: 'Runners', tag: 'none' }] },
];
const zero = { total: 0, matched: 0, modeled: 0 };
/** Fans and Switchers overlap: 9,000 + 6,000 in a market of 10,000; the chart counts 12,000 people. */
const month = (m: number): RangeTimeframe => ({
  year: 2026, month: m, ...zero, matched: 12_000,
  market_outcomes: [{ market_id: 1, ...zero, matched: 10_000 }, { market_id: 2, ...zero, matched: 2_000 }],
  submarket_outcomes: [{ sub_market_id: 11, ...zero, matched: 9_000 }, { sub_market_id: 12, ...zero, matched: 6_000 }, { sub_market_id: 21, ...zero, matched: 2_000 }],
});
const colours = audienceColours(markets);
const svgOf = (group: 'none' | 'market') =>
  rangeChartSvg(buildRangeCharts(markets, [month(9), month(10)], 'matched', group), markets, colours, { title: 'Fizz · Matched Addressable', tabLabel: 'Matched Addressable' });

describe('rangeChartSvg (issue 27: Measure exports what it draws)', () => {
  it('is a well-formed standalone SVG, 1600 wide, with the title, the legend and its note', () => {
    const svg = svgOf('none');
    assertWellFormed(svg);
    expect(svgSize(svg)?.width).toBe(1600);
    expect(svg).toContain('<title>Fizz · Matched Addressable</title>');
    expect(svg).toContain('>Soda &amp; &lt;Co&gt;</text>');
    expect(svg).toContain(`>${xmlEscape(OUTCOMES_TEXT.countedOnce)}</text>`);
    expect(svg.match(/class="range-legend-swatch"/g)).toHaveLength(3);
    expect(svg).toContain(`fill="${colours.get(11)}"`);
  });

  it('draws the screen’s stacks: a segment per audience and month, each stack the chart’s 12,000 people counted once', () => {
    const svg = svgOf('none');
    const segments = [...svg.matchAll(/<rect class="range-segment" x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)];
    expect(segments).toHaveLength(6);
    expect(svg).toContain('<title>Fans (Soda &amp; &lt;Co&gt;), Sep 2026: 9,000</title>');
    // The y axis: 12 ticks in one format, steps of round(12,000 × 1.2 / 12) = 1,200.
    for (const tick of ['>0</text>', '>1.2K</text>', '>13.2K</text>']) expect(svg).toContain(tick);
    // A stack's segments add up to 12,000 of the axis' 13,200 over the 420 px plot.
    const september = segments.filter((s) => s[1] === segments[0]?.[1]);
    const height = september.reduce((n, s) => n + Number(s[3]), 0);
    expect(height).toBeCloseTo((12_000 / 13_200) * 420, 0);
    expect(svg).toContain('>Sep 2026</text>');
    expect(svg).toContain('>Date</text>');
  });

  it('draws one titled chart per market when grouped by market', () => {
    const svg = svgOf('market');
    assertWellFormed(svg);
    expect(svg.match(/font-size="18" font-weight="700"/g)).toHaveLength(2);
    expect(svg.match(/class="range-segment"/g)).toHaveLength(6);
    expect(svgSize(svg)!.height).toBeGreaterThan(svgSize(svgOf('none'))!.height);
  });
});
