import type { QueryClient } from '@tanstack/react-query';
import { storage } from '../storage';
import { claimDevice } from './device-session';
import { startOutbox } from './outbox-client';

/**
 * Before the first route loads: restore the remembered user's cache from the device (an offline
 * start renders from it), then start sending their queued edits.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  const remembered = storage.cachedSession();
  if (remembered) await claimDevice(queryClient, remembered.user.id, storage.csrfToken()).catch(() => undefined);
  startOutbox(queryClient);
}
