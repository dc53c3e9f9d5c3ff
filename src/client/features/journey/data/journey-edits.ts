import type { Journey, JourneyBody, JourneyBrand, JourneyCell, JourneyStage, JourneySummary } from '@shared/schemas/journeys';
import type { JourneyIcon } from '@shared/rules/journey';
import type { QueuedEdit } from '../../../lib/offline/db';

/**
 * What a queued journey write does to what the Journey pages show before the server has it
 * (decision 007's optimistic view, decision 013's whole-journey saves). Pure: the outbox handler
 * applies these to the cached list and the open journey. A journey, brand or stage made on this
 * device carries its temporary key ('tmp-<uuid>') as id until the server names it; a journey
 * made offline shows pending, with no counts until the server has counted it.
 */
type ItemId = number | string;
export type JourneyBrandView = Omit<JourneyBrand, 'id'> & { id: ItemId };
export type JourneyStageView = Omit<JourneyStage, 'id'> & { id: ItemId };
export type JourneyCellView = Omit<JourneyCell, 'id' | 'journey_brand_id' | 'journey_stage_id'> & { id: ItemId; journey_brand_id: ItemId; journey_stage_id: ItemId };
export type JourneyView = Omit<Journey, 'id' | 'brands' | 'stages' | 'sub_markets'> & {
  id: ItemId;
  brands: JourneyBrandView[];
  stages: JourneyStageView[];
  sub_markets: JourneyCellView[];
  pending?: boolean;
};
export type JourneySummaryView = Omit<JourneySummary, 'id'> & { id: ItemId; pending?: boolean };

export type JourneyEdit = QueuedEdit;

type Body = Record<string, unknown>;
const bodyOf = (edit: Pick<JourneyEdit, 'body'>): Body => (typeof edit.body === 'object' && edit.body !== null ? (edit.body as Body) : {});
const same = (a: ItemId, b: ItemId) => String(a) === String(b);

/** The parts of a journey write's path: /api/journeys[/:id[/copy|/remove-invalid]]. */
export function parseJourneyPath(path: string): { journeyId: string | null; action: string | null } {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  if (parts[0] !== 'api' || parts[1] !== 'journeys') return { journeyId: null, action: null };
  return { journeyId: parts[2] ?? null, action: parts[3] ?? null };
}

/** Default first, then by name (as the server lists them). */
export function sortJourneys<T extends { default: boolean; name: string; id: ItemId }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.default) - Number(a.default) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || String(a.id).localeCompare(String(b.id)));
}

/** At most one default: the one just made default, if any. */
function withDefault<T extends { id: ItemId; default: boolean }>(list: readonly T[], defaultId: ItemId | null): T[] {
  return defaultId === null ? [...list] : list.map((j) => ({ ...j, default: same(j.id, defaultId) }));
}

/** The journey's saveable part (a body as the builder sends it), from what the page shows. */
export function bodyOfJourney(journey: Pick<JourneyView, 'name' | 'default' | 'has_transition_data' | 'brands' | 'stages' | 'sub_markets'>): JourneyBody {
  return {
    name: journey.name,
    default: journey.default,
    has_transition_data: journey.has_transition_data,
    brands: journey.brands.map(({ id, name, order }) => ({ id, name, order })),
    stages: journey.stages.map(({ id, name, priority, icon }) => ({ id, name, priority, icon })),
    sub_markets: journey.sub_markets.map(({ journey_brand_id, journey_stage_id, population, matched_id, modeled_id, discussion_cluster_node_id }) => ({
      journey_brand_id, journey_stage_id, population, matched_id, modeled_id, discussion_cluster_node_id,
    })),
  };
}

