import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { TEXT } from '@shared/constants';
import { ERROR_CODES } from '@shared/schemas/error';
import { heldOrRefused } from '@shared/rules/outbox';
import type { RetryField } from '@shared/rules/refusals';
import { ApiRequestError } from '../api-error';
import { handleApiError } from '../error-handling';
import { errorToast, showToast, type ToastInput } from '../ui-store';
import type { StoredCommand } from './db';
import { messageType } from '../../../../sw/messages';
import { deviceDb } from './device-db';
import type { CommandInput } from './outbox-store';
import { addCommand, answerData, nextRetryAt, registerOutboxSync, retryNow } from './outbox-store';
import { refreshWhenServerReturns } from './refresh-on-return';

/** The drain and the edits' bookkeeping: loaded when there is something to queue or send, not with the shell. */
export const outboxCode = () => import('./outbox');

/**
 * The page's side of the outbox: queue an edit, show it at once over the server's data, send it
 * when the network allows, and fold the server's answer into the cache when it comes.
 */

/** How a feature's entity shows queued edits and takes the server's answers. */
export interface EntityHandler<T = unknown> {
  /** The cached queries that hold the command's entity. */
  queryKeys(command: StoredCommand): QueryKey[];
  /** The cached data with the command's change applied on top (the optimistic view). */
  apply(data: T, command: StoredCommand): T;
  /** The cached data once the server has a copy of the entity (or null: it is gone). */
  settle(data: T, command: StoredCommand, serverCopy: unknown): T;
  /**
   * The part of the server's copy a conflicting command changed, for the conflict dialog to
   * compare field by field (an edit to one audience of a chart against that audience). The
   * whole copy when not given.
   */
  comparable?(command: StoredCommand, serverCopy: unknown): unknown;
  /**
   * "Re-create it" for an edit of something someone else deleted: one command that makes it again
   * with what the edits (the gone one and those that depend on it, oldest first) leave it as;
   * null when it cannot be made again (the whole entity is gone, or the last edit deletes it).
   */
  recreate?(edits: readonly StoredCommand[]): CommandInput | null;
  /**
   * The notice of a command the server refused, in place of 'Not saved: {label}', for an entity
   * whose spec words its save failure (Measure's timeframes, spec 3 §8). The sync panel still
   * lists the server's reason.
   */
  refusalNotice?(command: StoredCommand): Partial<Pick<ToastInput, 'tone'>> & Omit<ToastInput, 'tone'>;
  /**
   * What "Edit and retry" offers to change in a refused command (issue 27), when the texts and
   * figures of its body (`retryFields`) are not the right ones; [] sends it again as it is.
   */
  retryFields?(command: StoredCommand): RetryField[];
}

const handlers = new Map<string, EntityHandler>();

/** The handler of an entity, once its feature has registered it. */
export function handlerOf(entity: string): EntityHandler | undefined {
  return handlers.get(entity);
}

/** Each feature registers its entities once, at module load. */
export function registerEntity<T>(entity: string, handler: EntityHandler<T>): void {
  handlers.set(entity, handler as EntityHandler);
}

const loaders = new Map<string, () => Promise<unknown>>();

/** Every entity the outbox carries: registered, or named with the module that registers it. */
export function outboxEntities(): string[] {
  return [...new Set([...handlers.keys(), ...loaders.keys()])].sort();
}

/** Registers every named entity's handler now (a test of every entity, or a page that needs them all). */
export async function loadEveryEntity(): Promise<void> {
  await Promise.all([...loaders.entries()].filter(([entity]) => !handlers.has(entity)).map(([, load]) => load()));
}

/**
 * Names the module that registers an entity's handler, loaded when a command of that entity is
 * first read (or by the feature's page): the shell does not carry every feature's edit code.
 */
export function registerEntityLoader(entity: string, load: () => Promise<unknown>): void {
  loaders.set(entity, load);
}

/** Loads the handlers of the entities these commands name, before anything is laid over or settled. */
async function ensureHandlers(commands: readonly StoredCommand[]): Promise<void> {
  const missing = [...new Set(commands.map((c) => c.entity))].filter((e) => !handlers.has(e) && loaders.has(e));
  await Promise.all(missing.map((e) => loaders.get(e)!().catch(() => undefined)));
}

let drainTimer: ReturnType<typeof setTimeout> | null = null;
let draining: Promise<unknown> | null = null;

/** While another tab (or the service worker) holds the drain, look again this often: it may finish before seeing our edit. */
const LOCK_BUSY_RETRY_MS = 1_000;

