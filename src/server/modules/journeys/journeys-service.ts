import type { FieldIssue } from '@shared/rules/grow';
import { JOURNEY, JOURNEY_TEXT, journeyNameError, journeyProblem, namesNotice } from '@shared/rules/journey';
import { mergeJourney } from '@shared/rules/journey-merge';
import type { FieldConflict } from '@shared/rules/merge';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Journey, JourneyBody, JourneySummary, UpdateJourneyBody } from '@shared/schemas/journeys';
import { uniqueViolation } from '../../db/errors';
import { AppError, unavailable } from '../../lib/errors';
import { auditWrite } from '../audit/audit-repository';
import { chartScope, invalid, readinessOf, type GrowScope } from '../grow/grow-common';
import { segmentsOf } from '../grow/grow-repository';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './journeys-repository';
import { clientNodeIds } from '../discussions/discussions-repository';
import { bodyOf, cellShortIds, invalidCellIds, itemsFor, toJourney, toSummary } from './journeys-views';

/**
 * Journeys of the X-Context product and region (spec 3 §2.3, §2.4, §3, §4, §5, §8; decision 013):
 * list, read, create, edit (the whole journey, merged item by item over a newer version), copy,
 * delete and remove the invalid audiences. A save names its new brands and stages by temporary
 * keys; the answer's meta.created maps each to its new id.
 */

/** As Grow's: the database (a write's transaction), the caller, the X-Context and the engines. */
export type JourneyScope = GrowScope;

export interface JourneyAnswer {
  data: Journey;
  meta?: { created: Record<string, number> };
}

const scopeOf = (scope: JourneyScope): repo.JourneyScope => chartScope(scope.ctx);

export const journeyNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no journey ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'journey', id } });

export async function journeyInScope(scope: JourneyScope, id: number): Promise<repo.JourneyRow> {
  const row = await repo.findJourney(scope.db, scopeOf(scope), id);
  if (!row) throw journeyNotFound(id);
  return row;
}

const audit = (scope: JourneyScope, action: string, id: number, details: Record<string, unknown>) => auditWrite(scope, `journey.${action}`, `journey:${id}`, details);

async function namedSegments(scope: JourneyScope, cells: readonly repo.CellRow[]) {
  const ids = cells.flatMap(cellShortIds);
  return ids.length ? segmentsOf(scope.db, await contextClientRegion(scope), ids) : [];
}

export async function viewOf(scope: JourneyScope, row: repo.JourneyRow, items?: repo.JourneyItems): Promise<Journey> {
  const all = items ?? (await repo.itemsOf(scope.db, [row.id]));
  return toJourney(row, all, await namedSegments(scope, all.cells), readinessOf(scope));
}

export async function listJourneys(scope: JourneyScope): Promise<JourneySummary[]> {
  const rows = await repo.listJourneys(scope.db, scopeOf(scope));
  const items = await repo.itemsOf(scope.db, rows.map((r) => r.id));
  const invalid = new Set(invalidCellIds(items.cells, await namedSegments(scope, items.cells), readinessOf(scope)));
  return rows.map((row) => {
    const own = itemsFor(items, row.id);
    return toSummary(row, own, own.cells.filter((c) => invalid.has(c.id)).length);
  });
}

export async function getJourney(scope: JourneyScope, id: number): Promise<Journey> {
  return viewOf(scope, await journeyInScope(scope, id));
}

// ---- checks ----------------------------------------------------------------------------------

/**
 * Everything wrong with a journey a save would write (§5), each naming its field: the name against
 * the scope's other journeys, the brand and stage names, the grid, ids of brands and stages that
 * are not this journey's, segments the client region does not have (a deleted one only where its
 * cell already had it) and discussion nodes that are not the client's.
 */
