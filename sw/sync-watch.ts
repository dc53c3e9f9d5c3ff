/**
 * The service worker's Background Sync, made to reconnect fast (issue 12 item 7): a closed app's
 * edits reach a returning server within 15 s while the sync event lives. Its parts are passed
 * in, so the loop is tested without a worker (sw/sync-watch.test.ts).
 */
export interface SyncWatchDeps {
  /** Sends the outbox; whether commands still wait. */
  replay: () => Promise<boolean>;
  /** One health probe: whether the server answers. */
  probe: () => Promise<boolean>;
  /** Probes with the reconnect backoff (cap 15 s): true once it answers, false when the time is up. */
  waitForServer: (maxWaitMs: number) => Promise<boolean>;
  /** Every waiting command may go now (their waits were for a server that was gone). */
  clearWaits: () => Promise<void>;
  online: () => boolean;
  now?: () => number;
}

/**
 * Sends the outbox; while commands still wait because the server cannot be reached (the
 * network is up, the health check does not answer), waits for it for up to `watchMs` and sends
 * again as soon as it answers.
 * @returns whether commands still wait (the browser then retries the sync later)
 */
export async function replayUntilServerBack(deps: SyncWatchDeps, watchMs: number): Promise<boolean> {
  const now = deps.now ?? Date.now;
  const until = now() + watchMs;
  let waiting = await deps.replay();
  // With no network the browser fires the sync again when there is one. A server that answers
  // its health check keeps commands waiting for reasons of its own (5xx, Retry-After): the
  // outbox's own backoff is the right pace for those, not a loop here.
  while (waiting && deps.online() && now() < until && !(await deps.probe())) {
    if (!(await deps.waitForServer(until - now()))) break;
    await deps.clearWaits();
    waiting = await deps.replay();
  }
  return waiting;
}
