import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { OUTCOMES_TEXT } from '@shared/rules/outcomes';
import { RangeChart } from './range-chart';
import type { RangeGroup, RangeMarket, RangeTimeframe } from './range-model';

/*
 * The unit project has no DOM, so the chart renders to markup (nivo at its default size): enough
 * to pin the segments' names, dimming, the axes' ticks and legends and the figures' table. The
 * View menu, clicks and the legend's folding are browser work (tests/e2e/measure-range.spec.ts).
 */

const markets: RangeMarket[] = [
  { id: 1, name: 'Soda', sub_markets: [{ id: 11, name: 'Fans', tag: 'owned' }, { id: 12, name: 'Switchers', tag: 'opportunity' }] },
  { id: 2, name: 'Water', sub_markets: [{ id: 21, name: 'Runners', tag: 'none' }] },
];
/** A month's Matched figures: each audience's; a market's its audiences' sum, the chart's the markets' (no overlap). */
const tf = (year: number, month: number, f: Record<number, number>): RangeTimeframe => {
  const soda = (f[11] ?? 0) + (f[12] ?? 0);
  const water = f[21] ?? 0;
  return {
    year, month, total: 0, matched: soda + water, modeled: 0,
    market_outcomes: [{ market_id: 1, total: 0, matched: soda, modeled: 0 }, { market_id: 2, total: 0, matched: water, modeled: 0 }],
    submarket_outcomes: Object.entries(f).map(([id, matched]) => ({ sub_market_id: Number(id), total: 0, matched, modeled: 0 })),
  };
};
const timeframes = [tf(2025, 11, { 11: 1000, 12: 500, 21: 100 }), tf(2025, 12, { 11: 1200, 12: 0, 21: 900 })];
const noop = () => undefined;
const render = (group: RangeGroup, selectedSubMarketId: number | null = null) => renderToStaticMarkup(
  <RangeChart markets={markets} timeframes={timeframes} tab="matched" group={group} onGroupChange={noop} selectedSubMarketId={selectedSubMarketId} onToggleSubMarket={noop} />,
);
const count = (html: string, needle: string) => html.split(needle).length - 1;
/** The y axis' tick texts of each chart, in order. */
const yTicks = (html: string) => [...html.matchAll(/text-anchor="end" transform="translate\(-10,0\) rotate\(0\)"[^>]*>([^<]+)</g)].map((m) => m[1]);

describe('RangeChart', () => {
  it('draws one chart of every audience with a named segment per figure, the zero one left out', () => {
    const html = render('none');
    expect(count(html, '<figure')).toBe(1);
    expect(html).toContain('aria-label="All markets: Matched Addressable stacked by audience, 2 months"');
    for (const name of ['Fans (Soda), Nov 2025: 1,000', 'Switchers (Soda), Nov 2025: 500', 'Runners (Water), Nov 2025: 100', 'Fans (Soda), Dec 2025: 1,200', 'Runners (Water), Dec 2025: 900']) {
      expect(html).toContain(`role="img" aria-label="${name}"`);
    }
    expect(html).not.toContain('Switchers (Soda), Dec 2025');
    expect(count(html, 'fill-opacity="1"')).toBe(5);
  });

  it('has a Count axis of 12 ticks from the tallest stack and a Date axis of the months', () => {
    const html = render('none');
    // Tallest stack 2100: step round(2100 × 1.2 / 12) = 210; every tick in one format.
    expect(yTicks(html)).toEqual(['0', '210', '420', '630', '840', '1,050', '1,260', '1,470', '1,680', '1,890', '2,100', '2,310']);
    expect(html).toContain('>Count</text>');
    expect(html).toContain('>Date</text>');
    expect(html).toContain('>Nov 2025</text>');
    expect(html).toContain('>Dec 2025</text>');
  });

  it('draws one chart per market, each with its own ticks', () => {
    const html = render('market');
    expect(count(html, '<figure')).toBe(2);
    expect(html).toContain('<figcaption class="range-chart__title">Soda</figcaption>');
    expect(html).toContain('<figcaption class="range-chart__title">Water</figcaption>');
    const ticks = yTicks(html);
    expect(ticks).toHaveLength(24);
    expect(ticks.slice(0, 2)).toEqual(['0', '150']);
    expect(ticks.slice(12, 14)).toEqual(['0', '90']);
  });

  it('dims every audience but the selected one, in the stacks and the legend', () => {
    const html = render('none', 12);
    expect(count(html, 'fill-opacity="0.25"')).toBe(4);
    expect(html).toMatch(/class="range-chart__segment is-selected"[^>]*fill-opacity="1" role="img" aria-label="Switchers \(Soda\), Nov 2025: 500"/);
    expect(html).toMatch(/class="range-legend__audience" aria-pressed="true"><span[^>]*><\/span>Switchers</);
    expect(count(html, 'range-legend__audience is-dimmed')).toBe(2);
  });

  it('lists markets and audiences in the legend and every figure in a table', () => {
    const html = render('none');
    expect(html).toContain('role="group" aria-label="Soda"');
    expect(html).toContain('style="max-height:55px"');
    expect(html).toContain('<caption>All markets: Matched Addressable by month</caption>');
    expect(html).toContain('<th scope="row">Switchers (Soda)</th><td>500</td><td>0</td>');
    expect(html).toContain('<th scope="row">Runners (Water)</th><td>100</td><td>900</td>');
    expect(html).toContain('<th scope="row">Soda, counted once</th><td>1,500</td><td>1,200</td>');
    expect(html).toContain('<th scope="row">All markets, counted once</th><td>1,600</td><td>2,100</td>');
    expect(html).toContain(OUTCOMES_TEXT.countedOnce.replace("'", '&#x27;'));
  });

  it('says so when the chart has no audiences', () => {
    const html = renderToStaticMarkup(
      <RangeChart markets={[{ id: 3, name: 'Empty', sub_markets: [] }]} timeframes={timeframes} tab="matched" group="none" onGroupChange={noop} selectedSubMarketId={null} onToggleSubMarket={noop} />,
    );
    expect(html).toContain('This chart has no markets yet.');
    expect(count(html, '<figure')).toBe(0);
  });
});