/** Sends what can be sent now, then sets a timer for the next waiting command. */
export function requestDrain(): Promise<unknown> {
  draining ??= deviceDb()
    .then(async (db) => {
      // Nothing queued (the usual start): the drain's code is not even loaded.
      if ((await db.outbox.count()) === 0) return { ran: true, sent: 0, applied: 0, paused: false };
      // Offline nothing is sent anyway, and the code is not asked for: a module that failed to load
      // stays failed in the page (the module map keeps the error), so the edit queued offline with
      // no service worker yet was never sent once the network was back.
      if (navigator.onLine === false) return { ran: true, sent: 0, applied: 0, paused: false };
      return (await outboxCode()).drainOutbox(db);
    })
    .then((result) => {
      if (!result.ran) setTimeout(() => void requestDrain(), LOCK_BUSY_RETRY_MS);
      // The login lapsed (spec 1 §8): back to login; the edits wait on the device for the same user.
      if (result.paused) handleApiError(new ApiRequestError(401, ERROR_CODES.unauthenticated, TEXT.sessionExpired, true));
    })
    .catch(() => undefined)
    .finally(() => {
      draining = null;
      void scheduleRetry();
    });
  return draining;
}

let stopWatching: (() => void) | null = null;

/**
 * Sets a timer for the next waiting command. While the network is up but the server does not
 * answer its health check, the check is watched (1, 2, 4, 8, then every 15 s) and the waiting
 * edits go the moment it answers (issue 12): a server back from the dead is found within 15 s.
 */
async function scheduleRetry(): Promise<void> {
  const at = await deviceDb().then(nextRetryAt).catch(() => null);
  if (drainTimer) clearTimeout(drainTimer);
  drainTimer = at === null ? null : setTimeout(() => void requestDrain(), Math.max(0, at - Date.now()) + 50);
  if (at === null || stopWatching || !navigator.onLine) return;
  const { probeServer, watchServer } = await import('./server-watch');
  // A server that answers has its own reasons (a 5xx, Retry-After): the backoff stands.
  if (stopWatching || (await probeServer())) return;
  stopWatching = watchServer({
    onBack: () => {
      stopWatching = null;
      void deviceDb().then(retryNow).then(() => requestDrain());
    },
  });
}

/**
 * Queues an edit. It is on the device when this returns; sending happens in the background. If
 * the device cannot store it (storage full or blocked), the user is told: nothing is lost silently.
 */
export async function enqueue(input: CommandInput): Promise<StoredCommand> {
  // Stored by code the shell has: an edit made offline on a first visit (no worker yet) needs no download.
  const command = await deviceDb().then((db) => addCommand(db, input)).catch((error: unknown) => {
    errorToast(`Not saved: ${input.label}`, `This device could not store the edit (${error instanceof Error ? error.message : String(error)}).`);
    throw error;
  });
  // The user's own edit shows at once, not at the next throttled read.
  await readOutbox();
  void requestDrain();
  // Where the browser has Background Sync, the service worker sends it even if this tab closes.
  void navigator.serviceWorker?.ready
    .then(registerOutboxSync)
    .catch(() => undefined);
  return command;
}

/** Applies a settled command's server copy to every cache that holds its entity. */
export function settleInCaches(queryClient: QueryClient, command: StoredCommand, serverCopy: unknown): void {
  const handler = handlers.get(command.entity);
  if (!handler) return;
  for (const key of handler.queryKeys(command)) {
    queryClient.setQueriesData({ queryKey: key }, (data: unknown) => (data === undefined ? data : handler.settle(data, command, serverCopy)));
  }
}

const OUTBOX_PART = 'idb://audience-insights/outbox/';
/** Many changes in a burst (a drain of hundreds of edits) make a read every 250 ms, not hundreds. */
const REFRESH_MS = 250;

/**
 * The outbox as the page shows it: one snapshot, read again at most every 250 ms after the
 * outbox changes (in this tab, another tab or the service worker), shared by every hook.
 */
const snapshot = {
  commands: [] as StoredCommand[],
  listeners: new Set<() => void>(),
  timer: null as ReturnType<typeof setTimeout> | null,
  onRead: null as null | ((commands: StoredCommand[]) => Promise<void>),
};

export async function readOutbox(): Promise<void> {
  snapshot.timer = null;
  const commands = await deviceDb().then((db) => db.outbox.orderBy('createdAt').toArray()).catch(() => snapshot.commands);
  await ensureHandlers(commands);
  // Applied commands reach the caches first (synchronously, before onRead's first await), and
  // the page then stops laying them over: it never shows an edit twice, or the old copy between.
  const reading = snapshot.onRead?.(commands);
  snapshot.commands = commands;
  for (const listener of snapshot.listeners) listener();
  await reading;
}

function refreshSoon(): void {
  snapshot.timer ??= setTimeout(() => void readOutbox(), REFRESH_MS);
}

function onStorageMutated(parts: Record<string, unknown>): void {
  if (Object.keys(parts).some((part) => part.startsWith(OUTBOX_PART))) refreshSoon();
}

let started = false;

type Settled = { applied: boolean; data: unknown };
// Several may wait on one command (the page's notice and what opens the item it made).
const waiters = new Map<string, ((outcome: Settled) => void)[]>();

function settle(id: string, outcome: Settled): void {
  for (const resolve of waiters.get(id) ?? []) resolve(outcome);
  waiters.delete(id);
}

/**
 * Resolves when this tab sees the command applied (with the answer's data) or refused. A page
 * that made something waits on it to open what the server made (a new chart's id); it may
 * never resolve (another tab sent it, or the user left), so nothing must depend on it but that.
 */
