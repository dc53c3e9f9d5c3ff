import { brandColour, formatTransition, gaugeFill, orderedBrands, orderedStages, shownName, type JourneyIcon } from '@shared/rules/journey';
import type { JourneyCounts, JourneySegment } from '@shared/schemas/journeys';
import type { JourneyCellView, JourneySummaryView, JourneyView } from '../data/journey-edits';

/**
 * What the Journey chart draws (spec 3 §2.3, §4), worked out from the journey, its counts on the
 * tab and the selected brand. Pure, so the layout rules are tested without a browser.
 */
type ItemId = number | string;

export interface BrandModel {
  id: ItemId;
  name: string;
  colour: string;
}

export interface StageBrandCount {
  brand: BrandModel;
  count: number | null;
}

export interface StageModel {
  id: ItemId;
  name: string;
  /** The name cut at 20 characters (the tooltip has it whole). */
  shown: string;
  icon: JourneyIcon;
  /** The selected brand's count on the tab; null when its cell has none (no segment, not counted yet). */
  count: number | null;
  /** How full the gauge is (0-1), against the brand's largest stage. */
  fill: number;
  /** Every brand's count (the mini panel's bars). */
  brands: StageBrandCount[];
  /** The selected brand's cell. */
  cell: JourneyCellView | undefined;
  /** The segment the cell counts by on the tab (for the zero-count explanation). */
  segment: JourneySegment | null;
  /** To the next stage, for the selected brand ('42.5%', 'N/A'); null for the last stage or without transition data. */
  transition: string | null;
}

export interface ChartModel {
  brands: BrandModel[];
  stages: StageModel[];
}

const same = (a: ItemId, b: ItemId) => String(a) === String(b);

export function brandsOf(journey: Pick<JourneyView, 'brands'>): BrandModel[] {
  return orderedBrands(journey.brands).map((b, i) => ({ id: b.id, name: b.name, colour: brandColour(i) }));
}

/** The chart of `journey` for `brandId` (the first brand when it is not one of them) on a tab's counts. */
export function journeyChart(journey: JourneyView, counts: JourneyCounts | undefined, brandId: ItemId | null, tab: 'total' | 'matched' | 'modeled'): ChartModel {
  const brands = brandsOf(journey);
  const brand = brands.find((b) => brandId !== null && same(b.id, brandId)) ?? brands[0];
  const stages = orderedStages(journey.stages);
  const countOf = (b: ItemId, s: ItemId): number | null =>
    counts?.brands.find((x) => same(x.brand_id, b))?.stages.find((x) => same(x.stage_id, s))?.count ?? null;
  const brandCounts = brand ? stages.map((s) => countOf(brand.id, s.id)) : [];
  const transitions = brand && journey.has_transition_data ? counts?.brands.find((x) => same(x.brand_id, brand.id))?.transitions ?? [] : [];
  const segments = new Map(journey.segments.map((s) => [s.id, s]));
  return {
    brands,
    stages: stages.map((s, i) => {
      const count = brandCounts[i] ?? null;
      const cell = brand ? journey.sub_markets.find((c) => same(c.journey_brand_id, brand.id) && same(c.journey_stage_id, s.id)) : undefined;
      const segmentId = cell ? (tab === 'modeled' ? cell.modeled_id : tab === 'matched' ? cell.matched_id : null) : null;
      const next = stages[i + 1];
      const arrow = next && journey.has_transition_data ? transitions.find((t) => same(t.from_stage_id, s.id) && same(t.to_stage_id, next.id)) : undefined;
      return {
        id: s.id,
        name: s.name,
        shown: shownName(s.name),
        icon: s.icon,
        count,
        fill: gaugeFill(count, brandCounts),
        brands: brands.map((b) => ({ brand: b, count: countOf(b.id, s.id) })),
        cell,
        segment: segmentId === null ? null : (segments.get(segmentId) ?? null),
        transition: next && journey.has_transition_data ? formatTransition(arrow?.share) : null,
      };
    }),
  };
}

/**
 * The journey to show (spec 3 §4): the one asked for when it exists, else the default when it
 * can be selected, else the first that can; a journey with invalid audiences or not yet saved
 * cannot be selected from the list, but one asked for by id opens (on its invalid dialog).
 */
export function chooseJourney<J extends Pick<JourneySummaryView, 'id' | 'default' | 'invalid_cell_count' | 'pending'>>(list: readonly J[], id: ItemId | undefined): J | undefined {
  if (id !== undefined) return list.find((j) => same(j.id, id));
  const selectable = list.filter((j) => j.invalid_cell_count === 0 && !j.pending);
  return selectable.find((j) => j.default) ?? selectable[0] ?? list[0];
}

/** A stage's bars in the mini panel: each brand's share of the largest count (0-1). */
export function barShares(counts: readonly (number | null)[]): number[] {
  const max = Math.max(0, ...counts.map((c) => c ?? 0));
  return counts.map((c) => (c === null || !(max > 0) ? 0 : c / max));
}

/** Counts as the gauges show them: 1.2M, 34.5K, 980. */
export function compactCount(count: number | null): string {
  if (count === null || !Number.isFinite(count)) return '—';
  const abs = Math.abs(count);
  const cut = (n: number, unit: string) => `${(count / n).toFixed(abs / n >= 100 ? 0 : 1).replace(/\.0$/, '')}${unit}`;
  if (abs >= 1e9) return cut(1e9, 'B');
  if (abs >= 1e6) return cut(1e6, 'M');
  if (abs >= 1e3) return cut(1e3, 'K');
  return String(Math.round(count));
}
