import { HEALTH_PATH, PROBE_TIMEOUT_MS, probeDelayMs } from '@shared/rules/reconnect';
import { setServerAway } from './freshness-store';

/**
 * Watching for the server's return (issue 12 item 7). When the network is up but the server is
 * not, sends would fail and push the outbox's retries ever further away (up to 5 minutes);
 * instead the health check is probed, 1 s, 2 s, 4 s, 8 s, then every 15 s
 * (`@shared/rules/reconnect`), and whoever waits is called the moment it answers.
 *
 * No React and no DOM: the page's drain and the service worker's Background Sync both use it.
 * One watch at a time per page or worker: a second caller joins the running watch (and its
 * backoff) rather than starting another probe loop.
 */

export interface WatchServerOptions {
  /** Called once, when the health check answers 2xx. */
  onBack: () => void;
  /** The first caller's is used for the whole watch. */
  fetchImpl?: typeof fetch;
}

interface Watch {
  listeners: Set<() => void>;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  probing: AbortController | null;
  fetchImpl: typeof fetch;
}

let watch: Watch | null = null;

/** One GET of the health check: whether it answered 2xx within the probe timeout. */
export async function probeServer(fetchImpl: typeof fetch = fetch, signal?: AbortSignal): Promise<boolean> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timeout = setTimeout(abort, PROBE_TIMEOUT_MS);
  try {
    const response = await fetchImpl(HEALTH_PATH, { cache: 'no-store', credentials: 'same-origin', signal: controller.signal });
    // The body is not needed; cancelling it frees the connection.
    void response.body?.cancel().catch(() => undefined);
    return response.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timeout);
    signal?.removeEventListener('abort', abort);
  }
}

function schedule(w: Watch, delayMs: number): void {
  w.timer = setTimeout(() => void probe(w), delayMs);
}

async function probe(w: Watch): Promise<void> {
  w.timer = null;
  w.probing = new AbortController();
  const ok = await probeServer(w.fetchImpl, w.probing.signal);
  w.probing = null;
  // Stopped (or replaced) while the probe was out.
  if (watch !== w) return;
  if (!ok) {
    w.attempt += 1;
    schedule(w, probeDelayMs(w.attempt));
    return;
  }
  watch = null;
  setServerAway(false);
  for (const listener of w.listeners) {
    try {
      listener();
    } catch {
      // One caller's failure is not another's: each is told.
    }
  }
}

/**
 * Waits for the server: probes the health check with the backoff until it answers, then calls
 * `onBack` (once). The first probe is 1 s away (the caller has just failed to reach it).
 * @returns stop: `onBack` is not called after it; the probing ends when no caller is left.
 */
export function watchServer({ onBack, fetchImpl = fetch }: WatchServerOptions): () => void {
  const w: Watch = watch ?? { listeners: new Set(), attempt: 0, timer: null, probing: null, fetchImpl };
  if (!watch) {
    watch = w;
    setServerAway(true);
    schedule(w, probeDelayMs(0));
  }
  // Its own function, so one caller's stop never removes another's identical callback.
  const listener = () => onBack();
  w.listeners.add(listener);
  return () => {
    w.listeners.delete(listener);
    if (w.listeners.size > 0 || watch !== w) return;
    watch = null;
    setServerAway(false);
    if (w.timer !== null) clearTimeout(w.timer);
    w.probing?.abort();
  };
}

/** Whether a watch is running (the server is believed unreachable). */
export function watchingServer(): boolean {
  return watch !== null;
}

/**
 * "Retry now": the running watch probes at once and starts its backoff again (a probe already
 * out is left to answer). Without a watch, nothing to do: the caller drains itself.
 */
export function probeServerNow(): void {
  const w = watch;
  if (!w || w.probing) return;
  if (w.timer !== null) clearTimeout(w.timer);
  w.attempt = 0;
  void probe(w);
}

/**
 * For the service worker, which must keep its event alive while it waits: resolves true when
 * the server answers, false after `maxWaitMs` without an answer.
 */
export function waitForServer({ maxWaitMs, fetchImpl }: { maxWaitMs: number; fetchImpl?: typeof fetch }): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let limit: ReturnType<typeof setTimeout> | null = null;
    const stop = watchServer({
      fetchImpl,
      onBack: () => {
        if (limit !== null) clearTimeout(limit);
        resolve(true);
      },
    });
    limit = setTimeout(() => {
      stop();
      resolve(false);
    }, maxWaitMs);
  });
}
