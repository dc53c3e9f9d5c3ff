import type { Db } from '../../db/client';
import type { RequestAuth } from '../../types';

const LIMIT = 10_000;

/**
 * Resolved sessions kept for a short time (SESSION_CACHE_MS, default 1 s) so a busy page does
 * not pay the session query on every call. The database stays the truth: this process drops an
 * entry the moment it changes the session, and another process's change (a logout elsewhere, a
 * revoked grant) is seen within the time limit. Per database, as tests open several in one process.
 */
const caches = new WeakMap<Db, Map<string, { until: number; auth: RequestAuth }>>();

function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export function cachedSession(db: Db, tokenHash: string): RequestAuth | undefined {
  const cache = cacheOf(db);
  const hit = cache.get(tokenHash);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.auth;
  cache.delete(tokenHash);
  return undefined;
}

export function cacheSession(db: Db, auth: RequestAuth, ms: number) {
  if (ms <= 0) return;
  const cache = cacheOf(db);
  if (cache.size >= LIMIT) cache.clear();
  cache.set(auth.tokenHash, { until: Date.now() + ms, auth });
}

export function forgetSession(db: Db, tokenHash: string) {
  cacheOf(db).delete(tokenHash);
}

/**
 * Drops every cached session of these users, whether they act in it or are the administrator
 * behind it: a change to their roles, grants, slugs or activity is seen on their next request
 * in this process (others see it within the cache time).
 */
export function forgetUserSessions(db: Db, userIds: Iterable<number>) {
  const ids = new Set(userIds);
  if (ids.size === 0) return;
  const cache = cacheOf(db);
  for (const [tokenHash, { auth }] of cache) {
    if (ids.has(auth.user.id) || (auth.parentUser !== null && ids.has(auth.parentUser.id))) cache.delete(tokenHash);
  }
}

/**
 * Drops every cached session of this process: after a write to clients, regions, brands or
 * products, whose hierarchy version every cached session carries. Without it a session cached
 * while the write was open keeps the old version for up to the cache time, so the new brand is
 * missing from the hierarchy and refused as an X-Context just after its save.
 */
export function forgetAllSessions(db: Db) {
  cacheOf(db).clear();
}
