import { isGlobalAdmin, isGlobalRole, permissionsWithin, slugWithin, USER_MESSAGES, validateUser, withinReach, type RuleIssue } from '@shared/rules/roles';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { AdminUser, InvitationLink, UserCreateBody, UserUpdateBody } from '@shared/schemas/users';
import type { Db, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../lib/errors';
import type { RequestAuth } from '../../types';
import { createInvitation, invitationUrl, passwordIsSet, UNSET_PASSWORD_HASH } from '../auth/invitation-service';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import * as roleRepo from '../roles/roles-repository';
import { assertGlobalAdminRemains, auditEntry, callerOf, invalid, type Caller, type WriteScope } from '../roles/roles-service';
import * as repo from './users-repository';

export type { WriteScope };

export function toUserView(u: repo.UserWithGrants): AdminUser {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    active: u.active,
    role_ids: u.roleIds,
    slugs: u.slugs,
    invited: !passwordIsSet(u.passwordHash),
    version: u.version,
  };
}

/**
 * The caller sees (and so manages) the users within their reach (withinReach: every slug of the
 * user within the caller's own), the rule impersonation uses too: an administrator of acme/us does
 * not manage a user of all acme, nor an acme administrator a user of acme and globex.
 */
export async function listUsers(db: Executor, auth: RequestAuth): Promise<AdminUser[]> {
  return (await repo.listUsers(db)).filter((u) => withinReach(auth.hierarchySlugs, u.slugs)).map(toUserView);
}

const userNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no user ${id} you can manage.`, { gone: { kind: 'user', id } });

/** The user, when the caller may see them (anyone else is 404, never 403 with their name). */
async function visibleUser(db: Executor, auth: RequestAuth, id: number): Promise<repo.UserWithGrants> {
  const user = await repo.findUser(db, id);
  if (!user || !withinReach(auth.hierarchySlugs, user.slugs)) throw userNotFound(id);
  return user;
}

export async function userSlugs(db: Executor, auth: RequestAuth, id: number): Promise<string[]> {
  return (await visibleUser(db, auth, id)).slugs;
}

/**
 * Every slug path of the hierarchy: client, client/region, …/brand, …/product. Read before a
 * write's transaction (from the hierarchy cache): on PGlite a query beside an open transaction waits for it.
 */
export async function hierarchyPaths(db: Db, auth: RequestAuth): Promise<ReadonlySet<string>> {
  const paths = new Set<string>(['*']);
  for (const c of await hierarchyFor(db, { hierarchySlugs: ['*'], hierarchyVersion: auth.hierarchyVersion })) {
    paths.add(c.slug);
    for (const r of c.regions) {
      paths.add(`${c.slug}/${r.slug}`);
      for (const b of r.brands) {
        paths.add(`${c.slug}/${r.slug}/${b.slug}`);
        for (const p of b.products) paths.add(p.fullSlug);
      }
    }
  }
  return paths;
}

const added = <T>(next: readonly T[], before: readonly T[]) => next.filter((x) => !before.includes(x));
const changed = <T>(next: readonly T[], before: readonly T[]) => [...added(next, before), ...added(before, next)];

/**
 * The slugs a write gives, checked: the ones that change must lie within the caller's own ('*'
 * only by a holder of '*'), and the ones it adds must exist.
 */
function checkSlugs(paths: ReadonlySet<string>, caller: Caller, next: readonly string[], before: readonly string[]): string[] {
  const slugs = [...new Set(next)];
  const issue = (message: string) => invalid([{ field: 'slugs', message }]);
  for (const slug of changed(slugs, before)) {
    if (slug === '*' && !caller.slugs.includes('*')) throw issue(USER_MESSAGES.allOnlyByGlobal);
    if (!slugWithin(slug, caller.slugs)) throw issue(USER_MESSAGES.slugOutside(slug));
  }
  const unknown = added(slugs, before).find((s) => !paths.has(s));
  if (unknown !== undefined) throw issue(USER_MESSAGES.slugUnknown(unknown));
  return slugs.sort();
}

/**
 * The role ids a write gives, checked: each that changes must exist and grant nothing beyond the
 * caller's own, and a global role (isGlobalRole) is given or taken only by a holder of '*'.
 */
async function checkRoles(tx: Executor, caller: Caller, next: readonly number[], before: readonly number[]): Promise<roleRepo.RoleWithGrants[]> {
  const ids = [...new Set(next)];
  const moving = changed(ids, before);
  const found = await roleRepo.listRoles(tx, [...new Set([...ids, ...moving])]);
  for (const id of moving) {
    const role = found.find((r) => r.id === id);
    if (!role) {
      if (ids.includes(id)) throw invalid([{ field: 'role_ids', message: USER_MESSAGES.unknownRole(id) }]);
      continue; // a role deleted meanwhile: nothing to take away
    }
    // The global reason first: it is the one that tells a scoped admin whom to ask.
    if (isGlobalRole(role.permissions) && !caller.slugs.includes('*')) {
      throw invalid([{ field: 'role_ids', message: USER_MESSAGES.cannotGiveGlobalRole(role.name) }]);
    }
    if ((role.isAdmin && !caller.isAdmin) || !permissionsWithin(role.permissions, caller.permissions)) {
      throw invalid([{ field: 'role_ids', message: USER_MESSAGES.cannotGiveRole(role.name) }]);
    }
  }
  return found.filter((r) => ids.includes(r.id));
}

function checkFields(draft: Parameters<typeof validateUser>[0]) {
  const issues: RuleIssue<string>[] = validateUser(draft);
  if (issues.length > 0) throw invalid(issues);
}

const snapshot = (u: { firstName: string; lastName: string; email: string; active: boolean }, roleIds: readonly number[], slugs: readonly string[]) =>
  ({ first_name: u.firstName, last_name: u.lastName, email: u.email, active: u.active, role_ids: [...roleIds], slugs: [...slugs] });

/**
 * Why a taken address cannot be invited, as far as the caller may know: that it exists only when its
 * holder is within the caller's reach (they see that user anyway) or the caller holds '*'; otherwise
 * a refusal that does not say the address exists (no cross-tenant existence oracle, decision 016).
 * `holderSlugs` null: the holder is unknown.
 */
function takenMessage(callerSlugs: readonly string[], holderSlugs: readonly string[] | null): string {
  if (callerSlugs.includes('*') || (holderSlugs !== null && withinReach(callerSlugs, holderSlugs))) return USER_MESSAGES.emailTaken;
  return USER_MESSAGES.emailNotInvitable;
}

/** Creates an invited user (no password yet) and their one-time link on `origin`. */
export async function createUser(
  paths: ReadonlySet<string>,
  scope: WriteScope,
  body: UserCreateBody['user'],
  origin: string,
): Promise<{ user: AdminUser; invitation: InvitationLink }> {
  const { tx, auth } = scope;
  const email = body.email.trim().toLowerCase();
  const draft = { ...body, email, first_name: body.first_name.trim(), last_name: body.last_name.trim() };
  checkFields(draft);
  // One query as before (the session's slugs are the caller's): a taken address answers as fast wherever its holder is.
  const holder = await repo.emailHolder(tx, email);
  if (holder) throw invalid([{ field: 'email', message: takenMessage(auth.hierarchySlugs, holder.slugs) }]);
  const caller = await callerOf(tx, auth);
  const roleIds = (await checkRoles(tx, caller, draft.role_ids, [])).map((r) => r.id);
  const slugs = checkSlugs(paths, caller, draft.slugs, []);
  const realId = (auth.parentUser ?? auth.user).id;
  let row: repo.UserRow;
  try {
    row = await repo.insertUser(tx, { firstName: draft.first_name, lastName: draft.last_name, email, passwordHash: UNSET_PASSWORD_HASH, invitedBy: realId });
  } catch (err) {
    // Taken meanwhile by someone this caller may not be told about: the aborted transaction cannot say whom.
    if (uniqueViolation(err) === 'users_email_key') throw invalid([{ field: 'email', message: takenMessage(caller.slugs, null) }]);
    throw err;
  }
  await repo.setRoles(tx, row.id, roleIds);
  await repo.setSlugs(tx, row.id, slugs);
  const { token, expiresAt } = await createInvitation(tx, row.id, realId);
  await auditEntry(scope, 'user.create', `user:${row.id}`, { after: snapshot(row, roleIds, slugs) });
  return {
    user: toUserView({ ...row, roleIds, slugs }),
    invitation: { url: invitationUrl(origin, token), expires_at: expiresAt.toISOString() },
  };
}

/** A new invitation link for a user who has not set a password yet (older links stop working). */
export async function reinvite(scope: WriteScope, id: number, origin: string): Promise<{ user: AdminUser; invitation: InvitationLink }> {
  const user = await visibleUser(scope.tx, scope.auth, id);
  if (passwordIsSet(user.passwordHash)) throw new AppError(409, ERROR_CODES.conflict, `${user.firstName} ${user.lastName} has already set a password.`);
  if (!user.active) throw new AppError(409, ERROR_CODES.conflict, `${user.firstName} ${user.lastName} is deactivated: activate them first.`);
  const { token, expiresAt } = await createInvitation(scope.tx, id, (scope.auth.parentUser ?? scope.auth.user).id);
  await auditEntry(scope, 'user.invite', `user:${id}`, { expires_at: expiresAt.toISOString() });
  return { user: toUserView(user), invitation: { url: invitationUrl(origin, token), expires_at: expiresAt.toISOString() } };
}

type UserChange = UserUpdateBody['user'];

/**
 * Changes a user's names, roles, slugs or activity, based on `version`. The caller's rights are
 * checked on what changes; the last active global administrator stays one; deactivation ends
 * their sessions. Returns the user; the caller drops their cached sessions after the commit.
 */
export async function updateUser(paths: ReadonlySet<string>, scope: WriteScope, id: number, change: UserChange, version: number): Promise<AdminUser> {
  const { tx, auth } = scope;
  await roleRepo.lockAdminChanges(tx);
  const before = await visibleUser(tx, auth, id);
  if (before.version !== version) throw new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('user'), { current: toUserView(before) });
  const firstName = change.first_name?.trim();
  const lastName = change.last_name?.trim();
  checkFields({ first_name: firstName, last_name: lastName, role_ids: change.role_ids, slugs: change.slugs });
  if (change.active === false && before.active && id === auth.user.id) throw invalid([{ field: 'active', message: USER_MESSAGES.cannotDeactivateSelf }]);
  const caller = await callerOf(tx, auth);
  const roleIds = change.role_ids ? (await checkRoles(tx, caller, change.role_ids, before.roleIds)).map((r) => r.id) : before.roleIds;
  const slugs = change.slugs ? checkSlugs(paths, caller, change.slugs, before.slugs) : before.slugs;

  const row = await repo.updateUser(tx, id, version, { firstName, lastName, active: change.active });
  if (!row) throw userNotFound(id);
  if (change.role_ids) await repo.setRoles(tx, id, roleIds);
  if (change.slugs) await repo.setSlugs(tx, id, slugs);
  if (before.active && !row.active) await repo.endSessionsOf(tx, id);
  const beforeRoles = await roleRepo.listRoles(tx, before.roleIds);
  if (before.active && isGlobalAdmin(beforeRoles.map((r) => ({ is_admin: r.isAdmin })), before.slugs)) await assertGlobalAdminRemains(tx);
  const action = before.active && !row.active ? 'user.deactivate' : !before.active && row.active ? 'user.activate' : 'user.update';
  await auditEntry(scope, action, `user:${id}`, { before: snapshot(before, before.roleIds, before.slugs), after: snapshot(row, roleIds, slugs) });
  return toUserView({ ...row, roleIds, slugs });
}

/** PUT /api/user-hierarchy-permissions/:userId: the slugs alone, on the user's current version. */
export async function setUserSlugs(paths: ReadonlySet<string>, scope: WriteScope, id: number, slugs: readonly string[]): Promise<AdminUser> {
  const current = await visibleUser(scope.tx, scope.auth, id);
  return updateUser(paths, scope, id, { slugs: [...slugs] }, current.version);
}
