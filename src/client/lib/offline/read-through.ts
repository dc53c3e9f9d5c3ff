import { hashKey, type QueryKey } from '@tanstack/react-query';
import { ERROR_CODES } from '@shared/schemas/error';
import { isApiError } from '../api-error';
import type { AppDatabase, EntityTableName } from './db';
import { deviceDb } from './device-db';

/**
 * Reads that work offline (DESIGN "Client data flow"): ask the network; on success write the
 * answer through to the device; when the network (or the server behind a proxy) is gone, answer
 * from the device instead. A refusal (4xx) is never hidden behind an old copy.
 */

/** When a query's data came from the device rather than the server: its save time, by query hash. */
const servedFromDevice = new Map<string, number>();

export function deviceSavedAt(queryHash: string): number | undefined {
  return servedFromDevice.get(queryHash);
}

/**
 * Whether an error means "no answer from the server" (as opposed to the server saying no). A 503
 * DATA_NOT_READY is the server answering "not yet" (its data is being prepared, and the screens
 * ask again until it is), not an unreachable server.
 */
export function isUnreachable(error: unknown): boolean {
  if (isApiError(error)) return (error.status === 502 || error.status === 503 || error.status === 504) && error.code !== ERROR_CODES.dataNotReady;
  // fetch rejects with a TypeError when there is no network; an abort is the caller's doing.
  return error instanceof TypeError;
}

interface Store<T> {
  save(value: T): Promise<void>;
  load(): Promise<{ value: T; savedAt: number } | undefined>;
}

/** @param queryKey the query's key (from the queryFn's context): the top bar's "data as of" looks it up */
export async function readThrough<T>(queryKey: QueryKey, fetcher: () => Promise<T>, store: Store<T>): Promise<T> {
  const queryHash = hashKey(queryKey);
  try {
    const value = await fetcher();
    servedFromDevice.delete(queryHash);
    // The device copy is a convenience: failing to write it must not fail the read.
    await store.save(value).catch(() => undefined);
    return value;
  } catch (error) {
    if (!isUnreachable(error)) throw error;
    const saved = await store.load().catch(() => undefined);
    if (!saved) throw error;
    servedFromDevice.set(queryHash, saved.savedAt);
    return saved.value;
  }
}

/** A session read (self, permissions, hierarchy) kept whole under one key. */
type DbSource = () => AppDatabase | Promise<AppDatabase>;

export function sessionStore<T>(key: string, db: DbSource = deviceDb): Store<T> {
  return {
    save: async (value) => {
      await (await db()).session.put({ key, value, savedAt: Date.now() });
    },
    load: async () => {
      const row = await (await db()).session.get(key);
      return row ? { value: row.value as T, savedAt: row.savedAt } : undefined;
    },
  };
}

interface Identified {
  id: number | string;
  version?: number | null;
}

/**
 * A list of entities read in a scope (a client, or a full context): saving replaces the scope's
 * rows, so an entity deleted on the server is gone from the device too.
 */
export function entityListStore<T extends Identified>(table: EntityTableName, scope: string, db: DbSource = deviceDb): Store<T[]> {
  return {
    save: async (rows) => {
      const d = await db();
      const t = d.entityTable(table);
      const savedAt = Date.now();
      await d.transaction('rw', t, d.meta, async () => {
        await t.where('scope').equals(scope).delete();
        await t.bulkPut(rows.map((data) => ({ key: `${scope}|${data.id}`, scope, id: String(data.id), version: data.version ?? null, data, savedAt })));
        // The list's order, and the fact that it was read (an empty list is not a list never read).
        await d.meta.put({ key: `${table}|${scope}`, value: rows.map((r) => String(r.id)), savedAt });
      });
    },
    load: async () => {
      const d = await db();
      const marker = await d.meta.get(`${table}|${scope}`);
      if (!marker) return undefined;
      const rows = await d.entityTable(table).where('scope').equals(scope).toArray();
      const byId = new Map(rows.map((r) => [r.id, r.data as T]));
      const order = Array.isArray(marker.value) ? marker.value.map(String) : [];
      const value = order.flatMap((id) => byId.get(id) ?? []);
      return { value, savedAt: marker.savedAt };
    },
  };
}

/** One entity read in a scope (a chart of a context), kept under `scope|id`. */
export function entityStore<T extends Identified>(table: EntityTableName, scope: string, id: string, db: DbSource = deviceDb): Store<T> {
  const key = `${scope}|${id}`;
  return {
    save: async (data) => {
      await (await db()).entityTable(table).put({ key, scope, id, version: data.version ?? null, data, savedAt: Date.now() });
    },
    load: async () => {
      const row = await (await db()).entityTable(table).get(key);
      return row ? { value: row.data as T, savedAt: row.savedAt } : undefined;
    },
  };
}
