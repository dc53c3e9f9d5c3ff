import { deviceDb } from './device-db';
import { flushCache } from './persist';

/** What a preload needs from the router (kept narrow so this file does not depend on the route tree). */
interface Preloader {
  preloadRoute(options: { href: string }): Promise<unknown>;
}

export interface OfflineProgress {
  done: number;
  total: number;
  failed: number;
}

/**
 * "Make available offline" for a context: every screen of it is loaded the way a visit loads it
 * (its code and its loaders' reads, which write through to the device), then the persisted
 * cache is written at once. The browser is asked to keep the storage (navigator.storage.persist),
 * so it is not evicted under storage pressure.
 */
export async function makeAvailableOffline(router: Preloader, contextKey: string, paths: readonly string[], onProgress: (p: OfflineProgress) => void): Promise<OfflineProgress> {
  const progress: OfflineProgress = { done: 0, total: paths.length, failed: 0 };
  onProgress({ ...progress });
  await navigator.storage?.persist?.().catch(() => false);
  for (const href of paths) {
    try {
      await router.preloadRoute({ href });
    } catch {
      progress.failed++;
    }
    progress.done++;
    onProgress({ ...progress });
  }
  await flushCache();
  await (await deviceDb()).meta.put({ key: `offline|${contextKey}`, value: paths, savedAt: Date.now() });
  return progress;
}

/** When the context was last made available offline, if ever. */
export async function savedOfflineAt(contextKey: string): Promise<number | null> {
  return (await (await deviceDb()).meta.get(`offline|${contextKey}`).catch(() => undefined))?.savedAt ?? null;
}
