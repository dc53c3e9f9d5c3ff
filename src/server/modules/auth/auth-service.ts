import { createHmac, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { intersectPermissions, intersectSlugs, permissionsInReach, withinReach } from '@shared/rules/roles';
import { ERROR_CODES } from '@shared/schemas/error';
import { TEXT } from '@shared/constants';
import type { DataSource, SessionUser, User } from '@shared/schemas/auth';
import type { SsoValidation } from '@shared/schemas/toolbox';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import type { AuthUser, RequestAuth, RequestContext } from '../../types';
import { writeAudit } from '../audit/audit-repository';
import * as repo from './auth-repository';
import * as samlRepo from './saml-repository';
import { getOrCreateSecret } from './secret-repository';
import { cacheSession, cachedSession, forgetSession } from './session-cache';
import { mergePermissions } from './permission-set';
import { throttleLogin, type FailureCount } from './login-throttle';
import { PoolBusyError, passwordPool } from './password-pool';
import { KeyedSerial } from './address-lock';
import { passwordIsSet } from './invitation-service';

const timed = (c: { n: number; oldest: string | Date | null; newest: string | Date | null }): FailureCount => ({
  n: c.n,
  oldest: c.oldest === null ? null : new Date(c.oldest).getTime(),
  newest: c.newest === null ? null : new Date(c.newest).getTime(),
});

/** Login attempts from one address, counted one at a time (PGlite only: see login). */
const attemptsByAddress = new KeyedSerial();

/** The answer when the password checks and their queue are full (password-pool.ts): try again in a second. */
const loginBusy = () => new AppError(503, ERROR_CODES.unavailable, TEXT.loginBusy, { retryAfter: 1 });

/** Verified against when the email is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hash('not-a-real-password'));

export interface LoginResult {
  token: string;
  csrfToken: string;
  auth: RequestAuth;
}

/** How the login throttle waits; tests pass one that records the delay instead. */
export type Sleep = (ms: number) => Promise<void>;
const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(
  db: Db,
  config: Config,
  input: { email: string; password: string; address: string; requestId: string },
  sleep: Sleep = realSleep,
): Promise<LoginResult> {
  const pool = passwordPool(config.loginVerify);
  // A flood past what the checks can take is answered before any database work: on PGlite every
  // query runs on the main thread, which the health check and every other user need.
  if (pool.full) throw loginBusy();
  const countAndRecord = async (ex: Executor) => {
    const failures = await repo.countRecentFailures(ex, input.email, input.address, config.loginLimit.windowSeconds);
    const verdict = throttleLogin({ pair: timed(failures.pair), address: timed(failures.address) }, config.loginLimit, Date.now());
    const id = verdict.refuse ? undefined : await repo.recordLoginAttempt(ex, input.email, input.address);
    return { throttle: verdict, attemptId: id };
  };
  // Counting and recording happen under the address's lock, so a burst of parallel guesses is
  // counted one by one and each later one sees the earlier ones: at most the limits ever reach
  // the password check, and each is slowed by the failures before it (login-throttle.ts). On
  // PGlite (no DATABASE_URL: one process) the lock is this process's queue per address, without
  // a transaction, which would hold PGlite's only connection from everyone for all its awaits.
  const { throttle, attemptId } = config.databaseUrl === undefined
    ? await attemptsByAddress.run(input.address, () => countAndRecord(db))
    : await db.transaction(async (tx) => {
      await repo.lockLoginAddress(tx, input.address);
      return countAndRecord(tx);
    });
  if (throttle.refuse) {
    const retryAfter = throttle.retryAfterSeconds;
    throw new AppError(429, ERROR_CODES.rateLimited, TEXT.tooManyAttempts, { retryAfter }, undefined);
  }
  // Slowed outside the lock: held, it would stall every other attempt from the address (and a
  // transaction, every other login's).
  if (throttle.delayMs > 0) await sleep(throttle.delayMs);

  // Never checked, so no failure: a flood from elsewhere must not use up this pair's allowance.
  const busyUncounted = async () => {
    if (attemptId !== undefined) await repo.forgetLoginAttempt(db, attemptId);
    return loginBusy();
  };
  if (pool.full) throw await busyUncounted();
  const user = await repo.findUserByEmail(db, input.email);
  let ok: boolean;
  try {
    // An invited user without a password yet is refused like an unknown one (invitation-service.ts);
    // the unknown one's check takes a place in the pool too, so both take the same time.
    ok = await pool.run(async () => user?.active && passwordIsSet(user.passwordHash)
      ? verify(user.passwordHash, input.password).catch(() => false)
      : verify(await getDummyHash(), input.password).then(() => false, () => false));
  } catch (err) {
    if (!(err instanceof PoolBusyError)) throw err;
    throw await busyUncounted();
  }
  if (!user || !ok) {
    throw new AppError(401, ERROR_CODES.invalidCredentials, TEXT.loginFailed);
  }

  return openSession(db, config, user.id, { requestId: input.requestId }, (tx) => repo.clearFailedLogins(tx, input.email, input.address));
}

/**
 * A new session for a user whose identity is proven (a password, or an identity provider's signed
 * answer): the one place a session is made, so both sign-ins get the same tokens, lifetime and
 * audit row ('auth.login', with details saying how when not by password). `within` runs in the
 * same transaction.
 */
export async function openSession(
  db: Db,
  config: Pick<Config, 'sessionTtlHours'>,
  userId: number,
  how: { requestId: string; details?: Record<string, unknown>; sso?: boolean },
  within?: (tx: Executor) => Promise<unknown>,
): Promise<LoginResult> {
  const token = newToken();
  const csrfToken = newToken();
  const tokenHash = hashToken(token);
  await db.transaction(async (tx) => {
    if (within) await within(tx);
    await repo.insertSession(tx, {
      tokenHash,
      userId,
      csrfToken,
      sso: how.sso ?? false,
      expiresAt: new Date(Date.now() + config.sessionTtlHours * 3_600_000),
    });
    await writeAudit(tx, { actorUserId: userId, action: 'auth.login', details: how.details, requestId: how.requestId });
  });
  const auth = await authenticate(db, token);
  if (!auth) throw new Error('session vanished right after login');
  return { token, csrfToken, auth };
}

export interface SessionOptions {
  /** Sliding lifetime: a used session is extended to this many hours. */
  ttlHours?: number;
  /** How long a resolved session may be reused without asking the database. */
  cacheMs?: number;
}

/** Resolves a session cookie's token to the session's users and permissions, or null. */
export async function authenticate(db: Db, token: string, options: SessionOptions = {}): Promise<RequestAuth | null> {
  const tokenHash = hashToken(token);
  const cached = cachedSession(db, tokenHash);
  if (cached) return cached;
  const auth = await authenticateByHash(db, tokenHash, options.ttlHours);
  if (auth) cacheSession(db, auth, options.cacheMs ?? 0);
  return auth;
}

const userFromJson = (u: NonNullable<repo.SessionAuthRow['acting_user']>): AuthUser => ({
  id: u.id,
  firstName: u.first_name,
  lastName: u.last_name,
  email: u.email,
  loginUserId: u.login_user_id,
  lionLogin: u.lion_login,
  oktaLogin: u.okta_login,
  roles: u.roles,
});

/**
 * What the session may do: the acting user's permissions and slugs, and while viewing as someone
 * only what the real user holds as well (decision 016), so viewing as a user who holds more never
 * lends the admin what they lack, even on a session made before the reach check or after a grant shrank.
 */
function viewingReach(row: repo.SessionAuthRow): { permissions: RequestAuth['permissions']; slugs: string[] } {
  const permissions = mergePermissions(row.permissions);
  if (row.real_permissions === null || row.real_slugs === null) return { permissions: permissionsInReach(permissions, row.slugs), slugs: row.slugs };
  const slugs = intersectSlugs(row.slugs, row.real_slugs);
  return { permissions: permissionsInReach(intersectPermissions(permissions, mergePermissions(row.real_permissions)), slugs), slugs };
}

async function authenticateByHash(db: Db, tokenHash: string, ttlHours?: number): Promise<RequestAuth | null> {
  const row = await repo.findSessionAuth(db, tokenHash);
  if (!row) return null;
  // A sliding expiry, written at most every 5 minutes rather than on every request.
  if (ttlHours && Date.now() - new Date(row.last_seen_at).getTime() > 5 * 60_000) {
    await repo.updateSession(db, tokenHash, { lastSeenAt: new Date(), expiresAt: new Date(Date.now() + ttlHours * 3_600_000) });
  }
  const realUser = userFromJson(row.real_user);
  const actingUser = row.acting_user ? userFromJson(row.acting_user) : realUser;
  const reach = viewingReach(row);
  return {
    tokenHash,
    user: actingUser,
    parentUser: actingUser.id === realUser.id ? null : realUser,
    csrfToken: row.csrf_token,
    dataSource: row.data_source === 'es' ? 'es' : 'molecula',
    permissions: reach.permissions,
    isAdmin: row.is_admin,
    hierarchySlugs: reach.slugs,
    hierarchyVersion: Number(row.hierarchy_version),
  };
}

/** Ends the session; answers whether it had signed on through the identity provider (whose logout then follows). */
export async function logout(db: Db, auth: RequestAuth, requestId: string): Promise<{ sso: boolean }> {
  return db.transaction(async (tx) => {
    const ended = await repo.deleteSession(tx, auth.tokenHash);
    forgetSession(db, auth.tokenHash);
    await writeAudit(tx, { actorUserId: (auth.parentUser ?? auth.user).id, action: 'auth.logout', requestId });
    return ended;
  });
}

/** The data sources an account may use; both exist on every deployment of this build. */
export const DATA_SOURCE_COUNT = 2;

function toUser(u: AuthUser): User {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    loginUserId: u.loginUserId,
    lion_login: u.lionLogin,
    okta_login: u.oktaLogin,
    roles: u.roles,
    role_ids: u.roles.map((r) => r.id),
  };
}

