import { combineFigures, type Figure } from '@shared/rules/uploads';

export { formatShare } from '../../components/insights/insights-model';

/** Grow's Market Level insights: the chart's markets and audiences as shares. */

interface InsightAudience {
  id: number | string;
  name: string;
  population: number;
  selected: boolean;
  /** Market-level demographic figures (the Grow uploader's, issue 29); none on older copies. */
  demographics?: readonly Figure[];
  /** The discussion cluster node whose word bubbles its insights show (issue 30). */
  discussion_cluster_node_id?: number | null;
}

export interface InsightMarket {
  id: number | string;
  name: string;
  population: number;
  audiences: InsightAudience[];
}

interface MarketShareRow {
  id: number | string;
  name: string;
  population: number;
  /** Of the chart's total population (0-1); null when the total is 0. */
  share: number | null;
  selected: boolean;
  audiences: (InsightAudience & { share: number | null })[];
}

/** Per market its share of the chart's total population, and per audience its share of its market. */
export function marketShares(markets: readonly InsightMarket[]): { total: number; markets: MarketShareRow[] } {
  const total = markets.reduce((sum, m) => sum + Math.max(0, m.population), 0);
  return {
    total,
    markets: markets.map((m) => ({
      id: m.id,
      name: m.name,
      population: m.population,
      share: total > 0 ? Math.max(0, m.population) / total : null,
      selected: m.audiences.some((a) => a.selected),
      audiences: m.audiences.map((a) => ({ ...a, share: m.population > 0 ? Math.max(0, a.population) / m.population : null })),
    })),
  };
}


/** A market's demographic figures: its audiences' people per attribute, as a share of the market. */
export function marketFigures(market: InsightMarket): Figure[] {
  return combineFigures(market.audiences.map((a) => ({ population: a.population, figures: a.demographics ?? [] })))
    .map((f) => ({ attribute: f.attribute, value: f.value, count: f.count, percent: f.percent }));
}
