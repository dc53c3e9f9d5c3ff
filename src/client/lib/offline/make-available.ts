import { useSyncExternalStore } from 'react';
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
  /** Set when the run has finished and saved. */
  savedAt: number | null;
}

/**
 * The runs in progress (or last finished) by context. They live here, not in the panel: a
 * preload may re-render the shell, and closing the panel must not hide or stop a run.
 */
const runs = new Map<string, OfflineProgress>();
const listeners = new Set<() => void>();
const publish = (contextKey: string, progress: OfflineProgress) => {
  runs.set(contextKey, { ...progress });
  for (const listener of listeners) listener();
};

export function useOfflineProgress(contextKey: string): OfflineProgress | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => runs.get(contextKey) ?? null,
  );
}

/**
 * "Make available offline" for a context: every screen of it is loaded the way a visit loads it
 * (its code and its loaders' reads, which write through to the device), then the persisted
 * cache is written at once. The browser is asked to keep the storage (navigator.storage.persist),
 * so it is not evicted under storage pressure. A second call while one runs does nothing.
 */
export async function makeAvailableOffline(router: Preloader, contextKey: string, paths: readonly string[]): Promise<void> {
  const running = runs.get(contextKey);
  if (running && running.done < running.total) return;
  const progress: OfflineProgress = { done: 0, total: paths.length, failed: 0, savedAt: null };
  publish(contextKey, progress);
  await navigator.storage?.persist?.().catch(() => false);
  for (const href of paths) {
    try {
      await router.preloadRoute({ href });
    } catch {
      progress.failed++;
    }
    progress.done++;
    publish(contextKey, progress);
  }
  await flushCache();
  const savedAt = Date.now();
  await (await deviceDb()).meta.put({ key: `offline|${contextKey}`, value: paths, savedAt });
  progress.savedAt = savedAt;
  publish(contextKey, progress);
}

/** When the context was last made available offline, if ever. */
export async function savedOfflineAt(contextKey: string): Promise<number | null> {
  return (await (await deviceDb()).meta.get(`offline|${contextKey}`).catch(() => undefined))?.savedAt ?? null;
}
