import { useId } from 'react';
import { formatCount } from '@shared/rules/grow';
import { NO_MARKETS_TEXT } from '../../components/mekko/chart-model';
import type { DiscussionNode } from '@shared/schemas/discussions';
import { FiguresTable } from '../../components/insights/figures-table';
import { SurveyResults } from '../../components/insights/survey-results';
import { WordBubbles } from '../../components/insights/word-bubbles';
import { formatShare, marketFigures, marketShares, type InsightMarket } from './insights-model';

const shareText = (share: number | null) => (share === null ? '—' : formatShare(share));
const barStyle = (share: number | null) => ({ width: `${share === null ? 0 : Math.min(100, share * 100)}%` });

interface ShareRow {
  id: number | string;
  name: string;
  population: number;
  share: number | null;
  selected: boolean;
}

interface ShareTableProps {
  caption: string;
  /** The first column's heading ('Market', 'Audience'). */
  item: string;
  /** The share column's heading. */
  shareOf: string;
  rows: readonly ShareRow[];
  /** Selected rows also say so in words (audiences); otherwise only their highlight marks them. */
  badgeSelected?: boolean;
  /** The total row under the markets. */
  total?: number;
}

/** A table of population and share per row, with a bar per share and the selected rows highlighted. */
function ShareTable({ caption, item, shareOf, rows, badgeSelected = false, total }: ShareTableProps) {
  return (
    <table className="insight-table">
      <caption className="grow-sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{item}</th>
          <th scope="col">Population</th>
          <th scope="col">{shareOf}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} className={row.selected ? 'insight-row insight-row--selected' : 'insight-row'}>
            <th scope="row">
              <span>{row.name}</span>
              {badgeSelected && row.selected ? <span className="insight-badge insight-badge--selected">Selected</span> : null}
            </th>
            <td>{formatCount(row.population)}</td>
            <td className="insight-row__share">
              <span className="insight-row__value">{shareText(row.share)}</span>
              <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={barStyle(row.share)} /></span>
            </td>
          </tr>
        ))}
      </tbody>
      {total === undefined ? null : (
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatCount(total)}</td>
            <td>{total > 0 ? formatShare(1) : '—'}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/**
 * A market's uploaded demographic figures (issue 29): the market's (its audiences' people summed)
 * and each selected audience's own, beside the population shares above them.
 */
function MarketDemographics({ market, discussions, context, onEditDiscussion }: { market: InsightMarket; discussions: readonly DiscussionNode[]; context: string | undefined; onEditDiscussion?: (nodeId: number) => void }) {
  const combined = marketFigures(market);
  const selected = market.audiences.filter((a) => a.selected && (a.demographics?.length ?? 0) > 0);
  // Issue 30: what the selected audiences' consumers talk about, where they have a discussion cluster.
  const talking = market.audiences.flatMap((a) => {
    const node = a.selected && a.discussion_cluster_node_id != null ? discussions.find((d) => d.id === a.discussion_cluster_node_id) : undefined;
    return node ? [{ audience: a, node }] : [];
  });
  // And their surveys (issue 30): an audience's own, once saved (an id of the server's).
  const surveyed = context ? market.audiences.filter((a): a is typeof a & { id: number } => a.selected && typeof a.id === 'number') : [];
  if (combined.length === 0 && talking.length === 0 && surveyed.length === 0) return null;
  return (
    <div className="market-insights__demographics">
      {combined.length > 0 ? <FiguresTable label={`Demographics of ${market.name}`} title={`Demographics · ${market.name}`} rows={combined} population={market.population} /> : null}
      {selected.map((a) => (
        <FiguresTable key={a.id} label={`Demographics of ${a.name}`} title={`Demographics · ${a.name}`} rows={a.demographics ?? []} population={a.population} />
      ))}
      {surveyed.map((a) => <SurveyResults key={`survey-${a.id}`} context={context!} level="audience" item={{ sub_market_id: a.id }} what={a.name} />)}
      {talking.map(({ audience, node }) => (
        <div key={audience.id} className="market-insights__discussion">
          <p className="market-insights__summary">
            {`What ${audience.name} talk about`}
            {onEditDiscussion ? <> <button type="button" className="button button--ghost" onClick={() => onEditDiscussion(node.id)}>{`Edit word bubbles of ${node.name}`}</button></> : null}
          </p>
          <WordBubbles node={node} />
        </div>
      ))}
    </div>
  );
}

/**
 * Market Level insights: each market's population and share of the chart's total, and each
 * audience's share of its market, with the selected audiences highlighted.
 */
export function MarketLevelInsights({ markets, discussions = [], context, onEditDiscussion }: {
  markets: readonly InsightMarket[];
  discussions?: readonly DiscussionNode[];
  context?: string;
  /** Opens Grow's discussion cluster form on a node, for who may edit clusters. */
  onEditDiscussion?: (nodeId: number) => void;
}) {
  const id = useId();
  const { total, markets: rows } = marketShares(markets);
  if (rows.length === 0) return <p className="insight-prompt">{NO_MARKETS_TEXT}</p>;

  return (
    <div className="market-insights">
      <section aria-labelledby={`${id}-markets`}>
        <h3 id={`${id}-markets`} className="market-insights__title">Markets</h3>
        <ShareTable
          caption="Population of each market and its share of the chart's total population"
          item="Market"
          shareOf="Share of total"
          rows={rows}
          total={total}
        />
      </section>
      {rows.map((m) => (
        <section key={m.id} className="market-insights__market" aria-labelledby={`${id}-market-${m.id}`}>
          <h3 id={`${id}-market-${m.id}`} className="market-insights__title">{m.name}</h3>
          <p className="market-insights__summary">
            {formatCount(m.population)} people · {shareText(m.share)} of the total population
          </p>
          {m.audiences.length === 0 ? (
            <p className="insight-prompt">No audiences in this market.</p>
          ) : (
            <ShareTable
              caption={`Audiences of ${m.name} and their share of the market's population`}
              item="Audience"
              shareOf="Share of market"
              rows={m.audiences}
              badgeSelected
            />
          )}
          <MarketDemographics market={markets.find((x) => x.id === m.id)!} discussions={discussions} context={context} onEditDiscussion={onEditDiscussion} />
        </section>
      ))}
    </div>
  );
}