const isArray = (v: unknown): v is Body[] => Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null);
const itemId = (v: unknown, fallback: ItemId): ItemId => (typeof v === 'number' || typeof v === 'string' ? v : fallback);
const numberOr = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const idOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The brands, stages and cells a body sends, with the ids of cells the journey already had. */
function itemsOf(body: Body, previous?: Pick<JourneyView, 'sub_markets'>): Pick<JourneyView, 'brands' | 'stages' | 'sub_markets'> {
  const brands = isArray(body.brands) ? body.brands.map((b, i) => ({ id: itemId(b.id, `brand-${i}`), name: String(b.name ?? ''), order: numberOr(b.order, i) })) : [];
  const stages = isArray(body.stages)
    ? body.stages.map((s, i) => ({ id: itemId(s.id, `stage-${i}`), name: String(s.name ?? ''), priority: numberOr(s.priority, i), icon: (typeof s.icon === 'string' ? s.icon : 'blank') as JourneyIcon }))
    : [];
  const sub_markets = isArray(body.sub_markets)
    ? body.sub_markets.map((c) => {
      const brand = itemId(c.journey_brand_id, '');
      const stage = itemId(c.journey_stage_id, '');
      const before = previous?.sub_markets.find((p) => same(p.journey_brand_id, brand) && same(p.journey_stage_id, stage));
      return {
        id: before?.id ?? `${brand}|${stage}`,
        journey_brand_id: brand,
        journey_stage_id: stage,
        population: numberOr(c.population, 0),
        matched_id: idOrNull(c.matched_id),
        modeled_id: idOrNull(c.modeled_id),
        discussion_cluster_node_id: idOrNull(c.discussion_cluster_node_id),
      };
    })
    : [];
  return { brands, stages, sub_markets };
}

/** Cells naming a segment the journey knows is deleted (the pending view's invalid cells; the server checks again). */
function invalidCells(journey: Pick<JourneyView, 'segments' | 'segments_checked' | 'sub_markets'>): number[] {
  if (!journey.segments_checked) return [];
  const deleted = new Set(journey.segments.filter((s) => s.deleted).map((s) => s.id));
  return journey.sub_markets
    .filter((c) => typeof c.id === 'number' && ((c.matched_id !== null && deleted.has(c.matched_id)) || (c.modeled_id !== null && deleted.has(c.modeled_id))))
    .map((c) => c.id as number);
}

/** A journey as a queued create (or copy of `source`) makes it: pending, under its temporary id. */
export function journeyFromEdit(edit: JourneyEdit, source?: JourneyView): JourneyView {
  const body = bodyOf(edit);
  const at = new Date(edit.createdAt).toISOString();
  if (source) {
    return { ...source, id: edit.entityId, name: typeof body.name === 'string' ? body.name.trim() : copiedName(source.name), default: false, version: 0, updated_at: at, pending: true };
  }
  return {
    id: edit.entityId,
    name: String(body.name ?? '').trim(),
    default: Boolean(body.default),
    has_transition_data: Boolean(body.has_transition_data),
    version: 0,
    updated_at: at,
    ...itemsOf(body),
    segments: [],
    invalid_cell_ids: [],
    segments_checked: false,
    pending: true,
  };
}

/** The name a copy shows until the server names it. */
export const copiedName = (name: string) => `${name} (copy)`;

/** The list entry of a journey. */
export function summaryOfJourney(journey: JourneyView): JourneySummaryView {
  const { brands, stages, sub_markets: _cells, segments: _segments, invalid_cell_ids, segments_checked: _checked, ...fields } = journey;
  return { ...fields, brand_count: brands.length, stage_count: stages.length, invalid_cell_count: invalid_cell_ids.length };
}

