import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { samlRelayStates, samlRequests, users } from '../../db/schema';

/** Records an AuthnRequest id we sent; false when the id is already there (node-saml then makes another). */
export async function insertRequest(db: Executor, id: string, ttlMs: number): Promise<{ createdAt: Date } | null> {
  const rows = await db
    .insert(samlRequests)
    .values({ id, expires: new Date(Date.now() + ttlMs) })
    .onConflictDoNothing()
    .returning({ createdAt: samlRequests.createdAt });
  return rows[0] ?? null;
}

/** When a live (unexpired) request was sent, or null. */
export async function findRequest(db: Executor, id: string): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: samlRequests.createdAt })
    .from(samlRequests)
    .where(and(eq(samlRequests.id, id), gt(samlRequests.expires, sql`now()`)))
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

/**
 * Removes a request id; true for the one caller whose delete found it live. A single statement,
 * so of two responses to one request (a replay, or two processes at once) exactly one wins.
 */
export async function takeRequest(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(samlRequests)
    .where(and(eq(samlRequests.id, id), gt(samlRequests.expires, sql`now()`)))
    .returning({ id: samlRequests.id });
  return rows.length > 0;
}

export function insertRelayState(db: Executor, key: string, returnUrl: string, address: string, ttlMs: number) {
  return db.insert(samlRelayStates).values({ key, returnUrl, address, expires: new Date(Date.now() + ttlMs) });
}

/** Holds the address's pending sign-ons still until the transaction ends (PostgreSQL: several API processes). */
export async function lockRelayAddress(tx: Executor, address: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saml:address:${address}`}))`);
}

/**
 * The address's pending sign-ons (relay states neither used nor expired, read by the (address,
 * expires) index) and the whole seconds until the oldest of them expires, at least 1.
 */
export async function countPendingRelayStates(db: Executor, address: string) {
  const [row] = await db
    .select({
      n: count(),
      retryAfterSeconds: sql<number | null>`greatest(1, ceil(extract(epoch from min(${samlRelayStates.expires}) - now())))::int`,
    })
    .from(samlRelayStates)
    .where(and(eq(samlRelayStates.address, address), eq(samlRelayStates.used, false), gt(samlRelayStates.expires, sql`now()`)));
  return { n: row?.n ?? 0, retryAfterSeconds: Number(row?.retryAfterSeconds ?? 1) };
}

/** The relay state's return path, marking it used; null when unknown, used or expired (one statement: one winner). */
export async function useRelayState(db: Executor, key: string): Promise<string | null> {
  const rows = await db
    .update(samlRelayStates)
    .set({ used: true })
    .where(and(eq(samlRelayStates.key, key), eq(samlRelayStates.used, false), gt(samlRelayStates.expires, sql`now()`)))
    .returning({ returnUrl: samlRelayStates.returnUrl });
  return rows[0]?.returnUrl ?? null;
}

export async function pruneExpired(db: Executor) {
  await db.delete(samlRequests).where(lt(samlRequests.expires, sql`now()`));
  await db.delete(samlRelayStates).where(lt(samlRelayStates.expires, sql`now()`));
}

/**
 * The users an identity provider's answer may name: by email (case-insensitive, as login), or by
 * the NameID held in okta_login / lion_login. Inactive users come back too: the caller tells them apart.
 */
export function findSsoCandidates(db: Executor, emails: string[], nameId: string) {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const byEmail = lowered.map((e) => sql`lower(${users.email}) = ${e}`);
  const id = nameId.toLowerCase();
  return db
    .select({ id: users.id, email: users.email, active: users.active, oktaLogin: users.oktaLogin, lionLogin: users.lionLogin })
    .from(users)
    .where(or(...byEmail, sql`lower(${users.oktaLogin}) = ${id}`, sql`lower(${users.lionLogin}) = ${id}`))
    .orderBy(users.id)
    .limit(10);
}
