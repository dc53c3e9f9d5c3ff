import { scenarioSummary, type PlannedCurve } from '@shared/rules/scenarios';
import type { Scenario } from '@shared/schemas/plans';
import { bodyOf, idInPath, type EditBody, type QueuedEdit } from '../../lib/offline/queued-edit';

/**
 * What a queued scenario save or delete does to the saved scenarios the planner lists, before the
 * server has it (decision 007's optimistic view). Pure: the outbox handler applies these to the
 * cached list. A scenario saved offline carries its temporary key as id, and its figures are
 * worked out here with the product's curves as the device holds them (the rule the server uses),
 * so the list and a comparison show it as it will be.
 */
export type ScenarioView = Omit<Scenario, 'id'> & { id: number | string; pending?: boolean };

/** A curve as the summary reads it. */
export type SummaryCurve = { media_type: string } & PlannedCurve;

type Edit = QueuedEdit;
type Body = EditBody;

/** /api/scenarios[/:id][?version=] */
export const parseScenarioPath = idInPath;

/** Last changed first, as the server lists them. */
export function sortScenarios<S extends { updated_at: string; id: number | string }>(list: readonly S[]): S[] {
  return [...list].sort((a, b) => b.updated_at.localeCompare(a.updated_at) || String(b.id).localeCompare(String(a.id)));
}

const isFlights = (v: unknown): v is Scenario['flights'] =>
  Array.isArray(v) && v.every((f) => typeof f === 'object' && f !== null && typeof (f as { media_type?: unknown }).media_type === 'string' && Array.isArray((f as { weekly_budget?: unknown }).weekly_budget));

/** The scenario's fields a save sends, over what it had. */
function saved(base: Omit<ScenarioView, 'summary'> & { summary?: Scenario['summary'] }, body: Body, at: number, curves: readonly SummaryCurve[] | null): ScenarioView {
  const flights = isFlights(body.flights) ? body.flights : base.flights;
  const summary = curves ? scenarioSummary(flights, curves) : (base.summary ?? scenarioSummary(flights, []));
  return {
    ...base,
    name: typeof body.name === 'string' ? body.name.trim() : base.name,
    budget: typeof body.budget === 'number' ? body.budget : base.budget,
    start_week: typeof body.start_week === 'string' || body.start_week === null ? body.start_week : base.start_week,
    source_import_id: typeof body.source_import_id === 'number' || body.source_import_id === null ? body.source_import_id : base.source_import_id,
    flights,
    summary,
    updated_at: new Date(at).toISOString(),
    pending: true,
  };
}

/** The saved scenarios with a queued save or delete applied; `curves` are the product's as the device holds them (null: not read). */
export function applyToScenarioList(list: readonly ScenarioView[], edit: Edit, curves: readonly SummaryCurve[] | null): ScenarioView[] {
  const id = parseScenarioPath(edit.path) ?? edit.entityId;
  const body = bodyOf(edit);
  if (edit.method === 'DELETE') return list.filter((s) => String(s.id) !== id);
  if (edit.method === 'PUT') return sortScenarios(list.map((s) => (String(s.id) === id ? saved(s, body, edit.createdAt, curves) : s)));
  const made = saved(
    { id: edit.entityId, name: '', budget: 0, start_week: null, flights: [], source_import_id: null, version: 1, created_by: null, updated_at: '' },
    body, edit.createdAt, curves ?? [],
  );
  return sortScenarios([...list.filter((s) => String(s.id) !== edit.entityId), made]);
}

/** The list once the server has its copy of the scenario (null: it is gone). */
export function settleScenarioList(list: readonly ScenarioView[], entityId: string, copy: Scenario | null): ScenarioView[] {
  const without = list.filter((s) => String(s.id) !== entityId && (copy === null || s.id !== copy.id));
  return sortScenarios(copy ? [...without, copy] : without);
}
