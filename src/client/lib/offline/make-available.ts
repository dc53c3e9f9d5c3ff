import { useSyncExternalStore } from 'react';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { OFFLINE } from '@shared/constants';
import { checkArea } from '@shared/rules/access';
import { CONTEXT_KEY_PARAM } from '../../../../sw/api-reads';
import { formatAsOf } from '@shared/rules/format';
import { OFFLINE_MARKER_PREFIX, offlineMarkerKey, queryOfContext, scopeOfContext, serializedBytes, type OfflineStepFailure } from '@shared/rules/offline';
import { ERROR_CODES } from '@shared/schemas/error';
import { isApiError } from '../api-error';
import type { ProductScope } from '../guards';
import { DATA_NOT_READY_RETRY_MS, isDataNotReady } from '../insights-queries';
import { ENTITY_TABLES } from './db';
import { deviceDb } from './device-db';
import { oldestCachedAnswer } from './freshness-store';
import { preparerRegistrations, runSteps, StillPreparingError, type OfflinePrepareInput, type OfflineStep } from './offline-preparers';
import { flushCache } from './persist';
import { deviceSavedAt } from './read-through';

/** What a preload needs from the router (kept narrow so this file does not depend on the route tree). */
export interface Preloader {
  preloadRoute(options: { href: string }): Promise<unknown>;
}

/** Steps at once: the count engine answers a few questions in parallel; more only queue on the server. */
const CONCURRENCY = 4;
/** How long a step whose data is being prepared keeps asking before it counts as failed. */
const ASK_AGAIN_FOR_MS = 90_000;
const HEALTH = '/api/api-gateway-health-check';

/** An answer that came from the device or the service worker's cache, not from the server. */
export class OlderCopyError extends Error {
  constructor(readonly savedAt: number) {
    super('an older copy answered');
  }
}

/** fetch's own TypeError when no answer came ("Failed to fetch"), not a TypeError of the page's code. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError && /fetch|network|load failed/i.test(error.message);

/** A request that got no answer is asked this many times in all: a lost answer, not a lost server. */
const NETWORK_TRIES = 2;

/**
 * Answers that say "not now" rather than "no", which a step asks again until ASK_AGAIN_FOR_MS:
 * the region's data still being prepared, and a busy count engine (this user's questions queued
 * past their share, 429, or past the wait limit, 503 TIME_LIMIT). A request that got no answer at
 * all is asked once more (the run starts only when the server answers). "Make available offline"
 * asks for hundreds of counts, while the user's other tabs may ask too (issue 28: on a busy
 * server, one or two widgets of 268 steps failed, each with no answer).
 */
export function askAgainLater(error: unknown, tries: number): boolean {
  if (isNetworkFailure(error)) return tries < NETWORK_TRIES;
  return isDataNotReady(error) || (isApiError(error) && (error.code === ERROR_CODES.rateLimited || error.code === ERROR_CODES.timeLimit));
}

/** Why a step failed, in the user's words. */
export function failureReason(error: unknown): string {
  if (error instanceof StillPreparingError) {
    const waited = Math.round(error.waitedMs / 1000);
    return isDataNotReady(error.cause) ? `the server was still preparing this data after ${waited} s; try again later` : `the server was still busy after ${waited} s; try again later`;
  }
  if (error instanceof OlderCopyError) return `the server could not be reached (the copy saved ${formatAsOf(error.savedAt)} is kept)`;
  if (isApiError(error)) return `the server answered ${error.status}: ${error.message}`;
  if (isNetworkFailure(error)) return 'the server could not be reached';
  return error instanceof Error && error.message ? `it failed: ${error.message}` : 'it failed';
}

/**
 * Reads a query from the server with the page's query options: always asked again (the point is
 * to take the latest), and refused when the answer was an older copy (the device's, through
 * read-through, or the service worker's cache) rather than the server's.
 */
function serverFetch(queryClient: QueryClient): OfflinePrepareInput['fetch'] {
  return async <T, E, K extends QueryKey>(options: FetchQueryOptions<T, E, T, K>): Promise<T> => {
    const cachedBefore = oldestCachedAnswer();
    const data = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    const fromDevice = query ? deviceSavedAt(query.queryHash) : undefined;
    if (fromDevice !== undefined) throw new OlderCopyError(fromDevice);
    // The worker's cache answered some read meanwhile: this one may be it (never call it saved).
    const cachedAfter = oldestCachedAnswer();
    if (cachedAfter !== null && cachedAfter !== cachedBefore) throw new OlderCopyError(cachedAfter);
    return data;
  };
}

export interface TakeOfflineInput {
  queryClient: QueryClient;
  scope: ProductScope;
  contextLabel: string;
  /** The context's screens, opened as a visit opens them (their code, their loaders' reads). */
  screens: readonly string[];
  preloader: Preloader;
}

