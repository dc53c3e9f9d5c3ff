import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, userHierarchyPermissions, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user with their role ids and hierarchy slugs. */
export interface UserWithGrants extends UserRow {
  roleIds: number[];
  slugs: string[];
}

/** Users (all, or these ids) with their grants, by last then first name. */
export async function listUsers(db: Executor, ids?: readonly number[]): Promise<UserWithGrants[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select({
      user: users,
      roleIds: sql<number[]>`coalesce((select array_agg(${userRoles.roleId} order by ${userRoles.roleId}) from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
      slugs: sql<string[]>`coalesce((select array_agg(${userHierarchyPermissions.slug} order by ${userHierarchyPermissions.slug}) from ${userHierarchyPermissions} where ${userHierarchyPermissions.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(ids ? inArray(users.id, [...ids]) : undefined)
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return rows.map(({ user, roleIds, slugs }) => ({ ...user, roleIds: roleIds.map(Number), slugs }));
}

export async function findUser(db: Executor, id: number): Promise<UserWithGrants | undefined> {
  return (await listUsers(db, [id]))[0];
}

/** The hierarchy slugs of the user with this email address (any case), or undefined when none has it. */
export async function emailHolder(db: Executor, email: string): Promise<{ slugs: string[] } | undefined> {
  const rows = await db
    .select({ slugs: sql<string[]>`coalesce((select array_agg(${userHierarchyPermissions.slug}) from ${userHierarchyPermissions} where ${userHierarchyPermissions.userId} = ${users.id}), '{}')` })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0];
}

export async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  active?: boolean;
}

/** Updates the user (and bumps the version) when still at `version`; undefined when not. */
export async function updateUser(tx: Executor, id: number, version: number, patch: UserPatch): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({ ...patch, version: sql`${users.version} + 1` })
    .where(and(eq(users.id, id), eq(users.version, version)))
    .returning();
  return row;
}

export async function setRoles(tx: Executor, userId: number, roleIds: readonly number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
}

export async function setSlugs(tx: Executor, userId: number, slugs: readonly string[]) {
  await tx.delete(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, userId));
  if (slugs.length > 0) await tx.insert(userHierarchyPermissions).values(slugs.map((slug) => ({ userId, slug })));
}

/** Ends the user's sessions, and stops anyone viewing as them. */
export async function endSessionsOf(tx: Executor, userId: number) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.update(sessions).set({ actingUserId: null }).where(eq(sessions.actingUserId, userId));
}