async function issuesOf(scope: JourneyScope, body: JourneyBody, ownId: number | null, current: repo.JourneyItems | null): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const others = (await repo.journeyNames(scope.db, scopeOf(scope))).filter((j) => j.id !== ownId).map((j) => j.name);
  const name = journeyNameError(body.name, others);
  if (name) issues.push({ field: 'name', message: name });
  const stages = namesNotice(body, 'stage');
  if (stages) issues.push({ field: 'stages', message: stages });
  const brands = namesNotice(body, 'brand');
  if (brands) issues.push({ field: 'brands', message: brands });
  if (body.brands.length > JOURNEY.maxBrands) issues.push({ field: 'brands', message: JOURNEY_TEXT.tooManyBrands });
  if (body.stages.length > JOURNEY.maxStages) issues.push({ field: 'stages', message: JOURNEY_TEXT.tooManyStages });
  if (issues.length === 0) {
    const problem = journeyProblem(body, others);
    if (problem) issues.push({ field: 'sub_markets', message: problem });
  }

  const ownBrands = new Set(current?.brands.map((b) => b.id));
  const ownStages = new Set(current?.stages.map((s) => s.id));
  body.brands.forEach((b, i) => {
    if (typeof b.id === 'number' && !ownBrands.has(b.id)) issues.push({ field: `brands.${i}.id`, message: `There is no brand ${b.id} in this journey.` });
  });
  body.stages.forEach((s, i) => {
    if (typeof s.id === 'number' && !ownStages.has(s.id)) issues.push({ field: `stages.${i}.id`, message: `There is no stage ${s.id} in this journey.` });
  });

  const brandKeys = new Set(body.brands.map((b) => String(b.id)));
  body.stages.forEach((s, i) => {
    if (typeof s.id === 'string' && brandKeys.has(s.id)) issues.push({ field: `stages.${i}.id`, message: 'A temporary id names one brand or one stage.' });
  });
  body.sub_markets.forEach((c, i) => {
    if (!Number.isInteger(c.population)) issues.push({ field: `sub_markets.${i}.population`, message: 'Audience population must be a whole number.' });
  });

  const shortIds = body.sub_markets.flatMap((c) => [c.matched_id, c.modeled_id].filter((id): id is number => id !== null));
  const found = shortIds.length ? await segmentsOf(scope.db, await contextClientRegion(scope), shortIds) : [];
  // A deleted segment stays only where the cell already had it (the journey is invalid until it is removed).
  const had = new Set(current?.cells.flatMap((c) => [`${c.journeyBrandId}/${c.journeyStageId}/matched_id/${c.matchedId}`, `${c.journeyBrandId}/${c.journeyStageId}/modeled_id/${c.modeledId}`]));
  const segment = new Map(found.map((s) => [s.shortId, s]));
  const nodes = await clientNodeIds(scope.db, scope.ctx.clientId, body.sub_markets.flatMap((c) => (c.discussion_cluster_node_id === null ? [] : [c.discussion_cluster_node_id])));
  body.sub_markets.forEach((c, i) => {
    for (const field of ['matched_id', 'modeled_id'] as const) {
      const id = c[field];
      const known = id === null ? null : segment.get(id);
      const usable = known && (!known.deleted || had.has(`${c.journey_brand_id}/${c.journey_stage_id}/${field}/${id}`));
      if (id !== null && !usable) issues.push({ field: `sub_markets.${i}.${field}`, message: JOURNEY_TEXT.segmentUnknown });
    }
    if (c.discussion_cluster_node_id !== null && !nodes.has(c.discussion_cluster_node_id)) {
      issues.push({ field: `sub_markets.${i}.discussion_cluster_node_id`, message: JOURNEY_TEXT.discussionUnknown });
    }
  });
  return issues;
}

async function check(scope: JourneyScope, body: JourneyBody, ownId: number | null, current: repo.JourneyItems | null): Promise<void> {
  const issues = await issuesOf(scope, body, ownId, current);
  if (issues.length) throw invalid(issues);
}

/** The unique indexes are the last guard against a concurrent write: they give the checks' messages. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    switch (uniqueViolation(err)) {
      case 'journeys_scope_name_key':
        throw invalid([{ field: 'name', message: JOURNEY_TEXT.nameTaken }]);
      case 'journeys_scope_default_key':
        throw unavailable('Another journey was made the default at the same time; send it again.');
      default:
        throw err;
    }
  }
}

// ---- writes ----------------------------------------------------------------------------------

/**
 * Writes the journey's brands, stages and cells as `body` has them (checked).
 * @returns each temporary key -> the id it was given
 */