export interface OfflineRunState {
  running: boolean;
  /** Steps finished (worked or failed) and steps known so far: "n of m". */
  done: number;
  total: number;
  failures: OfflineStepFailure[];
  finishedAt: number | null;
}

interface RunRecord {
  state: OfflineRunState;
  /** The failed steps themselves, for "Retry": only they run again. */
  failed: OfflineStep[];
  input: TakeOfflineInput;
}

/**
 * The runs in progress (or last finished) by context. They live here, not in the panel: a run
 * may re-render the shell, and closing the panel must not hide or stop it.
 */
const runs = new Map<string, RunRecord>();
const listeners = new Set<() => void>();
/** Bumped when what the device holds changes (a run saved, a context removed): the list reads it again. */
let holdingsVersion = 0;
const publish = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export function useOfflineRun(contextKey: string): OfflineRunState | null {
  return useSyncExternalStore(subscribe, () => runs.get(contextKey)?.state ?? null);
}

export function useHoldingsVersion(): number {
  return useSyncExternalStore(subscribe, () => holdingsVersion);
}

const screenLabel = (href: string, productPath: string) => {
  const prefix = `/${productPath}/`;
  return `Screen “${href.startsWith(prefix) ? href.slice(prefix.length) : href}”`;
};

function screenSteps(input: TakeOfflineInput): OfflineStep[] {
  return input.screens.map((href) => ({
    label: screenLabel(href, input.scope.productPath),
    run: async () => {
      await input.preloader.preloadRoute({ href });
    },
  }));
}

