/// <reference lib="webworker" />
import { OFFLINE } from '@shared/constants';
import { appDb } from '../src/client/lib/offline/db';
import { drainOutbox } from '../src/client/lib/offline/outbox';
import type { OutboxChangedMessage } from './messages';

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
  return (await db.outbox.where('state').anyOf('pending', 'waiting').count()) > 0 && !result.paused;
}

export function registerBackgroundSync(): void {
  self.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OFFLINE.syncTag) return;
    event.waitUntil(replayOutbox().then((waiting) => {
      // A rejected sync is retried by the browser with its own backoff (unless this was its last chance).
      if (waiting && !event.lastChance) throw new Error('The outbox still has commands waiting for the network.');
    }));
  }) as EventListener);
}