async function writeItems(scope: JourneyScope, journeyId: number, body: JourneyBody): Promise<Record<string, number>> {
  const created: Record<string, number> = {};
  const numeric = (id: number | string) => (typeof id === 'number' ? id : null);
  const brandIds = await repo.saveBrands(scope.db, journeyId, body.brands.map((b) => ({ id: numeric(b.id), name: b.name.trim(), order: b.order })));
  const stageIds = await repo.saveStages(scope.db, journeyId, body.stages.map((s) => ({ id: numeric(s.id), name: s.name.trim(), priority: s.priority, icon: s.icon })));
  body.brands.forEach((b, i) => { if (typeof b.id === 'string') created[b.id] = brandIds[i]!; });
  body.stages.forEach((s, i) => { if (typeof s.id === 'string') created[s.id] = stageIds[i]!; });
  const resolve = (id: number | string) => (typeof id === 'number' ? id : created[id]!);
  await repo.saveCells(scope.db, journeyId, body.sub_markets.map((c) => ({
    journeyBrandId: resolve(c.journey_brand_id),
    journeyStageId: resolve(c.journey_stage_id),
    population: c.population,
    matchedId: c.matched_id,
    modeledId: c.modeled_id,
    discussionClusterNodeId: c.discussion_cluster_node_id,
  })));
  return created;
}

/** Brands and stages renumbered 0..n-1 in their order, so the stored order is always a plain sequence. */
function ordered(body: JourneyBody): JourneyBody {
  return {
    ...body,
    brands: [...body.brands].sort((a, b) => a.order - b.order).map((b, order) => ({ ...b, order })),
    stages: [...body.stages].sort((a, b) => a.priority - b.priority).map((s, priority) => ({ ...s, priority })),
  };
}

const answerOf = async (scope: JourneyScope, row: repo.JourneyRow, created: Record<string, number>): Promise<JourneyAnswer> =>
  ({ data: await viewOf(scope, row), meta: { created } });

export async function createJourney(scope: JourneyScope, sent: JourneyBody): Promise<JourneyAnswer> {
  const body = ordered(sent);
  await check(scope, body, null, null);
  if (body.default) await repo.clearDefault(scope.db, scopeOf(scope));
  const row = await guarded(() => repo.insertJourney(scope.db, scopeOf(scope), { name: body.name.trim(), isDefault: body.default, hasTransitionData: body.has_transition_data }, scope.auth.user.id));
  const created = await writeItems(scope, row.id, body);
  await audit(scope, 'create', row.id, { name: row.name, version: row.version });
  return answerOf(scope, row, created);
}

async function conflictOf(scope: JourneyScope, current: repo.JourneyRow, conflicts?: FieldConflict[]): Promise<AppError> {
  return new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('journey'), { current: await viewOf(scope, current), ...(conflicts ? { conflicts } : {}) });
}

/**
 * The claim of an edit (decision 007, 013): over a newer version, an edit that says what it saw
 * (`base`) is merged with the journey as it is now, and only items both changed differently are a
 * 409 naming them; without `base`, a newer version is a 409. At the sent version with a `base`
 * it is merged too, mine winning where both changed: that is the conflict dialog's "Keep mine"
 * (the same edit and base, sent again on the version the 409 showed), which must keep their
 * other changes; a plain save's base is the journey at that version, so it applies as sent.
 */
async function claimEdit(scope: JourneyScope, id: number, sent: UpdateJourneyBody, mine: JourneyBody): Promise<{ row: repo.JourneyRow; before: repo.JourneyItems; body: JourneyBody }> {
  const claimed = await repo.claimJourney(scope.db, scopeOf(scope), id, sent.version);
  if (claimed) {
    const before = await repo.itemsOf(scope.db, [id]);
    // Mine in the place of theirs: mergeJourney keeps its `theirs` wherever both sides changed.
    const body = sent.base ? mergeJourney(sent.base, mine, bodyOf(claimed, before)).merged : mine;
    return { row: claimed, before, body };
  }
  const current = await journeyInScope(scope, id);
  if (!sent.base) throw await conflictOf(scope, current);
  const before = await repo.itemsOf(scope.db, [id]);
  const { merged, conflicts } = mergeJourney(sent.base, bodyOf(current, before), mine);
  if (conflicts.length) throw await conflictOf(scope, current, conflicts);
  const row = await repo.claimJourney(scope.db, scopeOf(scope), id, current.version);
  if (!row) throw unavailable('The journey changed while this edit was applied; send it again.');
  return { row, before, body: merged };
}

export async function updateJourney(scope: JourneyScope, id: number, sent: UpdateJourneyBody): Promise<JourneyAnswer> {
  const { version: _version, base: _base, ...mine } = sent;
  const { row: current, before, body: merged } = await claimEdit(scope, id, sent, mine);
  const body = ordered(merged);
  await check(scope, body, id, before);
  // Newly made default takes it from the other journey; unticked on the default one clears it (§4).
  if (body.default && !current.isDefault) await repo.clearDefault(scope.db, scopeOf(scope), id);
  const row = await guarded(() => repo.updateJourney(scope.db, id, { name: body.name.trim(), isDefault: body.default, hasTransitionData: body.has_transition_data }));
  const created = await writeItems(scope, id, body);
  await audit(scope, 'update', id, { name: row.name, version: row.version });
  return answerOf(scope, row, created);
}