/** The journey list with a queued write applied: creates and copies appear, deletes go, edits show their name and default. */
export function applyToJourneyList(list: readonly JourneySummaryView[], edit: JourneyEdit): JourneySummaryView[] {
  const { journeyId, action } = parseJourneyPath(edit.path);
  const body = bodyOf(edit);
  const at = new Date(edit.createdAt).toISOString();
  if (edit.method === 'POST' && (journeyId === null || action === 'copy')) {
    const source = journeyId === null ? undefined : list.find((j) => same(j.id, journeyId));
    const made: JourneySummaryView = journeyId === null
      ? summaryOfJourney(journeyFromEdit(edit))
      : {
        id: edit.entityId, name: typeof body.name === 'string' ? body.name.trim() : copiedName(source?.name ?? ''), default: false,
        has_transition_data: source?.has_transition_data ?? false, version: 0, updated_at: at,
        brand_count: source?.brand_count ?? 0, stage_count: source?.stage_count ?? 0, invalid_cell_count: 0, pending: true,
      };
    const rest = list.filter((j) => !same(j.id, edit.entityId));
    return sortJourneys(withDefault([...rest, made], made.default ? made.id : null));
  }
  if (journeyId === null) return [...list];
  if (edit.method === 'DELETE') return list.filter((j) => !same(j.id, journeyId));
  if (action === 'remove-invalid') return list.map((j) => (same(j.id, journeyId) ? { ...j, invalid_cell_count: 0, pending: true } : j));
  if (edit.method !== 'PUT' || action !== null) return [...list];
  const items = itemsOf(body);
  const next = list.map((j) => (same(j.id, journeyId)
    ? {
      ...j, name: typeof body.name === 'string' ? body.name.trim() : j.name, default: Boolean(body.default), has_transition_data: Boolean(body.has_transition_data),
      brand_count: items.brands.length || j.brand_count, stage_count: items.stages.length || j.stage_count, updated_at: at, pending: true,
    }
    : j));
  return sortJourneys(withDefault(next, body.default ? journeyId : null));
}

/** The open journey with a queued write of it applied (a delete or a copy leaves it: the page moves on). */
export function applyToJourney(journey: JourneyView, edit: JourneyEdit): JourneyView {
  const { journeyId, action } = parseJourneyPath(edit.path);
  if (journeyId === null || !same(journey.id, journeyId)) return journey;
  const at = new Date(edit.createdAt).toISOString();
  if (edit.method === 'POST' && action === 'remove-invalid') {
    const invalid = new Set(journey.invalid_cell_ids.map(String));
    const gone = new Set(journey.segments.filter((s) => s.deleted).map((s) => s.id));
    const clear = (id: number | null) => (id !== null && gone.has(id) ? null : id);
    return {
      ...journey,
      sub_markets: journey.sub_markets.map((c) => (invalid.has(String(c.id)) ? { ...c, matched_id: clear(c.matched_id), modeled_id: clear(c.modeled_id) } : c)),
      invalid_cell_ids: [],
      updated_at: at,
      pending: true,
    };
  }
  if (edit.method !== 'PUT' || action !== null) return journey;
  const body = bodyOf(edit);
  const next: JourneyView = {
    ...journey,
    name: typeof body.name === 'string' ? body.name.trim() : journey.name,
    default: typeof body.default === 'boolean' ? body.default : journey.default,
    has_transition_data: typeof body.has_transition_data === 'boolean' ? body.has_transition_data : journey.has_transition_data,
    ...(isArray(body.brands) && isArray(body.stages) ? itemsOf(body, journey) : {}),
    updated_at: at,
    pending: true,
  };
  return { ...next, invalid_cell_ids: invalidCells(next) };
}

/** The list once the server has its copy of the written journey (null: it is gone). */
export function settleJourneyList(list: readonly JourneySummaryView[], entityId: string, copy: Journey | null): JourneySummaryView[] {
  const without = list.filter((j) => !same(j.id, entityId) && (copy === null || j.id !== copy.id));
  if (!copy) return sortJourneys(without);
  const summary = summaryOfJourney(copy);
  return sortJourneys(withDefault([...without, summary], copy.default ? copy.id : null));
}

/**
 * The open journey once the server answered: its own copy, or the copy of what it was made as
 * (a journey made offline is shown under its temporary id until the page moves to the new id).
 */
export function settleJourney(journey: JourneyView, entityId: string, copy: Journey | null): JourneyView {
  if (!copy) return journey;
  if (journey.id === copy.id || (typeof journey.id === 'string' && journey.id === entityId)) return copy;
  return journey;
}
