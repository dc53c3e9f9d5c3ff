import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { oldestCachedAnswer, onCachedAnswer, onServerAway, serverAway } from './freshness-store';
import { deviceSavedAt, isUnreachable } from './read-through';

/** Whether the browser says it has a network (the offline indicator). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener('online', notify);
      window.addEventListener('offline', notify);
      return () => {
        window.removeEventListener('online', notify);
        window.removeEventListener('offline', notify);
      };
    },
    () => navigator.onLine,
  );
}

/** The query cache, and a subscription to it and to one more source (a module-level `on…` listener). */
function useQueryCacheAnd(onOther: (listener: () => void) => () => void) {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((notify: () => void) => {
    const stopCache = cache.subscribe(notify);
    const stopOther = onOther(notify);
    return () => {
      stopCache();
      stopOther();
    };
  }, [cache, onOther]);
  return { cache, subscribe };
}

/**
 * How old the data on screen is: the oldest fetch time among the queries being shown (a read
 * answered from the device counts by when it was saved there, one from the service worker's
 * cache by its Date). Null while nothing is shown.
 */
export function useDataAsOf(): number | null {
  const { cache, subscribe } = useQueryCacheAnd(onCachedAnswer);
  return useSyncExternalStore(subscribe, () => {
    // An answer the service worker served from its cache is as old as its Date says.
    let oldest: number | null = oldestCachedAnswer();
    for (const query of cache.getAll()) {
      if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
      const at = deviceSavedAt(query.queryHash) ?? query.state.dataUpdatedAt;
      if (at > 0 && (oldest === null || at < oldest)) oldest = at;
    }
    return oldest;
  });
}

/**
 * Whether the server is gone though the browser has a network: a query on screen could not reach
 * it on its last try (its data is the last good answer, kept by keepLastGood), or the health check
 * is being watched and has not answered yet (server-watch.ts).
 */
export function useServerUnreachable(): boolean {
  const { cache, subscribe } = useQueryCacheAnd(onServerAway);
  return useSyncExternalStore(subscribe, () =>
    serverAway() || cache.getAll().some((query) => query.getObserversCount() > 0 && query.state.data !== undefined && isUnreachable(query.state.fetchFailureReason)));
}
