import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineMarkerKey, UNPINNED_MAX_AGE_MS } from '@shared/rules/offline';
import { AppDatabase, SCHEMA } from './db';
import { dexiePersister } from './persist';

const PINNED = 'acme/us/fizz-cola/fizz-original';
const OTHER = 'acme/us/fizz-cola/fizz-zero';
const NOW = 1_800_000_000_000;
const OLD = NOW - UNPINNED_MAX_AGE_MS - 24 * 60 * 60_000;

function clientOf(queries: { key: unknown[]; at: number }[]): PersistedClient {
  return {
    buster: 'b',
    timestamp: NOW,
    clientState: {
      mutations: [],
      queries: queries.map(({ key, at }) => ({
        queryKey: key,
        queryHash: JSON.stringify(key),
        dehydratedAt: NOW,
        state: { data: { at }, dataUpdatedAt: at, dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' },
      })),
    },
  };
}

let db: AppDatabase | null = null;
afterEach(() => {
  db?.close();
  db = null;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function persisterWith(name: string) {
  db = new AppDatabase(name, SCHEMA, { indexedDB: new IDBFactory(), IDBKeyRange });
  const database = db;
  await database.meta.put({ key: offlineMarkerKey(PINNED), value: { label: 'Fizz Original' }, savedAt: OLD });
  return { database, persister: dexiePersister(() => Promise.resolve(database)) };
}

describe('dexiePersister keeps what keptOnDevice keeps (issue 27 item 3)', () => {
  it('drops a week-old query of a context not made available offline, and keeps the pinned, the recent and the context-free ones', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { persister } = await persisterWith('persist-kept');
    const queries = [
      { key: ['grow', PINNED, 'charts'], at: OLD },
      { key: ['grow', OTHER, 'charts'], at: OLD },
      { key: ['grow', OTHER, 'counts'], at: NOW - 60_000 },
      { key: ['session'], at: OLD },
    ];
    void persister.persistClient(clientOf(queries));
    await persister.flush();
    const restored = (await persister.restoreClient())!.clientState.queries.map((q) => q.queryKey);
    expect(restored).toEqual([['grow', PINNED, 'charts'], ['grow', OTHER, 'counts'], ['session']]);
  });

  it('reads no pinned marker when every query is under a week old (the throttled write is a hot path)', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const { database, persister } = await persisterWith('persist-recent');
    const where = vi.spyOn(database.meta, 'where');
    const client = clientOf([{ key: ['grow', OTHER, 'charts'], at: NOW - 60_000 }, { key: ['session'], at: OLD }]);
    void persister.persistClient(client);
    await persister.flush();
    expect((await persister.restoreClient())!.clientState.queries).toHaveLength(2);
    expect(where).not.toHaveBeenCalled();
  });
});