/** The session as the client sees it; everything comes from the one session query. */
export function sessionUser(auth: RequestAuth): SessionUser {
  return {
    user: toUser(auth.user),
    parentUser: auth.parentUser ? toUser(auth.parentUser) : null,
    dataSource: auth.dataSource,
    dataSourceCount: DATA_SOURCE_COUNT,
  };
}

export async function startImpersonation(db: Db, auth: RequestAuth, targetId: number, requestId: string) {
  const admin = auth.parentUser ?? auth.user;
  if (!auth.isAdmin) throw forbidden('Only administrators may view as another user.');
  if (targetId === admin.id) throw new AppError(400, ERROR_CODES.badRequest, 'You cannot view as yourself.');
  const target = await repo.findActiveUserSlugs(db, targetId);
  // Only a user within the admin's own reach (decision 016). One answer for an unknown, inactive
  // or unreachable user, so it says nothing about who exists in other clients.
  if (!target || !withinReach(await repo.slugsOf(db, admin.id), target.slugs)) throw notFound(`No active user with id ${targetId}.`);
  await db.transaction(async (tx) => {
    await repo.updateSession(tx, auth.tokenHash, { actingUserId: target.id });
    forgetSession(db, auth.tokenHash);
    await writeAudit(tx, {
      actorUserId: admin.id,
      actingAsUserId: target.id,
      action: 'auth.impersonate.start',
      target: `user:${target.id}`,
      requestId,
    });
  });
}

