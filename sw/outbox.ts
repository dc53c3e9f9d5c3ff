/// <reference lib="webworker" />
import { OFFLINE } from '@shared/constants';
import { pendingCount } from '@shared/rules/outbox';
import { appDb } from '../src/client/lib/offline/db';
import { drainOutbox, nextRetryAt, retryNow } from '../src/client/lib/offline/outbox';
import { registerOutboxSync } from '../src/client/lib/offline/outbox-store';
import { probeServer, waitForServer } from '../src/client/lib/offline/server-watch';
import type { OutboxChangedMessage } from './messages';
import { replayUntilServerBack } from './sync-watch';

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's worker lib). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

/**
 * Sends the outbox from the worker, with the same code and the same Web Lock as the pages (one
 * drain at a time, wherever it runs), then tells the open pages to read it again.
 * @returns whether commands still wait for the network
 */
export async function replayOutbox(): Promise<boolean> {
  const db = appDb();
  const result = await drainOutbox(db);
  if (result.sent > 0) {
    for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'OUTBOX_CHANGED' } satisfies OutboxChangedMessage);
  }
  // Edits held back behind one that needs the user are not waiting for the network: counting them
  // kept the sync failing (and the browser retrying it) until the user chose. The top bar's rule.
  return pendingCount(await db.outbox.toArray()) > 0 && !result.paused;
}

/**
 * How long a sync event keeps watching for the server. Chromium ends a sync event after 3 minutes
 * (BackgroundSyncParameters: max_sync_event_duration) and counts it as failed; the 4 minutes this
 * was were cut short there. 160 s leaves 20 s to send once the server answers. A failed sync is
 * tried again by Chromium 5 minutes later, then 15 minutes after that (3 attempts in all).
 */
export const SYNC_WATCH_MS = 160_000;

export function registerBackgroundSync(): void {
  self.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OFFLINE.syncTag) return;
    // A closed app's edits reach a returning server within 15 s while the event lives (sw/sync-watch.ts).
    const watching = replayUntilServerBack({
      replay: replayOutbox,
      probe: () => probeServer(),
      waitForServer: (maxWaitMs) => waitForServer({ maxWaitMs }),
      clearWaits: () => retryNow(appDb()),
      nextRetryAt: () => nextRetryAt(appDb()),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      online: () => navigator.onLine,
    }, SYNC_WATCH_MS);
    event.waitUntil(watching.then(async (waiting) => {
      if (!waiting) return;
      // A rejected sync is retried by the browser with its own backoff. After its last chance, a
      // new registration starts the browser's attempts again where it allows one from the worker
      // (Chromium may refuse it with no window open: the next page or network change sends then).
      if (event.lastChance) {
        await registerOutboxSync(self.registration).catch(() => undefined);
        return;
      }
      throw new Error('The outbox still has commands waiting for the network.');
    }));
  }) as EventListener);
}
