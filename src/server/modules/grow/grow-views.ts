import type { CountType, GrowTag } from '@shared/rules/grow';
import type { GrowAudience, GrowSegment, Mekko, MekkoSummary } from '@shared/schemas/grow';
import type { AudienceRow, ChartRow, MarketRow, SegmentRow } from './grow-repository';

/**
 * Whether the region's segments can be judged yet: while its data is generated or loaded the
 * segments table is not final, so no audience is called invalid (and no TV estimate is made).
 */
export interface Readiness {
  checked: boolean;
  people: number | null;
}

const chartFields = (row: ChartRow) => ({
  id: row.id,
  name: row.name,
  default: row.isDefault,
  measurement_label: row.measurementLabel,
  // The column is text; only the two count types are ever written to it.
  count_type: row.countType as CountType,
  vertical_type: row.verticalType,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

/** Short ids an audience names. */
export const namedShortIds = (a: Pick<AudienceRow, 'matchedShortId' | 'modeledShortId'>): number[] =>
  [a.matchedShortId, a.modeledShortId].filter((id): id is number => id !== null);

/**
 * Items (a chart's audiences, a journey's cells) naming a segment the region has deleted or does
 * not have; none while segments cannot be checked.
 */
export function invalidItemIds<T extends { id: number }>(items: readonly T[], shortIdsOf: (item: T) => number[], segments: readonly SegmentRow[], readiness: Readiness): number[] {
  if (!readiness.checked) return [];
  const live = new Set(segments.filter((s) => !s.deleted).map((s) => s.shortId));
  return items.filter((item) => shortIdsOf(item).some((id) => !live.has(id))).map((item) => item.id);
}

export const invalidAudienceIds = (audiences: readonly AudienceRow[], segments: readonly SegmentRow[], readiness: Readiness) =>
  invalidItemIds(audiences, namedShortIds, segments, readiness);

export function toSummary(row: ChartRow, invalidCount: number): MekkoSummary {
  return { ...chartFields(row), invalid_audience_count: invalidCount };
}

function toAudience(row: AudienceRow, inModels: ReadonlySet<number>): GrowAudience {
  return {
    id: row.id,
    market_id: row.marketId,
    name: row.name,
    // The column is text; only the three tags are ever written to it.
    tag: row.tag as GrowTag,
    order: row.position,
    matched_short_id: row.matchedShortId,
    modeled_short_id: row.modeledShortId,
    population: row.population,
    webo_cluster_id: row.weboClusterId,
    discussion_cluster_node_id: row.discussionClusterNodeId,
    in_prediction_model: inModels.has(row.id),
    demographics: row.demographics,
  };
}

/** A segment a chart (or a journey) names, as the page needs it offline. */
export function toSegment(row: SegmentRow): GrowSegment {
  return {
    id: row.shortId,
    identifier: row.identifier,
    name: row.name,
    path_parts: row.pathParts,
    vendor_type: row.vendorType,
    deleted: row.deleted,
    people_count: row.peopleCount,
    create_audience_single: row.allowCreateAudienceSingle,
  };
}

export interface ChartParts {
  chart: ChartRow;
  markets: readonly MarketRow[];
  /** In order within each market. */
  audiences: readonly AudienceRow[];
  segments: readonly SegmentRow[];
  inModels: ReadonlySet<number>;
  readiness: Readiness;
}

export function toMekko({ chart, markets, audiences, segments, inModels, readiness }: ChartParts): Mekko {
  const byMarket = new Map<number, AudienceRow[]>();
  for (const a of audiences) byMarket.set(a.marketId, [...(byMarket.get(a.marketId) ?? []), a]);
  const order = (x: { position: number; id: number }, y: { position: number; id: number }) => x.position - y.position || x.id - y.id;
  return {
    ...chartFields(chart),
    markets: [...markets].sort(order).map((m) => ({
      id: m.id,
      name: m.name,
      order: m.position,
      sub_markets: (byMarket.get(m.id) ?? []).sort(order).map((a) => toAudience(a, inModels)),
    })),
    segments: segments.map(toSegment),
    invalid_audience_ids: invalidAudienceIds(audiences, segments, readiness),
    segments_checked: readiness.checked,
    region_people: readiness.checked ? readiness.people : null,
  };
}