export async function stopImpersonation(db: Db, auth: RequestAuth, requestId: string) {
  if (!auth.parentUser) throw new AppError(409, ERROR_CODES.conflict, 'You are not viewing as another user.');
  await db.transaction(async (tx) => {
    await repo.updateSession(tx, auth.tokenHash, { actingUserId: null });
    forgetSession(db, auth.tokenHash);
    await writeAudit(tx, {
      actorUserId: auth.parentUser?.id ?? null,
      actingAsUserId: auth.user.id,
      action: 'auth.impersonate.stop',
      target: `user:${auth.user.id}`,
      requestId,
    });
  });
}

export async function setDataSource(db: Db, auth: RequestAuth, source: DataSource, requestId: string) {
  await db.transaction(async (tx) => {
    await repo.updateSession(tx, auth.tokenHash, { dataSource: source });
    forgetSession(db, auth.tokenHash);
    await writeAudit(tx, { actorUserId: (auth.parentUser ?? auth.user).id, action: 'auth.data_source', details: { source }, requestId });
  });
}

/** The users the admin may view as: active, not themself, within the admin's own reach (as startImpersonation checks). */
export async function impersonableUsers(db: Db, auth: RequestAuth) {
  const me = (auth.parentUser ?? auth.user).id;
  const reach = await repo.slugsOf(db, me);
  return (await repo.listActiveUsers(db))
    .filter((u) => u.id !== me && withinReach(reach, u.slugs))
    .map(({ id, first_name, last_name, email }) => ({ id, first_name, last_name, email }));
}

