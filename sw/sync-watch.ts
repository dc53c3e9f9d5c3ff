/**
 * The service worker's Background Sync, made to reconnect fast (issue 12 item 7, issue 27 item
 * 12): a closed app's edits reach a returning server within 15 s while the sync event lives. Its
 * parts are passed in, so the loop is tested without a worker (sw/sync-watch.test.ts).
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
  /** When the next waiting command may be tried again (null: none waits for a time). */
  nextRetryAt: () => Promise<number | null>;
  /** Waits (a timer; the event is kept alive by its waitUntil). */
  sleep: (ms: number) => Promise<void>;
  online: () => boolean;
  now?: () => number;
}

/**
 * Sends the outbox; while commands still wait, keeps the event for up to `watchMs`: for a server
 * that cannot be reached (the network is up, the health check does not answer) it waits for its
 * return and sends at once; for a server that answers but said "later" (a restarted server's
 * 503 DATA_NOT_READY, at most 15 s away, issue 27) it waits for the retry time and sends again.
 * Before, the second case ended the event at once, and the browser's next try came 5 minutes later.
 * @returns whether commands still wait (the browser then retries the sync later)
 */
export async function replayUntilServerBack(deps: SyncWatchDeps, watchMs: number): Promise<boolean> {
  const now = deps.now ?? Date.now;
  const until = now() + watchMs;
  let waiting = await deps.replay();
  // With no network the browser fires the sync again when there is one.
  while (waiting && deps.online() && now() < until) {
    if (await deps.probe()) {
      const at = await deps.nextRetryAt();
      // Nothing waits for a time (held for the user, or a lapsed login), or not within the event.
      if (at === null || at >= until) break;
      await deps.sleep(Math.max(0, at - now()));
    } else {
      if (!(await deps.waitForServer(until - now()))) break;
      await deps.clearWaits();
    }
    waiting = await deps.replay();
  }
  return waiting;
}
