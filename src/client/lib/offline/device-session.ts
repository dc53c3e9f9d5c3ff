import type { QueryClient } from '@tanstack/react-query';
import { OFFLINE } from '@shared/constants';
import { deviceDb } from './device-db';
import { rememberWriter } from './outbox-store';
import { startCachePersistence, stopCachePersistence } from './persist';

/**
 * Whose data the device holds. Every byte of it belongs to one user: a logout wipes it, and a
 * login as someone else wipes what the previous user left (their unsent edits cannot be sent
 * under another login). A lapsed login wipes nothing: the same user logs in again and their
 * queued edits go out.
 */
async function deviceUser(): Promise<number | null> {
  const row = await (await deviceDb()).meta.get('userId').catch(() => undefined);
  return typeof row?.value === 'number' ? row.value : null;
}

/** Everything of the previous user: the database, the persisted cache and the service worker's API reads. */
export async function wipeDevice(): Promise<void> {
  stopCachePersistence();
  const { wipeUserData } = await import('./db');
  await wipeUserData(await deviceDb()).catch(() => undefined);
  if (typeof caches !== 'undefined') await caches.delete(OFFLINE.apiCache).catch(() => undefined);
  await navigator.clearAppBadge?.().catch(() => undefined);
}

/** After a login (or at start with a remembered session): the device is this user's. */
export async function claimDevice(queryClient: QueryClient, userId: number, csrfToken: string | null): Promise<void> {
  const previous = await deviceUser();
  if (previous !== null && previous !== userId) await wipeDevice();
  await rememberWriter(await deviceDb(), userId, csrfToken).catch(() => undefined);
  await startCachePersistence(queryClient, userId);
}

/** How many edits are not yet applied (logout asks before discarding them). */
export async function unsentCount(): Promise<number> {
  return (await deviceDb()).outbox.where('state').notEqual('done').count().catch(() => 0);
}
