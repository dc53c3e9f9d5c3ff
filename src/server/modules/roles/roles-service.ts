import type { PermissionSet } from '@shared/permissions';
import {
  grantProblems,
  isGlobalRole,
  normalizePermissions,
  resourceList,
  ROLE_MESSAGES,
  unknownResources,
  USER_MESSAGES,
  validateRole,
  withinReach,
  type RuleIssue,
} from '@shared/rules/roles';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { AdminRole, RoleWrite } from '@shared/schemas/roles';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError, forbidden } from '../../lib/errors';
import type { RequestAuth } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import * as repo from './roles-repository';

/** A write's transaction, caller and request id. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  requestId: string;
}

/**
 * Who grants: the session's permissions and slugs, which while viewing as someone are only what
 * both the viewed and the real user hold (auth-service.ts), and an administrator role only when
 * both hold one. Viewing as someone never lends the real user what they lack (decision 016).
 */
export interface Caller {
  id: number;
  permissions: PermissionSet;
  slugs: readonly string[];
  isAdmin: boolean;
}

export async function callerOf(db: Executor, auth: RequestAuth): Promise<Caller> {
  const isAdmin = (await repo.holdsAdminRole(db, auth.user.id)) && (auth.parentUser === null || (await repo.holdsAdminRole(db, auth.parentUser.id)));
  return { id: auth.user.id, permissions: auth.permissions, slugs: auth.hierarchySlugs, isAdmin };
}

/**
 * A role reaches every client it is held in, so a caller without '*' may create, change or delete
 * one only when it is not global (isGlobalRole, before and after) and, for an existing role, when
 * every holder lies within the caller's reach: an administrator of acme changes nothing for globex.
 */
async function assertRoleWithinReach(tx: Executor, caller: Caller, permissions: PermissionSet | null, before?: repo.RoleWithGrants) {
  if (caller.slugs.includes('*')) return;
  if ((permissions && isGlobalRole(permissions)) || (before && isGlobalRole(before.permissions))) throw forbidden(ROLE_MESSAGES.globalOnly);
  if (before && (await repo.holderSlugs(tx, before.id)).some((slugs) => !withinReach(caller.slugs, slugs))) {
    throw forbidden(ROLE_MESSAGES.heldOutside(before.name));
  }
}

/** The 422 of field rules: the first message, and every field's in details.fields. */
export function invalid(issues: RuleIssue<string>[], extra: Record<string, unknown> = {}): AppError {
  const fields: Record<string, string> = {};
  for (const i of issues) fields[i.field] ??= i.message;
  return new AppError(422, ERROR_CODES.validation, issues[0]?.message ?? 'This is not valid.', { fields, ...extra });
}

/** Refuses a write that leaves no active global administrator (run after the write, in its transaction). */
export async function assertGlobalAdminRemains(tx: Executor) {
  if ((await repo.countGlobalAdmins(tx)) === 0) throw new AppError(422, ERROR_CODES.validation, USER_MESSAGES.lastAdmin, { fields: {} });
}

/** Every audit entry of this area names the real user and whom they act as (Grow's helper: the same row). */
export function auditEntry(scope: WriteScope, action: string, target: string, details: Record<string, unknown>) {
  return auditWrite({ db: scope.tx, auth: scope.auth, requestId: scope.requestId }, action, target, details);
}

export const resources = resourceList;

export function toRoleView(role: repo.RoleWithGrants): AdminRole {
  return {
    id: role.id,
    name: role.name,
    description: role.description,
    is_admin: role.isAdmin,
    built_in: role.builtIn,
    version: role.version,
    user_count: role.userCount,
    permissions: role.permissions as AdminRole['permissions'],
  };
}

export async function listRoles(db: Executor): Promise<AdminRole[]> {
  return (await repo.listRoles(db)).map(toRoleView);
}

const roleNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no role ${id}: it may have been deleted.`, { gone: { kind: 'role', id } });

/** The sent role checked against the rules and the caller's own grants; `before` is the role being edited. */
async function checked(scope: WriteScope, caller: Caller, sent: RoleWrite, before?: repo.RoleWithGrants) {
  const name = sent.name.trim();
  const description = (sent.description ?? before?.description ?? '').trim();
  const isAdmin = sent.is_admin ?? before?.isAdmin ?? false;
  const taken = name !== '' && (await repo.nameTaken(scope.tx, name, before?.id)) ? [name] : [];
  const issues: RuleIssue<string>[] = validateRole({ name, description }, taken);
  const unknown = unknownResources(sent.permissions);
  if (unknown.length > 0) issues.push({ field: 'permissions', message: ROLE_MESSAGES.unknownResource(unknown[0]!) });
  if (issues.length > 0) throw invalid(issues);

  if (before?.isAdmin && !caller.isAdmin) throw forbidden(ROLE_MESSAGES.adminRoleOnly);
  if (isAdmin !== (before?.isAdmin ?? false) && !caller.isAdmin) throw forbidden(ROLE_MESSAGES.adminOnly);
  const permissions = normalizePermissions(sent.permissions);
  // Reach first: a global role or one held elsewhere is refused for that reason, whatever else it grants.
  await assertRoleWithinReach(scope.tx, caller, permissions, before);
  const problems = grantProblems(caller.permissions, permissions, before?.permissions);
  if (problems.length > 0) {
    throw invalid([{ field: 'permissions', message: problems[0]!.message }], { problems: problems.map(({ resource, actions }) => ({ resource, actions })) });
  }
  return { values: { name, description, isAdmin }, permissions };
}

/** A name taken by a concurrent write gets the rule's message. */
async function nameChecked<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === 'roles_name_unique') throw invalid([{ field: 'name', message: ROLE_MESSAGES.nameTaken(name) }]);
    throw err;
  }
}

const snapshot = (r: { name: string; description: string; isAdmin: boolean }, permissions: PermissionSet) =>
  ({ name: r.name, description: r.description, is_admin: r.isAdmin, permissions });

export async function createRole(scope: WriteScope, sent: RoleWrite): Promise<AdminRole> {
  const caller = await callerOf(scope.tx, scope.auth);
  const { values, permissions } = await checked(scope, caller, sent);
  const row = await nameChecked(values.name, () => repo.insertRole(scope.tx, values));
  await repo.replaceGrants(scope.tx, row.id, permissions);
  await auditEntry(scope, 'role.create', `role:${row.id}`, { after: snapshot(values, permissions) });
  return toRoleView({ ...row, permissions, userCount: 0 });
}

/**
 * Updates a role based on `version`; returns it and its holders, whose cached sessions the
 * caller drops once the write has committed.
 */
export async function updateRole(scope: WriteScope, id: number, sent: RoleWrite, version: number): Promise<{ role: AdminRole; holderIds: number[] }> {
  await repo.lockAdminChanges(scope.tx);
  const before = await repo.findRole(scope.tx, id);
  if (!before) throw roleNotFound(id);
  if (before.version !== version) throw new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('role'), { current: toRoleView(before) });
  const caller = await callerOf(scope.tx, scope.auth);
  const { values, permissions } = await checked(scope, caller, sent, before);
  const row = await nameChecked(values.name, () => repo.updateRole(scope.tx, id, version, values));
  if (!row) throw roleNotFound(id);
  await repo.replaceGrants(scope.tx, id, permissions);
  if (before.isAdmin && !values.isAdmin) await assertGlobalAdminRemains(scope.tx);
  await auditEntry(scope, 'role.update', `role:${id}`, { before: snapshot(before, before.permissions), after: snapshot(values, permissions) });
  const holderIds = (await repo.holders(scope.tx, id)).map((h) => h.id);
  return { role: toRoleView({ ...row, permissions, userCount: holderIds.length }), holderIds };
}

/** Deletes a role nobody holds (409 IN_USE naming the holders otherwise). */
export async function deleteRole(scope: WriteScope, id: number): Promise<void> {
  const role = await repo.findRole(scope.tx, id);
  if (!role) throw roleNotFound(id);
  const caller = await callerOf(scope.tx, scope.auth);
  if (role.isAdmin && !caller.isAdmin) throw forbidden(ROLE_MESSAGES.adminRoleOnly);
  await assertRoleWithinReach(scope.tx, caller, null, role);
  const holders = await repo.holders(scope.tx, id);
  if (holders.length > 0) {
    throw new AppError(409, ERROR_CODES.inUse, ROLE_MESSAGES.inUse(role.name, holders.length), {
      uses: holders.map((h) => ({ kind: 'user' as const, id: h.id, name: `${h.firstName} ${h.lastName}` })),
    });
  }
  await repo.deleteRole(scope.tx, id);
  await auditEntry(scope, 'role.delete', `role:${id}`, { before: snapshot(role, role.permissions) });
}
