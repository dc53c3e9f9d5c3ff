import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  loginAttempts,
  sessions,
  userHierarchyPermissions,
  users,
} from '../../db/schema';

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

const slugsOfUser = sql<string[]>`coalesce((select array_agg(${userHierarchyPermissions.slug} order by ${userHierarchyPermissions.slug}) from ${userHierarchyPermissions} where ${userHierarchyPermissions.userId} = ${users.id}), '{}')`;

/** Active users with their hierarchy slugs (the impersonation list filters them by the admin's reach). */
export function listActiveUsers(db: Executor) {
  return db
    .select({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email, slugs: slugsOfUser })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(users.lastName, users.firstName);
}

/** An active user's id and hierarchy slugs, or undefined. */
export function findActiveUserSlugs(db: Executor, id: number) {
  return db
    .select({ id: users.id, slugs: slugsOfUser })
    .from(users)
    .where(and(eq(users.id, id), eq(users.active, true)))
    .limit(1)
    .then((rows) => rows[0]);
}

/** A user's hierarchy slugs (an impersonating admin's own reach, not the viewed user's). */
export async function slugsOf(db: Executor, userId: number): Promise<string[]> {
  const rows = await db.select({ slug: userHierarchyPermissions.slug }).from(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, userId));
  return rows.map((r) => r.slug);
}

export function insertSession(db: Executor, row: typeof sessions.$inferInsert) {
  return db.insert(sessions).values(row);
}

export function updateSession(db: Executor, tokenHash: string, patch: Partial<typeof sessions.$inferInsert>) {
  return db.update(sessions).set(patch).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends a session; answers whether it had signed on through the identity provider. */
export async function deleteSession(db: Executor, tokenHash: string): Promise<{ sso: boolean }> {
  const [row] = await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).returning({ sso: sessions.sso });
  return { sso: row?.sso ?? false };
}

export function deleteExpiredSessions(db: Executor) {
  return db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** Records an attempt before its password is checked (it counts as a failure until a success clears it). */
export function recordLoginAttempt(db: Executor, email: string, address: string) {
  return db
    .insert(loginAttempts)
    .values({ email: email.toLowerCase(), address })
    .returning({ id: loginAttempts.id })
    .then((rows) => rows[0]?.id);
}

/** Forgets an attempt whose password was never checked (the check pool was full): it is no failure. */
export function forgetLoginAttempt(db: Executor, id: number) {
  return db.delete(loginAttempts).where(eq(loginAttempts.id, id));
}

/**
 * Serialises login attempts from one address until the transaction ends, so parallel
 * guesses are counted one after another. Every count the throttle reads (the pair's and the
 * address's) is of that address, so its lock alone keeps a burst within the limits.
 */
export async function lockLoginAddress(tx: Executor, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:address:${address}`}))`);
}

/**
 * Failed attempts in the window for the (account, address) pair and for the address, with the
 * oldest and newest: one read of the address's rows (its index), the pair's picked out by a
 * filter. Every login pays for this read on the main thread on PGlite, flood or not (issue 26.3).
 */
export async function countRecentFailures(db: Executor, email: string, address: string, windowSeconds: number) {
  const since = sql`now() - make_interval(secs => ${windowSeconds})`;
  const inPair = sql`${loginAttempts.email} = ${email.toLowerCase()}`;
  const [row] = await db
    .select({
      n: count(),
      oldest: sql<string | null>`min(${loginAttempts.at})`,
      newest: sql<string | null>`max(${loginAttempts.at})`,
      pairN: sql<number>`count(*) filter (where ${inPair})`.mapWith(Number),
      pairOldest: sql<string | null>`min(${loginAttempts.at}) filter (where ${inPair})`,
      pairNewest: sql<string | null>`max(${loginAttempts.at}) filter (where ${inPair})`,
    })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.address, address), gt(loginAttempts.at, since)));
  if (!row) return { pair: { n: 0, oldest: null, newest: null }, address: { n: 0, oldest: null, newest: null } };
  return {
    pair: { n: row.pairN, oldest: row.pairOldest, newest: row.pairNewest },
    address: { n: row.n, oldest: row.oldest, newest: row.newest },
  };
}

