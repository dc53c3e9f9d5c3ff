import { formatCount, segmentFieldOf, segmentKindOf, tvPanelists, zeroCause, type GrowTab, type TvCountSettings } from '@shared/rules/grow';
import type { GrowSegment } from '@shared/schemas/grow';
import type { Counts, CountsBody } from '@shared/schemas/insights';
import type { ChartMarket } from '../../components/mekko/chart-model';
import type { AudienceView, MekkoView, SummaryView } from './chart-edits';

/**
 * From the chart and its counts to what the chart component draws. Pure, so the page, the PNG
 * and SVG export and the render bench agree.
 */

/** The chart to show: the one in the URL, else the default when valid, else the first valid one (spec 3 §4). */
export function chooseChart(list: readonly SummaryView[], wanted: number | undefined): SummaryView | undefined {
  if (wanted !== undefined) return list.find((c) => c.id === wanted);
  const valid = list.filter((c) => c.invalid_audience_count === 0 && !c.pending);
  return valid.find((c) => c.default) ?? valid[0] ?? list.find((c) => !c.pending);
}

const numeric = (id: number | string): id is number => typeof id === 'number';

/** The counts call of no chart (a disabled query still needs a key). */
export const NO_COUNTS: CountsBody = {
  matched_short_ids: {}, modeled_short_ids: {}, focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [],
};

/** The counts call for a chart (spec 3 §7): matched and modeled short ids grouped by market. */
export function countsBodyOf(chart: MekkoView): CountsBody {
  const matched: Record<string, number[]> = {};
  const modeled: Record<string, number[]> = {};
  // Segments the region no longer has would make the engine refuse the whole call: they count 0.
  const live = new Set(chart.segments.filter((s) => !s.deleted).map((s) => s.id));
  const countable = (id: number | null): id is number => id !== null && (!chart.segments_checked || live.has(id));
  for (const market of chart.markets) {
    // A market made offline has no id yet; its audiences are counted once it is saved.
    if (!numeric(market.id)) continue;
    const m = market.sub_markets.flatMap((a) => (countable(a.matched_short_id) ? [a.matched_short_id] : []));
    const d = market.sub_markets.flatMap((a) => (countable(a.modeled_short_id) ? [a.modeled_short_id] : []));
    matched[market.id] = [...new Set(m)].sort((a, b) => a - b);
    modeled[market.id] = [...new Set(d)].sort((a, b) => a - b);
  }
  return {
    matched_short_ids: matched, modeled_short_ids: modeled, focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [],
    demo_as_segments: false, current_view: 'All', feature: 'measure-v3', service_type: 'grow',
  };
}

interface CountScale {
  countType: 'people_count' | 'tv_panelists';
  tv: TvCountSettings | null;
  people: number | null;
}

/** A people count as the chart's count type shows it: TV panelist estimates when the chart counts panelists (null = a dash). */
export function scaled(count: number | null, scale: CountScale): number | null {
  if (count === null) return null;
  if (scale.countType !== 'tv_panelists' || !scale.tv || scale.people === null) return count;
  return tvPanelists(count, scale.people, scale.tv);
}

/** The totals above the chart: population typed into the audiences, and the engine's matched and modeled totals. */
export function tabTotals(chart: MekkoView, counts: Counts | undefined, scale: CountScale): Record<GrowTab, number | null> {
  const total = chart.markets.reduce((sum, m) => sum + m.sub_markets.reduce((s, a) => s + a.population, 0), 0);
  return {
    total,
    matched: counts ? scaled(counts.total_matched_count, scale) : null,
    modeled: counts ? scaled(counts.total_modeled_count, scale) : null,
  };
}

/** The chart component's markets for a tab: each audience's count (population, or its segment's count), labels and flags. */
export function chartMarkets(chart: MekkoView, tab: GrowTab, counts: Counts | undefined, scale: CountScale): ChartMarket[] {
  const segments = new Map<number, GrowSegment>(chart.segments.map((s) => [s.id, s]));
  const invalid = new Set(chart.invalid_audience_ids.map(String));
  const field = segmentFieldOf(tab);
  return chart.markets.map((market) => ({
    id: market.id,
    name: market.name,
    pending: market.pending,
    population: market.sub_markets.reduce((s, a) => s + a.population, 0),
    audiences: market.sub_markets.map((a) => {
      const shortId = tab === 'total' ? a.matched_short_id : a[field];
      const segment = shortId === null ? undefined : segments.get(shortId);
      const raw = tab === 'total' ? a.population : shortId === null ? 0 : counts ? (counts.segment_counts[String(shortId)] ?? null) : null;
      const count = tab === 'total' ? raw : scaled(raw, scale);
      return {
        id: a.id,
        name: a.name,
        tag: a.tag,
        count,
        countLabel: formatCount(count),
        segmentLabel: segment ? segment.path_parts.join(' > ') : null,
        segment: segment ? { deleted: segment.deleted, people_count: segment.people_count } : null,
        zeroCause: zeroCause(tab, tab === 'total' ? null : shortId, segment),
        segmentKind: segmentKindOf(tab),
        pending: a.pending,
        invalid: invalid.has(String(a.id)),
      };
    }),
  }));
}

/** The fields the selection rules look at. */
export const toSelectable = (a: AudienceView) => ({ id: Number(a.id), market_id: Number(a.market_id), name: a.name, matched_short_id: a.matched_short_id, modeled_short_id: a.modeled_short_id });
