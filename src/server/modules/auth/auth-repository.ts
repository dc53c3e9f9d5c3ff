import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  loginAttempts,
  rolePermissions,
  roles,
  sessions,
  userHierarchyPermissions,
  userRoles,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function findUserByEmail(db: Executor, email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .then((rows) => rows[0]);
}

export function findUserById(db: Executor, id: number) {
  return db.select().from(users).where(eq(users.id, id)).limit(1).then((rows) => rows[0]);
}

export function listActiveUsers(db: Executor) {
  return db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(users.lastName, users.firstName);
}

export function rolesOfUsers(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: userRoles.userId, id: roles.id, name: roles.name, isAdmin: roles.isAdmin })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(roles.id);
}

/** Every permission row of the user's roles; the service ORs them together. */
export function permissionRowsOfUser(db: Executor, userId: number) {
  return db
    .select({
      resource: rolePermissions.resource,
      create: rolePermissions.canCreate,
      read: rolePermissions.canRead,
      update: rolePermissions.canUpdate,
      destroy: rolePermissions.canDestroy,
    })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(eq(userRoles.userId, userId));
}

export function hierarchySlugsOfUser(db: Executor, userId: number) {
  return db
    .select({ slug: userHierarchyPermissions.slug })
    .from(userHierarchyPermissions)
    .where(eq(userHierarchyPermissions.userId, userId))
    .then((rows) => rows.map((r) => r.slug));
}

export function insertSession(db: Executor, row: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(row);
}

/** The live session with its user and, while impersonating, the viewed user. */
export function findLiveSession(db: Executor, tokenHash: string) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .then((rows) => rows[0]);
}

export function updateSession(db: Executor, tokenHash: string, patch: Partial<typeof sessions.$inferInsert>) {
  return db.update(sessions).set(patch).where(eq(sessions.tokenHash, tokenHash));
}

export function deleteSession(db: Executor, tokenHash: string) {
  return db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export function deleteExpiredSessions(db: Executor) {
  return db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** Records an attempt before its password is checked; returns its id. */
export function recordLoginAttempt(db: Executor, email: string, address: string) {
  return db
    .insert(loginAttempts)
    .values({ email: email.toLowerCase(), address })
    .returning({ id: loginAttempts.id })
    .then((rows) => rows[0]?.id);
}

/**
 * Serialises login attempts per account and per address until the transaction ends, so
 * parallel guesses are counted one after another (account lock first: no lock cycles).
 */
export async function lockLoginKeys(tx: Executor, email: string, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:account:${email.toLowerCase()}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:address:${address}`}))`);
}

/** Failed attempts in the window, for the account and for the address; also the oldest, for Retry-After. */
export async function countRecentFailures(db: Executor, email: string, address: string, windowSeconds: number) {
  const since = sql`now() - make_interval(secs => ${windowSeconds})`;
  const [account] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email.toLowerCase()), gt(loginAttempts.at, since)));
  const [addr] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${loginAttempts.at})` })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.address, address), gt(loginAttempts.at, since)));
  return { account: account ?? { n: 0, oldest: null }, address: addr ?? { n: 0, oldest: null } };
}

export function clearFailedLogins(db: Executor, email: string) {
  return db.delete(loginAttempts).where(eq(loginAttempts.email, email.toLowerCase()));
}

export function pruneLoginAttempts(db: Executor, windowSeconds: number) {
  return db
    .delete(loginAttempts)
    .where(lt(loginAttempts.at, sql`now() - make_interval(secs => ${windowSeconds})`));
}