export function whenSettled(id: string): Promise<Settled> {
  return new Promise((resolve) => waiters.set(id, [...(waiters.get(id) ?? []), resolve]));
}

/**
 * Waits (at most `timeoutMs`) until this device has no unsent command on `entity`: a write made
 * outside the outbox that depends on queued edits (deleting the category whose last unit was
 * just deleted) must not reach the server before them, or it is refused for what the user sees gone.
 */
export async function whenEntitySent(entity: string, timeoutMs: number): Promise<void> {
  const db = await deviceDb().catch(() => null);
  if (!db) return;
  const open = await db.outbox.filter((c) => c.entity === entity && (c.state === 'pending' || c.state === 'waiting')).toArray();
  if (open.length === 0) return;
  void requestDrain();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(open.map((c) => whenSettled(c.id))),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Folds applied commands into the caches, tells the user of refusals, and drains on the events
 * that matter. Started once a user is known (at start with a remembered user, or at login); it
 * keeps running after a logout, when the wiped outbox simply has nothing to send.
 */
export function startOutbox(queryClient: QueryClient): void {
  // Already running (a login after a lapsed session): what waited for that login goes now.
  if (started) {
    void requestDrain();
    return;
  }
  started = true;
  // The screens' reads, too, are asked again as soon as the server answers (issue 27).
  refreshWhenServerReturns(queryClient);
  // Commands this tab last saw, and the ones it settled itself: a command that vanishes without
  // this tab settling it was settled (or discarded) by another tab, whose answer this tab never
  // saw, so the caches that show its entity are asked again.
  let seen = new Map<string, StoredCommand>();
  const settledHere = new Set<string>();
  snapshot.onRead = async (commands) => {
    const present = new Set(commands.map((c) => c.id));
    for (const [id, command] of seen) {
      if (present.has(id) || settledHere.delete(id)) continue;
      for (const key of handlers.get(command.entity)?.queryKeys(command) ?? []) void queryClient.invalidateQueries({ queryKey: key });
    }
    seen = new Map(commands.map((c) => [c.id, c]));
    const done = commands.filter((c) => c.state === 'done');
    for (const command of done) {
      // A DELETE's answer is passed on too: deleting part of an entity (a chart's market) answers the entity.
      const answer = answerData(command.response);
      settleInCaches(queryClient, command, answer);
      // A delete of what someone else had deleted already is done with no copy to show: ask again.
      if (command.method === 'DELETE' && answer === null) {
        for (const key of handlers.get(command.entity)?.queryKeys(command) ?? []) void queryClient.invalidateQueries({ queryKey: key });
      }
      settledHere.add(command.id);
      settle(command.id, { applied: true, data: answer });
    }
    const db = await deviceDb();
    if (done.length > 0) await db.outbox.bulkDelete(done.map((c) => c.id));
    for (const command of commands) {
      if (command.state === 'rejected') settle(command.id, { applied: false, data: null });
      if (command.state === 'rejected' && !command.notified) {
        const notice = handlers.get(command.entity)?.refusalNotice?.(command) ?? { title: `Not saved: ${command.label}`, description: `${command.error?.message ?? 'The server refused it.'} ${TEXT.refusalKept}` };
        // A refusal is an error unless its entity says otherwise.
        showToast({ ...notice, tone: notice.tone ?? 'error' });
        await db.outbox.update(command.id, { notified: true });
      }
    }
  };
  // Changes made in this tab, another tab or the service worker (Dexie broadcasts them).
  void import('dexie').then(({ default: Dexie }) => Dexie.on('storagemutated', onStorageMutated));
  // Back online, nothing waits out a backoff that was counting failures of the network that is now here.
  const onOnline = () => void deviceDb().then(retryNow).catch(() => undefined).then(() => requestDrain());
  const onVisible = () => {
    if (document.visibilityState === 'visible') void requestDrain();
  };
  const onMessage = (event: MessageEvent) => {
    if (messageType(event.data) === 'OUTBOX_CHANGED') refreshSoon();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  void readOutbox();
  void requestDrain();
}

const subscribe = (listener: () => void) => {
  snapshot.listeners.add(listener);
  return () => snapshot.listeners.delete(listener);
};

/** The outbox's commands, oldest first (live). */
export function useOutbox(): StoredCommand[] {
  return useSyncExternalStore(subscribe, () => snapshot.commands);
}

/** `data` with the queued edits of `entity` applied over it: what the user sees before the server answers. */
export function useWithOutbox<T>(entity: string, data: T | undefined): T | undefined {
  const commands = useOutbox();
  return useMemo(() => {
    const handler = handlers.get(entity) as EntityHandler<T> | undefined;
    if (data === undefined || !handler) return data;
    const left = heldOrRefused(commands);
    let view: T = data;
    // A done command's answer is in the cache already (readOutbox settles before it shows).
    for (const command of commands) if (command.entity === entity && command.state !== 'done' && !left.has(command.id)) view = handler.apply(view, command);
    return view;
  }, [commands, data, entity]);
}
