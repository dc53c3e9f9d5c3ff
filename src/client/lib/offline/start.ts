import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../storage';
import { claimDevice } from './device-session';
import { startOutbox } from './outbox-client';

/**
 * Before the first route loads: restore the remembered user's cache from the device (an offline
 * start renders from it), then start sending their queued edits. A login starts both too.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  const remembered = storage.cachedSession();
  // Nobody signed in (the login page): nothing on the device is anyone's yet, and Dexie stays unloaded.
  if (!remembered) return;
  await claimDevice(queryClient, remembered.user.id, storage.csrfToken()).catch(() => undefined);
  startOutbox(queryClient);
}