/** The first steps of every registered preparer whose area this user may open in the context. */
async function preparerSteps(input: TakeOfflineInput): Promise<OfflineStep[]> {
  const { scope, queryClient } = input;
  const open = (area: Parameters<typeof checkArea>[0]) => checkArea(area, scope.context.client.feature_flags, scope.permissions).ok;
  const prepare: OfflinePrepareInput = { queryClient, scope, context: scope.productPath, fetch: serverFetch(queryClient) };
  const steps: OfflineStep[] = [];
  for (const registration of preparerRegistrations(open)) {
    try {
      steps.push(...(await registration.load())(prepare));
    } catch (error) {
      // The feature's code did not load (an old build's chunk): say so as a step that failed.
      steps.push({
        label: `The ${registration.area} screens`,
        run: () => Promise.reject(error instanceof Error ? error : new Error(String(error))),
      });
    }
  }
  return steps;
}

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch(HEALTH, { cache: 'no-store', signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/** A new state object on every change, so the panel (useSyncExternalStore) sees it. */
function update(contextKey: string, record: RunRecord, patch: Partial<OfflineRunState>): void {
  record.state = { ...record.state, ...patch };
  runs.set(contextKey, record);
  publish();
}

/**
 * Runs steps for a context and records the outcome. `base` is what earlier runs of the same
 * context already did (a retry adds to it), so "n of m" and the final statement are of the whole.
 */
async function run(contextKey: string, record: RunRecord, steps: readonly OfflineStep[], base: { done: number; total: number }): Promise<void> {
  update(contextKey, record, { running: true, finishedAt: null, done: base.done, total: base.total + steps.length });
  await navigator.storage?.persist?.().catch(() => false);
  if (!(await serverAnswers())) {
    // Nothing can come from the server: no step is tried (each would "work" from an older copy).
    record.failed = [...steps];
    const failures = [...record.state.failures, ...steps.map((s) => ({ label: s.label, reason: 'not tried: the server could not be reached' }))];
    update(contextKey, record, { running: false, done: base.done + steps.length, failures, finishedAt: Date.now() });
    return;
  }
  const result = await runSteps(steps, {
    concurrency: CONCURRENCY,
    askAgain: askAgainLater,
    askAgainEveryMs: DATA_NOT_READY_RETRY_MS,
    askAgainForMs: ASK_AGAIN_FOR_MS,
    onProgress: ({ done, total }) => update(contextKey, record, { done: base.done + done, total: base.total + total }),
  });
  record.failed = result.failures.map((f) => f.step);
  const failures = [...record.state.failures, ...result.failures.map((f) => ({ label: f.step.label, reason: failureReason(f.error) }))];
  // The persisted cache is written at most once a second: write it now, so a reload finds it all.
  await flushCache();
  const finishedAt = Date.now();
  const total = base.total + result.total;
  if (total > failures.length) {
    const db = await deviceDb();
    await db.meta.put({ key: offlineMarkerKey(contextKey), value: { label: record.input.contextLabel, steps: total, failed: failures.length }, savedAt: finishedAt }).catch(() => undefined);
    holdingsVersion++;
  }
  update(contextKey, record, { running: false, done: base.done + result.done, total, failures, finishedAt });
}

/**
 * "Make available offline" for a product context: its screens opened as a visit opens them,
 * then every registered feature's steps (Grow: each chart with its counts and insights), a few
 * at a time. Says "n of m" while it runs, and at the end exactly which steps failed and why.
 * A second call while one runs does nothing.
 */
export async function takeContextOffline(input: TakeOfflineInput): Promise<void> {
  const contextKey = input.scope.productPath;
  if (runs.get(contextKey)?.state.running) return;
  const record: RunRecord = { state: { running: true, done: 0, total: 0, failures: [], finishedAt: null }, failed: [], input };
  update(contextKey, record, {});
  const steps = [...screenSteps(input), ...(await preparerSteps(input))];
  await run(contextKey, record, steps, { done: 0, total: 0 });
}

/** Runs again only the steps that failed in the context's last run (and whatever they find). */
export async function retryFailedSteps(contextKey: string): Promise<void> {
  const previous = runs.get(contextKey);
  if (!previous || previous.state.running || previous.failed.length === 0) return;
  // What worked before stays done; the failures are forgotten until they fail again.
  const kept = previous.state.total - previous.state.failures.length;
  const record: RunRecord = { state: { ...previous.state, failures: [] }, failed: [], input: previous.input };
  await run(contextKey, record, previous.failed, { done: kept, total: kept });
}

// ---- what the device holds ------------------------------------------------------------------

export interface OfflineHolding {
  context: string;
  label: string;
  /** When it was last made available offline. */
  savedAt: number;
  /** Estimated bytes on the device: its persisted queries, device rows and markers, as JSON. */
  bytes: number;
  /** Steps that failed in that run (0: all of it). */
  failed: number;
}

interface PersistedQuery {
  queryKey: unknown[];
}

async function persistedQueries(): Promise<PersistedQuery[]> {
  const row = await (await deviceDb()).queryCache.get('client').catch(() => undefined);
  const value = row?.value as { clientState?: { queries?: PersistedQuery[] } } | undefined;
  return value?.clientState?.queries ?? [];
}

/** Every entity row (and its list marker) saved under the context, by table. */
async function deviceRowsOf(context: string) {
  const db = await deviceDb();
  return Promise.all(ENTITY_TABLES.map(async (table) => {
    const rows = (await db.entityTable(table).where('scope').startsWith(context).toArray()).filter((r) => scopeOfContext(r.scope, context));
    const scopes = [...new Set(rows.map((r) => r.scope))];
    const markers = (await db.meta.where('key').startsWith(`${table}|${context}`).toArray()).filter((m) => scopeOfContext(m.key.slice(table.length + 1), context));
    return { table, rows, scopes, markers };
  }));
}

/** The contexts made available offline on this device, each with its size and time. */
export async function listOfflineHoldings(): Promise<OfflineHolding[]> {
  const db = await deviceDb();
  const markers = await db.meta.where('key').startsWith(OFFLINE_MARKER_PREFIX).toArray();
  const queries = await persistedQueries();
  return Promise.all(markers.map(async (marker) => {
    const context = marker.key.slice(OFFLINE_MARKER_PREFIX.length);
    const value = (marker.value ?? {}) as { label?: unknown; failed?: unknown };
    const tables = await deviceRowsOf(context);
    const bytes =
      queries.filter((q) => Array.isArray(q.queryKey) && queryOfContext(q.queryKey, context)).reduce((sum, q) => sum + serializedBytes(q), 0) +
      tables.reduce((sum, t) => sum + serializedBytes(t.rows) + serializedBytes(t.markers), 0) +
      serializedBytes(marker);
    return {
      context,
      label: typeof value.label === 'string' ? value.label : context,
      savedAt: marker.savedAt,
      bytes,
      failed: typeof value.failed === 'number' ? value.failed : 0,
    };
  }));
}

/**
 * Removes what a context holds on the device: its queries (from memory and, through the
 * persister, from the persisted cache), its entity rows and their markers. Edits waiting in the
 * outbox are not touched: they are the user's, and are sent as before.
 */
/**
 * The service worker's cached API reads of the context go too (keyed by URL and X-Context, see
 * sw/api-reads.ts), or an offline read would still be answered from them after Remove.
 */
async function removeWorkerReads(context: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(OFFLINE.apiCache).catch(() => null);
  if (!cache) return;
  for (const request of await cache.keys()) {
    if (new URL(request.url).searchParams.get(CONTEXT_KEY_PARAM) === context) await cache.delete(request);
  }
}

export async function removeOfflineHolding(queryClient: QueryClient, context: string): Promise<void> {
  queryClient.removeQueries({ predicate: (q) => queryOfContext(q.queryKey, context) });
  await flushCache();
  const db = await deviceDb();
  const tables = await deviceRowsOf(context);
  await db.transaction('rw', [db.meta, ...tables.map((t) => db.entityTable(t.table))], async () => {
    for (const t of tables) {
      await db.entityTable(t.table).bulkDelete(t.rows.map((r) => r.key));
      await db.meta.bulkDelete(t.markers.map((m) => m.key));
    }
    await db.meta.delete(offlineMarkerKey(context));
  });
  await removeWorkerReads(context);
  runs.delete(context);
  holdingsVersion++;
  publish();
}