/** A success clears its own pair only: failures for the account from other addresses may be someone else's. */
export function clearFailedLogins(db: Executor, email: string, address: string) {
  return db.delete(loginAttempts).where(and(eq(loginAttempts.email, email.toLowerCase()), eq(loginAttempts.address, address)));
}

export function pruneLoginAttempts(db: Executor, windowSeconds: number) {
  return db
    .delete(loginAttempts)
    .where(lt(loginAttempts.at, sql`now() - make_interval(secs => ${windowSeconds})`));
}

export interface SessionAuthRow {
  csrf_token: string;
  data_source: string;
  last_seen_at: string;
  real_user: UserJson;
  acting_user: UserJson | null;
  permissions: { resource: string; create: boolean; read: boolean; update: boolean; destroy: boolean }[];
  is_admin: boolean;
  slugs: string[];
  /** The real user's permissions and slugs while viewing as someone (null otherwise): the session's are capped to them. */
  real_permissions: SessionAuthRow['permissions'] | null;
  real_slugs: string[] | null;
  hierarchy_version: string | number;
}

interface UserJson {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  login_user_id: string | null;
  lion_login: string | null;
  okta_login: string | null;
  roles: { id: number; name: string }[];
}

/**
 * Everything a request needs about its session in one round trip: the live session, its real
 * and acting users, the acting user's permissions and hierarchy slugs (and the real user's while
 * viewing as someone), whether the real user is an admin, and the hierarchy version for the cache.
 */
export async function findSessionAuth(db: Executor, tokenHash: string): Promise<SessionAuthRow | undefined> {
  const result = (await db.execute(sessionAuthSql(tokenHash))) as unknown as { rows: SessionAuthRow[] };
  return result.rows[0];
}

function sessionAuthSql(tokenHash: string) {
  return sql`
    select s.csrf_token, s.data_source, s.last_seen_at,
      json_build_object('id', ru.id, 'first_name', ru.first_name, 'last_name', ru.last_name, 'email', ru.email,
        'login_user_id', ru.login_user_id, 'lion_login', ru.lion_login, 'okta_login', ru.okta_login,
        'roles', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
          from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ru.id), '[]'::json)) as real_user,
      case when au.id is null then null else json_build_object('id', au.id, 'first_name', au.first_name,
        'last_name', au.last_name, 'email', au.email, 'login_user_id', au.login_user_id,
        'lion_login', au.lion_login, 'okta_login', au.okta_login,
        'roles', coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
          from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = au.id), '[]'::json)) end as acting_user,
      coalesce((select json_agg(json_build_object('resource', rp.resource, 'create', rp.can_create,
          'read', rp.can_read, 'update', rp.can_update, 'destroy', rp.can_destroy))
        from role_permissions rp join user_roles ur on ur.role_id = rp.role_id
        where ur.user_id = coalesce(au.id, ru.id)), '[]'::json) as permissions,
      exists(select 1 from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = ru.id and r.is_admin) as is_admin,
      coalesce((select json_agg(h.slug) from user_hierarchy_permissions h
        where h.user_id = coalesce(au.id, ru.id)), '[]'::json) as slugs,
      case when au.id is null then null else coalesce((select json_agg(json_build_object('resource', rp.resource,
          'create', rp.can_create, 'read', rp.can_read, 'update', rp.can_update, 'destroy', rp.can_destroy))
        from role_permissions rp join user_roles ur on ur.role_id = rp.role_id where ur.user_id = ru.id), '[]'::json) end as real_permissions,
      case when au.id is null then null else coalesce((select json_agg(h.slug) from user_hierarchy_permissions h
        where h.user_id = ru.id), '[]'::json) end as real_slugs,
      (select version from hierarchy_version where id = 1) as hierarchy_version
    from sessions s
    join users ru on ru.id = s.user_id and ru.active
    left join users au on au.id = s.acting_user_id and au.active
    where s.token_hash = ${tokenHash} and s.expires_at > now()
  `;
}