/** A copy with its brands, stages and cells, never the default; refused while it has invalid cells (§4). */
export async function copyJourney(scope: JourneyScope, id: number, sent: { name?: string | undefined }): Promise<JourneyAnswer> {
  const source = await journeyInScope(scope, id);
  const items = await repo.itemsOf(scope.db, [id]);
  const view = await viewOf(scope, source, items);
  if (view.invalid_cell_ids.length > 0) throw invalid([{ field: 'id', message: JOURNEY_TEXT.copyInvalid }], 'params');
  const name = (sent.name ?? `${source.name} (copy)`).trim();
  const others = (await repo.journeyNames(scope.db, scopeOf(scope))).map((j) => j.name);
  const issue = journeyNameError(name, others);
  if (issue === JOURNEY_TEXT.nameTaken) throw new AppError(409, ERROR_CODES.conflict, JOURNEY_TEXT.duplicateConflict);
  if (issue) throw invalid([{ field: 'name', message: issue }]);
  const row = await guarded(() => repo.insertJourney(scope.db, scopeOf(scope), { name, isDefault: false, hasTransitionData: source.hasTransitionData }, scope.auth.user.id));
  const body = bodyOf(source, items);
  // The copy's items are new: each source id stands as a key for its copy.
  const keyOf = (kind: 'b' | 's', itemId: number | string) => `${kind}${itemId}`;
  const brandIds = await repo.saveBrands(scope.db, row.id, body.brands.map((b) => ({ id: null, name: b.name, order: b.order })));
  const stageIds = await repo.saveStages(scope.db, row.id, body.stages.map((s) => ({ id: null, name: s.name, priority: s.priority, icon: s.icon })));
  const ids = new Map<string, number>([
    ...body.brands.map((b, i) => [keyOf('b', b.id), brandIds[i]!] as const),
    ...body.stages.map((s, i) => [keyOf('s', s.id), stageIds[i]!] as const),
  ]);
  await repo.saveCells(scope.db, row.id, body.sub_markets.map((c) => ({
    journeyBrandId: ids.get(keyOf('b', c.journey_brand_id))!,
    journeyStageId: ids.get(keyOf('s', c.journey_stage_id))!,
    population: c.population,
    matchedId: c.matched_id,
    modeledId: c.modeled_id,
    discussionClusterNodeId: c.discussion_cluster_node_id,
  })));
  await audit(scope, 'copy', row.id, { name: row.name, version: row.version, source_id: source.id });
  return answerOf(scope, row, {});
}

/** Claims the journey at exactly `version` (its delete, removing invalid cells): 404 when gone, 409 when it moved on. */
async function claimExactly(scope: JourneyScope, id: number, version: number): Promise<repo.JourneyRow> {
  const row = await repo.claimJourney(scope.db, scopeOf(scope), id, version);
  if (row) return row;
  throw await conflictOf(scope, await journeyInScope(scope, id));
}

/** Deletes the journey (its items go with it); answers it as it was, at the next version. */
export async function deleteJourney(scope: JourneyScope, id: number, version: number): Promise<JourneyAnswer> {
  const row = await claimExactly(scope, id, version);
  const view = await viewOf(scope, row);
  await repo.deleteJourney(scope.db, id);
  await audit(scope, 'delete', id, { name: row.name, version: row.version });
  return { data: view };
}

/** 'Remove Invalid Audience(s)': clears every cell's deleted or missing segment (the cells stay). */
export async function removeInvalid(scope: JourneyScope, id: number, version: number): Promise<JourneyAnswer> {
  const row = await claimExactly(scope, id, version);
  const items = await repo.itemsOf(scope.db, [id]);
  const segments = await namedSegments(scope, items.cells);
  const live = new Set(segments.filter((s) => !s.deleted).map((s) => s.shortId));
  const gone = [...new Set(items.cells.flatMap(cellShortIds))].filter((sid) => !live.has(sid));
  if (readinessOf(scope).checked) await repo.clearSegments(scope.db, id, gone);
  await audit(scope, 'remove_invalid', id, { name: row.name, version: row.version, segments: gone });
  return { data: await viewOf(scope, row) };
}
