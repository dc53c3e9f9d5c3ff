import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actions, PermissionSet, Resource } from '@shared/permissions';
import type { Executor } from '../../db/client';
import { rolePermissions, roles, userHierarchyPermissions, userRoles, users } from '../../db/schema';
import { UNSET_PASSWORD_HASH } from '../auth/invitation-service';

export type RoleRow = typeof roles.$inferSelect;

/** A role with its grants and how many users hold it. */
export interface RoleWithGrants extends RoleRow {
  permissions: PermissionSet;
  userCount: number;
}

const grantsOf = (rows: (typeof rolePermissions.$inferSelect)[]): PermissionSet => {
  const set: Record<string, Actions> = {};
  for (const r of rows) set[r.resource] = { create: r.canCreate, read: r.canRead, update: r.canUpdate, destroy: r.canDestroy };
  return set;
};

/** Roles (all, or these ids) with their grants and holder counts, by name. */
export async function listRoles(db: Executor, ids?: readonly number[]): Promise<RoleWithGrants[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({ role: roles, userCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})` })
    .from(roles)
    .where(ids ? inArray(roles.id, [...ids]) : undefined)
    .orderBy(asc(sql`lower(${roles.name})`));
  const grants = await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, rows.map((r) => r.role.id)));
  return rows.map(({ role, userCount }) => ({
    ...role,
    userCount: Number(userCount),
    permissions: grantsOf(grants.filter((g) => g.roleId === role.id)),
  }));
}

export async function findRole(db: Executor, id: number): Promise<RoleWithGrants | undefined> {
  return (await listRoles(db, [id]))[0];
}

/** Whether another role has this name, whatever the case. */
export async function nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = ${name.toLowerCase()}`, exceptId === undefined ? undefined : sql`${roles.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}

export interface RoleValues {
  name: string;
  description: string;
  isAdmin: boolean;
}

export async function insertRole(tx: Executor, values: RoleValues): Promise<RoleRow> {
  const [row] = await tx.insert(roles).values(values).returning();
  if (!row) throw new Error('insert returned no role');
  return row;
}

/** Updates the role when it is still at `version`; undefined when it is not (or is gone). */
export async function updateRole(tx: Executor, id: number, version: number, values: RoleValues): Promise<RoleRow | undefined> {
  const [row] = await tx
    .update(roles)
    .set({ ...values, version: sql`${roles.version} + 1` })
    .where(and(eq(roles.id, id), eq(roles.version, version)))
    .returning();
  return row;
}

/** The role's grants become exactly `set` (resources granting nothing are not stored). */
export async function replaceGrants(tx: Executor, roleId: number, set: PermissionSet) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const rows = (Object.entries(set) as [Resource, Actions][]).map(([resource, a]) => ({
    roleId,
    resource,
    canCreate: a.create,
    canRead: a.read,
    canUpdate: a.update,
    canDestroy: a.destroy,
  }));
  if (rows.length > 0) await tx.insert(rolePermissions).values(rows);
}

export function deleteRole(tx: Executor, id: number) {
  return tx.delete(roles).where(eq(roles.id, id));
}

/** Who holds the role, by name. */
export function holders(db: Executor, roleId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(eq(userRoles.roleId, roleId))
    .orderBy(users.lastName, users.firstName);
}

/** The hierarchy slugs of each user holding the role, active or not (a change to the role reaches them all). */
export async function holderSlugs(db: Executor, roleId: number): Promise<string[][]> {
  const rows = await db
    .select({ slugs: sql<string[]>`coalesce((select array_agg(${userHierarchyPermissions.slug}) from ${userHierarchyPermissions} where ${userHierarchyPermissions.userId} = ${userRoles.userId}), '{}')` })
    .from(userRoles)
    .where(eq(userRoles.roleId, roleId));
  return rows.map((r) => r.slugs);
}

/** Whether the user holds an administrator role. */
export async function holdsAdminRole(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.isAdmin, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Active global administrators: active users who can log in (an invited one cannot yet) with an
 * administrator role and the '*' slug.
 * Read inside the write's transaction, after the write: zero means the write must not stand.
 */
export async function countGlobalAdmins(db: Executor): Promise<number> {
  const result = (await db.execute(sql`
    select count(*)::int as n from users u
    where u.active and u.password_hash <> ${UNSET_PASSWORD_HASH}
      and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.is_admin)
      and exists (select 1 from user_hierarchy_permissions h where h.user_id = u.id and h.slug = '*')`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Serialises the writes that could remove a global administrator (role and user changes), so two
 * concurrent ones cannot each leave the other's admin as the last and both stand.
 */
export async function lockAdminChanges(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin:global-admins'))`);
}
