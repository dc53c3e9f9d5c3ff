import type { JourneyIcon } from '@shared/rules/journey';
import type { Journey, JourneyBody, JourneySegment, JourneySummary } from '@shared/schemas/journeys';
import type { SegmentRow } from '../grow/grow-repository';
import { invalidItemIds, toSegment, type Readiness } from '../grow/grow-views';
import type { BrandRow, CellRow, JourneyItems, JourneyRow, StageRow } from './journeys-repository';

/** A journey's answers, as Grow's chart views: the rows in the API's names. */

const journeyFields = (row: JourneyRow) => ({
  id: row.id,
  name: row.name,
  default: row.isDefault,
  has_transition_data: row.hasTransitionData,
  version: row.version,
  updated_at: row.updatedAt.toISOString(),
});

/** Short ids a cell names. */
export const cellShortIds = (c: Pick<CellRow, 'matchedId' | 'modeledId'>): number[] =>
  [c.matchedId, c.modeledId].filter((id): id is number => id !== null);

/** Cells naming a segment the region has deleted or does not have; none while segments cannot be checked. */
export const invalidCellIds = (cells: readonly CellRow[], segments: readonly SegmentRow[], readiness: Readiness) =>
  invalidItemIds(cells, cellShortIds, segments, readiness);

/** The items of one journey, out of `itemsOf` for several. */
export function itemsFor(items: JourneyItems, journeyId: number): JourneyItems {
  return {
    brands: items.brands.filter((b) => b.journeyId === journeyId),
    stages: items.stages.filter((s) => s.journeyId === journeyId),
    cells: items.cells.filter((c) => c.journeyId === journeyId),
  };
}

export function toSummary(row: JourneyRow, items: JourneyItems, invalidCount: number): JourneySummary {
  return { ...journeyFields(row), brand_count: items.brands.length, stage_count: items.stages.length, invalid_cell_count: invalidCount };
}

const toBrand = (b: BrandRow) => ({ id: b.id, name: b.name, order: b.order });
// The column holds only the icons a save's schema lets through.
const toStage = (s: StageRow) => ({ id: s.id, name: s.name, priority: s.priority, icon: s.icon as JourneyIcon });

function journeySegment(row: SegmentRow): JourneySegment {
  const { create_audience_single: _journeysDoNotNeedIt, ...segment } = toSegment(row);
  return segment;
}

/** Brands by order and stages by priority; cells row by row, stage by stage. */
export function toJourney(row: JourneyRow, items: JourneyItems, segments: readonly SegmentRow[], readiness: Readiness): Journey {
  const brandIndex = new Map(items.brands.map((b, i) => [b.id, i]));
  const stageIndex = new Map(items.stages.map((s, i) => [s.id, i]));
  const cells = [...items.cells].sort((x, y) =>
    (brandIndex.get(x.journeyBrandId) ?? 0) - (brandIndex.get(y.journeyBrandId) ?? 0) || (stageIndex.get(x.journeyStageId) ?? 0) - (stageIndex.get(y.journeyStageId) ?? 0));
  return {
    ...journeyFields(row),
    brands: items.brands.map(toBrand),
    stages: items.stages.map(toStage),
    sub_markets: cells.map((c) => ({ id: c.id, ...toCell(c), demographics: c.demographics })),
    segments: segments.map(journeySegment),
    invalid_cell_ids: invalidCellIds(items.cells, segments, readiness),
    segments_checked: readiness.checked,
  };
}

/** A cell in the API's names, without its own id (a save names cells by brand and stage). */
const toCell = (c: CellRow) => ({
  journey_brand_id: c.journeyBrandId,
  journey_stage_id: c.journeyStageId,
  population: c.population,
  matched_id: c.matchedId,
  modeled_id: c.modeledId,
  discussion_cluster_node_id: c.discussionClusterNodeId,
});

/** The journey as a save's body names it: what an edit over a newer version is merged with (theirs). */
export function bodyOf(row: JourneyRow, items: JourneyItems): JourneyBody {
  return {
    name: row.name,
    default: row.isDefault,
    has_transition_data: row.hasTransitionData,
    brands: items.brands.map(toBrand),
    stages: items.stages.map(toStage),
    sub_markets: items.cells.map(toCell),
  };
}