/** Re-reads the session after a change to it. */
export async function reload(db: Db, auth: RequestAuth): Promise<RequestAuth> {
  const next = await authenticateByHash(db, auth.tokenHash);
  if (!next) throw new AppError(401, ERROR_CODES.unauthenticated, 'The session has ended.', undefined, { refresh_login: true });
  return next;
}

/** How long an embedded unit's sign-on token is good for. */
export const SSO_TOKEN_TTL_SECONDS = 300;

interface SsoPayload {
  sub: number;
  email: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** The product's context (slugs) when the token was issued, when the call named one. */
  ctx?: SsoValidation['context'];
}

const ssoSignature = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * The deployment's sso secret, read once per database: it never changes once made, and the public
 * validation route would otherwise try an insert and a select for every token a unit's server checks.
 */
const ssoSecrets = new WeakMap<Db, Promise<string>>();
function ssoSecret(db: Db): Promise<string> {
  let secret = ssoSecrets.get(db);
  if (!secret) {
    secret = getOrCreateSecret(db, 'sso-token');
    ssoSecrets.set(db, secret);
    // A failed read (database down) is tried again next time.
    secret.catch(() => ssoSecrets.delete(db));
  }
  return secret;
}

/**
 * A short-lived token for embedded toolbox units: the user, an expiry and the context it was
 * issued in, signed with the deployment's secret, so a unit's backend can verify it (through
 * GET /api/auth/sso-token/validate) and it never exposes the session.
 */
export async function issueSsoToken(db: Db, auth: RequestAuth, ctx: RequestContext | null = null): Promise<string> {
  const secret = await ssoSecret(db);
  const body: SsoPayload = { sub: auth.user.id, email: auth.user.email, exp: Math.floor(Date.now() / 1000) + SSO_TOKEN_TTL_SECONDS };
  if (ctx) body.ctx = { client: ctx.clientSlug, region: ctx.regionSlug ?? null, brand: ctx.brandSlug ?? null, product: ctx.productSlug ?? null };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${ssoSignature(secret, payload).toString('base64url')}`;
}

function parseSsoPayload(payload: string): SsoPayload | null {
  try {
    const body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SsoPayload> | null;
    if (!body || !Number.isSafeInteger(body.sub) || typeof body.exp !== 'number') return null;
    return body as SsoPayload;
  } catch {
    return null;
  }
}

/**
 * What a unit's server learns from a token: whose it is (an active user), when it expires and
 * its context; null for a token that is malformed, not signed by this deployment, expired, or
 * whose user is gone or deactivated. The signature is compared in constant time.
 */
export async function validateSsoToken(db: Db, token: string, now = Date.now()): Promise<SsoValidation | null> {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [payload, signature] = parts as [string, string];
  const expected = ssoSignature(await ssoSecret(db), payload);
  const sent = Buffer.from(signature, 'base64url');
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return null;
  const body = parseSsoPayload(payload);
  if (!body || body.exp * 1000 <= now) return null;
  const user = await repo.findUserById(db, body.sub);
  if (!user || !user.active) return null;
  return {
    valid: true,
    user: { id: user.id, email: user.email, first_name: user.firstName, last_name: user.lastName },
    expires_at: new Date(body.exp * 1000).toISOString(),
    context: body.ctx ?? null,
  };
}

/** Removes expired sessions, login failures older than the rate-limit window, and expired SAML requests and relay states. */
export async function pruneExpired(db: Db, config: Config) {
  await repo.deleteExpiredSessions(db);
  await repo.pruneLoginAttempts(db, config.loginLimit.windowSeconds);
  await samlRepo.pruneExpired(db);
}
