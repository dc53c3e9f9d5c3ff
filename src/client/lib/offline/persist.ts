import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { BUILD_INFO } from '../build-info';
import type { AppDatabase } from './db';
import { deviceDb } from './device-db';
import { keptOnDevice, OFFLINE_MARKER_PREFIX } from '@shared/rules/offline';
import { hasData, lastGoodClientState } from './last-good';

/**
 * The query cache, persisted to IndexedDB so a reload (online or not) renders from it at once.
 * A context made available offline is kept until the user removes it; another context's data a
 * week (`keptOnDevice`, issue 27); a new build or another user busts it; logout wipes it with the
 * rest. The cache as a whole never expires by age (TanStack's maxAge dropped all of it, pinned
 * contexts included, once its last write was a week old).
 */
export const CACHE_MAX_AGE_MS = Number.POSITIVE_INFINITY;
const KEY = 'client';
const THROTTLE_MS = 1_000;

export function cacheBuster(userId: number | null): string {
  return `${BUILD_INFO.revision}|${BUILD_INFO.date}|user:${userId ?? 'none'}`;
}

/** The contexts made available offline on this device (their markers, make-available.ts). */
async function pinnedContexts(db: AppDatabase): Promise<Set<string>> {
  const markers = await db.meta.where('key').startsWith(OFFLINE_MARKER_PREFIX).primaryKeys();
  return new Set(markers.map((key) => String(key).slice(OFFLINE_MARKER_PREFIX.length)));
}

/**
 * The persisted client without the queries the device no longer keeps (`keptOnDevice`). The
 * pinned markers are read only when some query is over a week old: this runs on every throttled
 * write, and almost always every query is younger, so no read of the device is needed.
 */
async function keptOnly(db: AppDatabase, client: PersistedClient, now = Date.now()): Promise<PersistedClient> {
  const keptWith = (pinned: ReadonlySet<string>) =>
    client.clientState.queries.filter((q) => keptOnDevice({ queryKey: q.queryKey, dataUpdatedAt: q.state.dataUpdatedAt }, now, pinned));
  if (keptWith(new Set()).length === client.clientState.queries.length) return client;
  const queries = keptWith(await pinnedContexts(db).catch(() => new Set<string>()));
  return queries.length === client.clientState.queries.length ? client : { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * A Dexie persister; writes are throttled to one a second (the cache changes on every fetch).
 * Every query with data is written as a success (lastGoodClientState): a refetch that failed must
 * not drop the last good answer from the device.
 */
export function dexiePersister(db: () => Promise<AppDatabase> = deviceDb): Persister & { flush(): Promise<void> } {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (!client) return;
    const database = await db();
    await database.queryCache.put({ key: KEY, value: await keptOnly(database, client) }).catch(() => undefined);
  };
  return {
    persistClient(client) {
      pending = { ...client, clientState: lastGoodClientState(client.clientState) };
      timer ??= setTimeout(() => void flush(), THROTTLE_MS);
    },
    async restoreClient() {
      const database = await db();
      const client = (await database.queryCache.get(KEY))?.value as PersistedClient | undefined;
      return client && keptOnly(database, client);
    },
    async removeClient() {
      pending = null;
      await (await db()).queryCache.delete(KEY);
    },
    flush,
  };
}

const persister = dexiePersister();
let unsubscribe: (() => void) | null = null;

/**
 * Restores the cache of `userId` (a cache of another build or user is dropped), then keeps it
 * saved. Failing storage (private mode) only means no offline copy.
 */
export async function startCachePersistence(queryClient: QueryClient, userId: number | null): Promise<void> {
  unsubscribe?.();
  const buster = cacheBuster(userId);
  await persistQueryClientRestore({ queryClient, persister, maxAge: CACHE_MAX_AGE_MS, buster }).catch(() => undefined);
  // What was restored renders at once, and every screen asks the server again in the background:
  // a reload must not show minutes-old data as fresh.
  await queryClient.invalidateQueries({ refetchType: 'none' });
  unsubscribe = persistQueryClientSubscribe({
    queryClient,
    persister,
    buster,
    // TanStack's default keeps only queries whose status is success.
    dehydrateOptions: { shouldDehydrateQuery: hasData },
  });
}

/** Stops saving (logout), so the wiped cache is not written back by a last change. */
export function stopCachePersistence(): void {
  unsubscribe?.();
  unsubscribe = null;
  void persister.removeClient();
}

/** Writes the latest cache now (before a reload or a test's offline switch). */
export function flushCache(): Promise<void> {
  return persister.flush();
}
