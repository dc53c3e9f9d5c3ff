import { checkScenarioFlights, scenarioSummary, SCENARIO_TEXT } from '@shared/rules/scenarios';
import type { Scenario, ScenarioBody } from '@shared/schemas/plans';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import { claimExact, type Claimable } from '../../lib/versioned';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import * as plans from './plans-repository';
import { productScope } from './plans-service';
import * as repo from './scenarios-repository';

/**
 * The planner's saved scenarios (issue 31): per product and region, versioned like a chart (a
 * save based on an older version is a 409 with the current one), each read with what it gives
 * with the product's curves now.
 */

export interface ScenariosScope {
  db: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

const invalid = (path: string, message: string, details?: unknown) => new AppError(422, ERROR_CODES.validation, message, details ?? [{ path, message }]);
export const scenarioNotFound = (id: number) => new AppError(404, ERROR_CODES.notFound, `There is no scenario ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'scenario', id } });

/** What a scenario's flights give with the product's curves now (the rule the page shares). */
export const summaryOf = (flights: Scenario['flights'], curves: readonly plans.CurveRow[]): Scenario['summary'] =>
  scenarioSummary(flights, curves.map((c) => ({ media_type: c.mediaType, curve_type_name: c.curveTypeName, params: c.params })));

function view(l: repo.ListedScenario, curves: readonly plans.CurveRow[]): Scenario {
  const s = l.scenario;
  return {
    id: s.id,
    name: s.name,
    budget: s.budget,
    start_week: s.startWeek,
    flights: s.flights,
    source_import_id: s.sourceImportId,
    summary: summaryOf(s.flights, curves),
    version: s.version,
    created_by: l.creator ? { id: l.creator.id, name: `${l.creator.first} ${l.creator.last}`.trim() } : null,
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function listScenarios(scope: ScenariosScope): Promise<Scenario[]> {
  const where = productScope(scope.ctx);
  const curves = await plans.curvesOf(scope.db, where);
  return (await repo.listScenarios(scope.db, where)).map((l) => view(l, curves));
}

async function listedInScope(scope: ScenariosScope, id: number): Promise<repo.ListedScenario> {
  const found = await repo.findScenario(scope.db, productScope(scope.ctx), id);
  if (!found) throw scenarioNotFound(id);
  return found;
}

export async function getScenario(scope: ScenariosScope, id: number): Promise<Scenario> {
  return view(await listedInScope(scope, id), await plans.curvesOf(scope.db, productScope(scope.ctx)));
}

/** The body's fields, checked: a name free in the product, plannable flights, an import of this product. */
async function checked(scope: ScenariosScope, body: ScenarioBody, except: number | null) {
  const where = productScope(scope.ctx);
  const name = body.name.trim();
  if (await repo.nameTaken(scope.db, where, name, except)) throw invalid('body.name', SCENARIO_TEXT.nameTaken);
  const issues = checkScenarioFlights(body.flights);
  if (issues.length > 0) throw invalid('body.flights', issues[0]!, issues.map((message) => ({ path: 'body.flights', message })));
  if (body.source_import_id !== null && !(await plans.findImportIn(scope.db, where, body.source_import_id))) {
    throw invalid('body.source_import_id', `There is no imported plan ${body.source_import_id} in this product and region.`);
  }
  return { name, budget: body.budget, startWeek: body.start_week, flights: body.flights, sourceImportId: body.source_import_id };
}

async function guardedName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'scenarios_scope_name_key') throw invalid('body.name', SCENARIO_TEXT.nameTaken);
    throw err;
  }
}

export async function createScenario(scope: ScenariosScope, body: ScenarioBody): Promise<Scenario> {
  const values = await checked(scope, body, null);
  const row = await guardedName(() => repo.insertScenario(scope.db, { ...productScope(scope.ctx), ...values, createdBy: scope.auth.user.id }));
  await auditWrite(scope, 'scenario.create', `scenario:${row.id}`, { name: values.name, budget: values.budget });
  return getScenario(scope, row.id);
}

function claimable(scope: ScenariosScope, id: number): Claimable<repo.ScenarioRow> {
  return {
    claim: (version) => repo.claimScenario(scope.db, productScope(scope.ctx), id, version),
    current: async () => (await listedInScope(scope, id)).scenario,
    conflict: async () => new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('scenario'), { current: await getScenario(scope, id) }),
  };
}

/** A save replaces the scenario whole, based on its version (409 with the current one otherwise). */
export async function updateScenario(scope: ScenariosScope, id: number, body: ScenarioBody & { version: number }): Promise<Scenario> {
  const row = await claimExact(claimable(scope, id), body.version);
  const values = await checked(scope, body, row.id);
  await guardedName(() => repo.updateScenario(scope.db, row.id, values));
  await auditWrite(scope, 'scenario.update', `scenario:${row.id}`, { name: values.name, budget: values.budget, version: row.version });
  return getScenario(scope, row.id);
}

export async function deleteScenario(scope: ScenariosScope, id: number, version: number | undefined): Promise<{ message: string }> {
  const row = version === undefined ? (await listedInScope(scope, id)).scenario : await claimExact(claimable(scope, id), version);
  await repo.deleteScenario(scope.db, row.id);
  await auditWrite(scope, 'scenario.delete', `scenario:${row.id}`, { name: row.name });
  return { message: `'${row.name}' was deleted.` };
}
