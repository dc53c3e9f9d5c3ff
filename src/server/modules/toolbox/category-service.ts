import {
  CATEGORY_MESSAGES,
  nextPriority,
  normalizeCategoryName,
  validateCategoryName,
} from '@shared/rules/toolbox';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { ToolboxCategory, ToolboxCategoryBody, ToolboxCategoryBulkBody, ToolboxCategoryUpdateBody } from '@shared/schemas/toolbox';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import * as repo from './category-repository';
import { checkClient, type WriteScope } from './toolbox-service';

export function toCategoryView(row: repo.CategoryRow, clientSlug: string): ToolboxCategory {
  return { id: row.id, name: row.name, status: row.status, priority: row.priority, client_slug: clientSlug, version: row.version };
}

export async function listCategories(db: Executor, ctx: RequestContext): Promise<ToolboxCategory[]> {
  return (await repo.listCategories(db, ctx.clientId)).map((row) => toCategoryView(row, ctx.clientSlug));
}

const categoryNotFound = (id: number) => new AppError(404, ERROR_CODES.notFound, CATEGORY_MESSAGES.notFound(id), { gone: { kind: 'category', id } });

const invalidName = (message: string) => new AppError(422, ERROR_CODES.validation, message, [{ path: 'body.name', message }]);

/** The name normalized and checked against the client's other categories (of `categories`, all the client's). */
function checkedName(sent: string, categories: readonly repo.CategoryRow[], exceptId?: number): string {
  const name = normalizeCategoryName(sent);
  const message = validateCategoryName(name, categories.filter((c) => c.id !== exceptId).map((c) => c.name));
  if (message !== null) throw invalidName(message);
  return name;
}

/** A name taken by a concurrent write gets the message the check above gives. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'toolbox_categories_client_name_key') throw invalidName(CATEGORY_MESSAGES.nameTaken(name));
    throw err;
  }
}

function audit(scope: WriteScope, action: string, row: repo.CategoryRow, details: Record<string, unknown>) {
  return auditWrite({ ...scope, db: scope.tx }, action, `toolbox_category:${row.id}`, { name: row.name, ...details });
}

const conflict = (current: repo.CategoryRow, clientSlug: string) =>
  new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('toolbox category'), { current: toCategoryView(current, clientSlug) });

/** Creating clears the id and forces status true (spec 1 §5); without a priority it goes last. */
export async function createCategory(scope: WriteScope, body: ToolboxCategoryBody): Promise<ToolboxCategory> {
  checkClient(body, scope.ctx);
  const categories = await repo.listCategories(scope.tx, scope.ctx.clientId);
  const name = checkedName(body.name, categories);
  const priority = body.priority ?? nextPriority(categories);
  const row = await nameChecked(name, () => repo.insertCategory(scope.tx, scope.ctx.clientId, { name, status: true, priority }));
  await audit(scope, 'toolbox.category.create', row, { version: row.version });
  return toCategoryView(row, scope.ctx.clientSlug);
}

/** Rename (the units that name it are renamed in the same transaction), show or hide, or move; based on `body.version`. */
export async function updateCategory(scope: WriteScope, id: number, body: ToolboxCategoryUpdateBody): Promise<ToolboxCategory> {
  checkClient(body, scope.ctx);
  const current = await repo.findCategory(scope.tx, scope.ctx.clientId, id, true);
  if (!current) throw categoryNotFound(id);
  if (current.version !== body.version) throw conflict(current, scope.ctx.clientSlug);
  const name = checkedName(body.name, await repo.listCategories(scope.tx, scope.ctx.clientId), id);
  const values = { name, status: body.status ?? current.status, priority: body.priority ?? current.priority };
  const row = await nameChecked(name, () => repo.updateCategory(scope.tx, scope.ctx.clientId, id, body.version, values));
  if (!row) throw conflict(current, scope.ctx.clientSlug);
  const renamed = name !== current.name;
  const units = renamed ? await repo.renameInUnits(scope.tx, scope.ctx.clientId, current.name, name) : 0;
  await audit(scope, renamed ? 'toolbox.category.rename' : 'toolbox.category.update', row, {
    version: row.version,
    ...(renamed ? { from: current.name, units } : {}),
  });
  return toCategoryView(row, scope.ctx.clientSlug);
}

/**
 * The new order: each listed category gets its priority (a new version when it changes), in one
 * statement. The moved one (the path's id) must be listed; an id twice, or one that is not the
 * client's, changes nothing.
 */
export async function reorderCategories(scope: WriteScope, movedId: number, body: ToolboxCategoryBulkBody): Promise<ToolboxCategory[]> {
  const ids = body.map((c) => c.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw new AppError(422, ERROR_CODES.validation, CATEGORY_MESSAGES.bulkRepeated(repeated), [{ path: 'body', message: CATEGORY_MESSAGES.bulkRepeated(repeated) }]);
  const before = new Map((await repo.listCategories(scope.tx, scope.ctx.clientId)).map((r) => [r.id, r.priority]));
  if (!before.has(movedId)) throw categoryNotFound(movedId);
  if (!ids.includes(movedId)) throw new AppError(422, ERROR_CODES.validation, CATEGORY_MESSAGES.bulkMissingMoved(movedId), [{ path: 'body', message: CATEGORY_MESSAGES.bulkMissingMoved(movedId) }]);
  const foreign = ids.find((id) => !before.has(id));
  if (foreign !== undefined) throw categoryNotFound(foreign);
  const changed = body.filter((c) => before.get(c.id) !== c.priority);
  await repo.setPriorities(scope.tx, scope.ctx.clientId, changed);
  const after = await repo.listCategories(scope.tx, scope.ctx.clientId);
  const moved = after.find((r) => r.id === movedId);
  if (moved) await audit(scope, 'toolbox.category.reorder', moved, { order: after.map((r) => r.id), changed: changed.map((c) => c.id) });
  return after.map((row) => toCategoryView(row, scope.ctx.clientSlug));
}

/** Refused (409 IN_USE, naming the units) while units name it; with a version, a stale one is a 409. */
export async function deleteCategory(scope: WriteScope, id: number, version: number | undefined): Promise<void> {
  const current = await repo.findCategory(scope.tx, scope.ctx.clientId, id, true);
  if (!current) throw categoryNotFound(id);
  if (version !== undefined && current.version !== version) throw conflict(current, scope.ctx.clientSlug);
  const units = await repo.unitsNaming(scope.tx, scope.ctx.clientId, current.name);
  if (units.length > 0) throw new AppError(409, ERROR_CODES.inUse, CATEGORY_MESSAGES.inUse(current.name, units.length), { units });
  await repo.deleteCategory(scope.tx, scope.ctx.clientId, id);
  await audit(scope, 'toolbox.category.delete', current, { version: current.version });
}
