import { useId } from 'react';
import { formatPeople, formatShare, marketShares, type InsightMarket } from './insights-model';

const shareText = (share: number | null) => (share === null ? '—' : formatShare(share));
const barStyle = (share: number | null) => ({ width: `${share === null ? 0 : Math.min(100, share * 100)}%` });

/**
 * Market Level insights: each market's population and share of the chart's total, and each
 * audience's share of its market, with the selected audiences highlighted.
 */
export function MarketLevelInsights({ markets }: { markets: readonly InsightMarket[] }) {
  const id = useId();
  const { total, markets: rows } = marketShares(markets);
  if (rows.length === 0) return <p className="insight-prompt">This chart has no markets yet.</p>;

  return (
    <div className="market-insights">
      <section aria-labelledby={`${id}-markets`}>
        <h3 id={`${id}-markets`} className="market-insights__title">Markets</h3>
        <table className="insight-table">
          <caption className="insights-sr-only">Population of each market and its share of the chart&apos;s total population</caption>
          <thead>
            <tr>
              <th scope="col">Market</th>
              <th scope="col">Population</th>
              <th scope="col">Share of total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((m) => (
              <tr key={m.id} className={m.selected ? 'insight-row insight-row--selected' : 'insight-row'}>
                <th scope="row">{m.name}</th>
                <td>{formatPeople(m.population)}</td>
                <td className="insight-row__share">
                  <span className="insight-row__value">{shareText(m.share)}</span>
                  <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={barStyle(m.share)} /></span>
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td>{formatPeople(total)}</td>
              <td>{total > 0 ? '100.0%' : '—'}</td>
            </tr>
          </tfoot>
        </table>
      </section>
      {rows.map((m) => (
        <section key={m.id} className="market-insights__market" aria-labelledby={`${id}-market-${m.id}`}>
          <h3 id={`${id}-market-${m.id}`} className="market-insights__title">{m.name}</h3>
          <p className="market-insights__summary">
            {formatPeople(m.population)} people · {shareText(m.share)} of the total population
          </p>
          {m.audiences.length === 0 ? (
            <p className="insight-prompt">No audiences in this market.</p>
          ) : (
            <table className="insight-table">
              <caption className="insights-sr-only">Audiences of {m.name} and their share of the market&apos;s population</caption>
              <thead>
                <tr>
                  <th scope="col">Audience</th>
                  <th scope="col">Population</th>
                  <th scope="col">Share of market</th>
                </tr>
              </thead>
              <tbody>
                {m.audiences.map((a) => (
                  <tr key={a.id} className={a.selected ? 'insight-row insight-row--selected' : 'insight-row'}>
                    <th scope="row">
                      <span>{a.name}</span>
                      {a.selected ? <span className="insight-badge insight-badge--selected">Selected</span> : null}
                    </th>
                    <td>{formatPeople(a.population)}</td>
                    <td className="insight-row__share">
                      <span className="insight-row__value">{shareText(a.share)}</span>
                      <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={barStyle(a.share)} /></span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}
