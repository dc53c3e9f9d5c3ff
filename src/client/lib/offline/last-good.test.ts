import { dehydrate, hydrate, QueryCache, QueryClient, QueryObserver, type QueryObserverResult } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api-error';
import { queryClient as appQueryClient } from '../query-client';
import { AppDatabase, SCHEMA } from './db';
import { hasData, keptSince, lastGoodClientState } from './last-good';
import { dexiePersister } from './persist';

const KEY = ['grow', 'acme/us/fizz-cola/fizz-original', 'counts', { chart: 1 }];
const offline = () => new TypeError('Failed to fetch');

/** A client with the app's query defaults (keepLastGood among them) and a spy on the error hook. */
function client() {
  const onError = vi.fn();
  const qc = new QueryClient({ queryCache: new QueryCache({ onError }), defaultOptions: appQueryClient.getDefaultOptions() });
  return { qc, onError };
}

/** A query function whose answers are given in turn: a value, or an error to throw. */
function answers(...list: unknown[]) {
  let i = 0;
  return () => {
    const next = list[i++];
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('keepLastGood: a refetch that cannot reach the server', () => {
  it('keeps the query a success with its old data and its old time, and resolves with that data', async () => {
    vi.useFakeTimers({ now: new Date(2026, 0, 5, 17, 47), toFake: ['Date'] });
    const { qc, onError } = client();
    const queryFn = answers({ matched: 120 }, offline());
    await qc.fetchQuery({ queryKey: KEY, queryFn });
    const at = qc.getQueryState(KEY)!.dataUpdatedAt;

    vi.setSystemTime(new Date(2026, 0, 5, 18, 30));
    await expect(qc.fetchQuery({ queryKey: KEY, queryFn, staleTime: 0 })).resolves.toEqual({ matched: 120 });

    const state = qc.getQueryState(KEY)!;
    expect(state.status).toBe('success');
    expect(state.data).toEqual({ matched: 120 });
    expect(state.dataUpdatedAt).toBe(at);
    expect(state.error).toBeNull();
    expect(state.fetchStatus).toBe('idle');
    expect(state.fetchFailureReason).toBeInstanceOf(TypeError);
    // No error toast, no error callback at all.
    expect(onError).not.toHaveBeenCalled();
  });

  it('never shows an observer an error, not even for one notification', async () => {
    const { qc } = client();
    // The fetch on subscribing, then two refetches: each one fails.
    const queryFn = answers({ matched: 120 }, offline(), new ApiRequestError(503, 'UNAVAILABLE', 'Service Unavailable'), offline());
    await qc.fetchQuery({ queryKey: KEY, queryFn });
    const observer = new QueryObserver(qc, { queryKey: KEY, queryFn, staleTime: 0 });
    const seen: QueryObserverResult[] = [];
    const stop = observer.subscribe((r) => seen.push(r));
    await vi.waitFor(() => expect(observer.getCurrentResult().failureReason).toBeInstanceOf(TypeError));
    await observer.refetch();
    await observer.refetch();
    stop();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((r) => r.isError || r.status !== 'success' || r.data === undefined)).toEqual([]);
    const last = observer.getCurrentResult();
    expect(last.data).toEqual({ matched: 120 });
    expect(keptSince(last)).toBe(last.dataUpdatedAt);
  });

  it('is forgotten once a newer answer comes', async () => {
    const { qc } = client();
    const queryFn = answers({ matched: 120 }, offline(), { matched: 130 });
    const observer = new QueryObserver(qc, { queryKey: KEY, queryFn, staleTime: 0 });
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ matched: 120 }));
    await observer.refetch();
    expect(keptSince(observer.getCurrentResult())).not.toBeNull();
    await observer.refetch();
    stop();
    expect(observer.getCurrentResult().data).toEqual({ matched: 130 });
    expect(keptSince(observer.getCurrentResult())).toBeNull();
  });

  it('leaves "data not ready" an error, so the screens keep asking until it is', async () => {
    const { qc } = client();
    const notReady = new ApiRequestError(503, 'DATA_NOT_READY', 'Data is being prepared');
    const queryFn = answers({ matched: 120 }, notReady);
    await qc.fetchQuery({ queryKey: KEY, queryFn });
    await expect(qc.fetchQuery({ queryKey: KEY, queryFn, staleTime: 0 })).rejects.toBe(notReady);
    const state = qc.getQueryState(KEY)!;
    expect(state).toMatchObject({ status: 'error', error: notReady, data: { matched: 120 } });
    expect(keptSince({ data: state.data, dataUpdatedAt: state.dataUpdatedAt, failureReason: notReady })).toBeNull();
  });

  it('is still an error when there is no data to keep', async () => {
    const { qc, onError } = client();
    await expect(qc.fetchQuery({ queryKey: KEY, queryFn: answers(offline()) })).rejects.toBeInstanceOf(TypeError);
    expect(qc.getQueryState(KEY)!.status).toBe('error');
    expect(onError).toHaveBeenCalledOnce();
  });

  it('leaves a refusal an error: the server said no, that is not offline', async () => {
    const { qc, onError } = client();
    const refused = new ApiRequestError(404, 'NOT_FOUND', 'Chart not found');
    const queryFn = answers({ matched: 120 }, refused);
    await qc.fetchQuery({ queryKey: KEY, queryFn });
    await expect(qc.fetchQuery({ queryKey: KEY, queryFn, staleTime: 0 })).rejects.toBe(refused);
    expect(qc.getQueryState(KEY)!.status).toBe('error');
    expect(onError).toHaveBeenCalledWith(refused, expect.anything());
  });
});

