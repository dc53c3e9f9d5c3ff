import { normalizeUnit, TOOLBOX_MESSAGES, unitForCreate, validateUnit, type FieldIssue, type UnitDraft } from '@shared/rules/toolbox';
import { mergeFields } from '@shared/rules/merge';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { ToolboxUnit, ToolboxUnitBody, ToolboxUnitUpdateBody } from '@shared/schemas/toolbox';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError, forbidden } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { lockCategoryNamed } from './category-repository';
import * as repo from './toolbox-repository';

/** A write's transaction, caller and X-Context client. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

export function toUnitView(row: repo.UnitRow, clientSlug: string): ToolboxUnit {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    region_ids: row.regionIds,
    use_client_hierarchy: row.useClientHierarchy,
    feature_module_category: row.featureModuleCategory,
    iframed: row.iframed,
    url: row.url,
    client_slug: clientSlug,
    version: row.version,
  };
}

export async function listUnits(db: Executor, ctx: RequestContext, type: 'all' | 'iframed' | 'external'): Promise<ToolboxUnit[]> {
  return (await repo.listUnits(db, ctx.clientId, type)).map((row) => toUnitView(row, ctx.clientSlug));
}

const unitNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no toolbox unit ${id} in this client: it may have been deleted.`, { gone: { kind: 'unit', id } });

const invalid = (issues: FieldIssue[]) =>
  new AppError(422, ERROR_CODES.validation, issues[0]?.message ?? 'The unit is not valid.', issues.map((i) => ({ path: `body.${i.field}`, message: i.message })));

/** A body that names a client must name the X-Context one. */
export function checkClient(body: { client_slug?: string }, ctx: RequestContext) {
  if (body.client_slug !== undefined && body.client_slug !== ctx.clientSlug) throw forbidden('The client in the body does not match X-Context.');
}

/** The 404 or 409 for a unit that was not at the version a write was based on. */
async function notAtVersion(scope: WriteScope, id: number): Promise<AppError> {
  const current = await repo.findUnit(scope.tx, scope.ctx.clientId, id);
  if (!current) return unitNotFound(id);
  return new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('toolbox unit'), { current: toUnitView(current, scope.ctx.clientSlug) });
}

/** The draft normalized and checked against the client's regions and other units' names, as values to store. */
async function valuesOf(scope: WriteScope, draft: UnitDraft & { use_client_hierarchy: boolean }, exceptId?: number): Promise<repo.UnitValues> {
  const unit = normalizeUnit(draft);
  const regionIds = await repo.clientRegionIds(scope.tx, scope.ctx.clientId);
  // The one name that matters: this one, if another unit of the client has it (an indexed lookup).
  const otherNames = (await repo.nameTaken(scope.tx, scope.ctx.clientId, unit.name, exceptId)) ? [unit.name] : [];
  // The one category that matters, as the client spells it; held so it is not renamed or deleted under this write.
  const category = unit.feature_module_category === null ? null : await lockCategoryNamed(scope.tx, scope.ctx.clientId, unit.feature_module_category);
  const issues = validateUnit(unit, { regionIds, otherNames, categories: category === null ? [] : [category] });
  if (issues.length > 0) throw invalid(issues);
  return {
    name: unit.name,
    status: unit.status,
    regionIds: [...unit.region_ids],
    useClientHierarchy: unit.use_client_hierarchy,
    featureModuleCategory: category,
    iframed: unit.iframed,
    url: unit.url,
  };
}

/** A name taken by a concurrent write gets the message the check above gives. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'toolbox_units_client_name_key') throw invalid([{ field: 'name', message: TOOLBOX_MESSAGES.nameTaken(name) }]);
    throw err;
  }
}

function audit(scope: WriteScope, action: string, row: repo.UnitRow, version: number | null) {
  return auditWrite({ ...scope, db: scope.tx }, action, `toolbox_unit:${row.id}`, { name: row.name, version });
}

export async function createUnit(scope: WriteScope, body: ToolboxUnitBody): Promise<ToolboxUnit> {
  checkClient(body, scope.ctx);
  const values = await valuesOf(scope, unitForCreate(body));
  const row = await nameChecked(values.name, () => repo.insertUnit(scope.tx, scope.ctx.clientId, values));
  await audit(scope, 'toolbox.unit.create', row, row.version);
  return toUnitView(row, scope.ctx.clientSlug);
}

/** A unit's own fields as the API names them: what an edit of it merges. */
const editableOf = (row: repo.UnitRow) => {
  const { id: _id, client_slug: _client, version: _version, ...fields } = toUnitView(row, '');
  return fields;
};

/**
 * Update, or hide when status is false (spec 1 §4); based on `body.version`. On a newer version,
 * an edit that says what it saw (`base`) is merged field by field (issue 12): only a field both
 * sides changed differently is a 409 naming it.
 */
export async function updateUnit(scope: WriteScope, id: number, sent: ToolboxUnitUpdateBody): Promise<ToolboxUnit> {
  checkClient(sent, scope.ctx);
  const current = await repo.findUnit(scope.tx, scope.ctx.clientId, id);
  if (!current) throw unitNotFound(id);
  let body = sent;
  if (current.version !== sent.version) {
    if (!sent.base) throw await notAtVersion(scope, id);
    const { base: _base, version: _version, client_slug: _client, ...mine } = sent;
    const { merged, conflicts } = mergeFields(sent.base, editableOf(current), mine);
    if (conflicts.length > 0) {
      throw new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('toolbox unit'), { current: toUnitView(current, scope.ctx.clientSlug), conflicts });
    }
    // merged has mine's fields, each mine's or theirs's value.
    body = { ...sent, ...(merged as typeof mine), version: current.version };
  }
  const values = await valuesOf(scope, body, id);
  const row = await nameChecked(values.name, () => repo.updateUnit(scope.tx, scope.ctx.clientId, id, body.version, values));
  // Changed or deleted by a write that committed after the read above.
  if (!row) throw await notAtVersion(scope, id);
  await audit(scope, current.status && !row.status ? 'toolbox.unit.hide' : 'toolbox.unit.update', row, row.version);
  return toUnitView(row, scope.ctx.clientSlug);
}

export async function deleteUnit(scope: WriteScope, id: number, version: number): Promise<void> {
  const current = await repo.findUnit(scope.tx, scope.ctx.clientId, id);
  if (!current || !(await repo.deleteUnit(scope.tx, scope.ctx.clientId, id, version))) throw await notAtVersion(scope, id);
  await audit(scope, 'toolbox.unit.delete', current, null);
}
