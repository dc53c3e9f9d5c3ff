import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MarketLevelInsights } from './market-level-insights';

const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('MarketLevelInsights', () => {
  const html = renderToStaticMarkup(
    <MarketLevelInsights
      markets={[
        { id: 1, name: 'Cola', population: 3000, audiences: [{ id: 11, name: 'Loyal', population: 1500, selected: true }, { id: 12, name: 'Lapsed', population: 1500, selected: false }] },
        { id: 2, name: 'Water', population: 1000, audiences: [] },
      ]}
    />,
  );

  it('lists the markets with population, share of the total and a total row', () => {
    expect(html).toContain('<th scope="col">Market</th><th scope="col">Population</th><th scope="col">Share of total</th>');
    expect(html).toMatch(/<th scope="row"><span>Cola<\/span><\/th><td>3,000<\/td><td class="insight-row__share"><span class="insight-row__value">75\.0%<\/span>/);
    expect(html).toContain('<tfoot><tr><th scope="row">Total</th><td>4,000</td><td>100.0%</td></tr></tfoot>');
    expect(count(html, '<tfoot>')).toBe(1);
  });

  it("gives each market's audiences their share of it, the selected ones highlighted and named so", () => {
    expect(html).toContain('<th scope="col">Audience</th><th scope="col">Population</th><th scope="col">Share of market</th>');
    expect(count(html, 'insight-row--selected')).toBe(2); // Cola among the markets, Loyal among its audiences
    expect(count(html, '>Selected</span>')).toBe(1);
    expect(html).toContain('Audiences of Cola and their share of the market&#x27;s population');
    expect(html).toContain('No audiences in this market.');
    expect(html).toContain('1,000 people · 25.0% of the total population');
  });

  it('says so when the chart has no markets', () => {
    expect(renderToStaticMarkup(<MarketLevelInsights markets={[]} />)).toContain('This chart has no markets yet.');
  });
});