describe('the persisted cache keeps every query with data', () => {
  it('saves a query whose last refetch failed as a success with its data and time', async () => {
    const { qc } = client();
    await qc.fetchQuery({ queryKey: KEY, queryFn: answers({ matched: 120 }) });
    const refusedKey = ['insights', 'widget', 7];
    await qc.fetchQuery({ queryKey: refusedKey, queryFn: answers({ rows: [1] }) });
    // An error with data (a refusal, or a query no mechanism kept): TanStack's default drops it.
    await qc.fetchQuery({ queryKey: refusedKey, queryFn: answers(new ApiRequestError(500, 'X', 'boom')), staleTime: 0 }).catch(() => undefined);
    await qc.fetchQuery({ queryKey: ['never'], queryFn: answers(offline()) }).catch(() => undefined);
    expect(dehydrate(qc).queries.map((q) => q.queryKey)).toEqual([KEY]);

    const saved = lastGoodClientState(dehydrate(qc, { shouldDehydrateQuery: hasData }));
    expect(saved.queries.map((q) => q.queryKey)).toEqual([KEY, refusedKey]);
    const widget = saved.queries[1]!.state;
    expect(widget).toMatchObject({ status: 'success', data: { rows: [1] }, error: null, fetchFailureReason: null, fetchStatus: 'idle' });
    expect(widget.dataUpdatedAt).toBe(qc.getQueryState(refusedKey)!.dataUpdatedAt);
  });

  it('survives offline reloads and restarts: persisted, restored, failed again, persisted again', async () => {
    const idb = { indexedDB: new IDBFactory(), IDBKeyRange };
    const db = new AppDatabase('last-good', SCHEMA, idb);
    const persister = dexiePersister(() => Promise.resolve(db));
    const save = async (qc: QueryClient) => {
      void persister.persistClient({ buster: 'b', timestamp: Date.now(), clientState: dehydrate(qc, { shouldDehydrateQuery: hasData }) });
      await persister.flush();
    };

    const first = client().qc;
    await first.fetchQuery({ queryKey: KEY, queryFn: answers({ matched: 120 }) });
    const at = first.getQueryState(KEY)!.dataUpdatedAt;
    // A query left in error with data: the persister itself saves it as a success.
    const refusedKey = ['insights', 'widget', 7];
    await first.fetchQuery({ queryKey: refusedKey, queryFn: answers({ rows: [1] }) });
    await first.fetchQuery({ queryKey: refusedKey, queryFn: answers(new ApiRequestError(500, 'X', 'boom')), staleTime: 0 }).catch(() => undefined);
    expect(first.getQueryState(refusedKey)!.status).toBe('error');
    await save(first);

    // Three reloads with the server gone: each restores, asks again, fails, and saves.
    for (let reload = 1; reload <= 3; reload++) {
      const { qc } = client();
      hydrate(qc, (await persister.restoreClient())!.clientState);
      await qc.invalidateQueries({ refetchType: 'none' });
      await expect(qc.fetchQuery({ queryKey: KEY, queryFn: answers(offline()), staleTime: 0 })).resolves.toEqual({ matched: 120 });
      await save(qc);
    }
    const restored = (await persister.restoreClient())!.clientState.queries;
    expect(restored.map((q) => q.queryKey)).toEqual([KEY, refusedKey]);
    expect(restored[0]!.state).toMatchObject({ status: 'success', data: { matched: 120 }, dataUpdatedAt: at });
    expect(restored[1]!.state).toMatchObject({ status: 'success', data: { rows: [1] }, error: null });
    db.close();
  });
});

describe('keptSince', () => {
  it('is the data time only when the data was kept over an unreachable server', () => {
    expect(keptSince({ data: 1, dataUpdatedAt: 5, failureReason: offline() })).toBe(5);
    expect(keptSince({ data: 1, dataUpdatedAt: 5, failureReason: new ApiRequestError(504, 'GATEWAY', 'Gateway Timeout') })).toBe(5);
    expect(keptSince({ data: 1, dataUpdatedAt: 5, failureReason: null })).toBeNull();
    expect(keptSince({ data: 1, dataUpdatedAt: 5, failureReason: new ApiRequestError(404, 'NOT_FOUND', 'gone') })).toBeNull();
    expect(keptSince({ data: undefined, dataUpdatedAt: 0, failureReason: offline() })).toBeNull();
  });
});
