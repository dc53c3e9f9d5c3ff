import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { hierarchyQueryOptions } from './session-queries';

/** Other tabs of this browser hear of a hierarchy change on this channel. */
const CHANNEL = 'hierarchy-changed';

interface Refreshable {
  queryClient: QueryClient;
  /** The router: its guards read the hierarchy in beforeLoad, so they must run again. */
  router: { invalidate: () => Promise<unknown> };
}

async function refetch({ queryClient, router }: Refreshable) {
  // fetchQuery, not refetchQueries: a hierarchy restored from the device cache has no query function
  // (ensureQueryData does not give it one), so refetchQueries made no request and the picker kept the old tree.
  await queryClient.fetchQuery({ ...hierarchyQueryOptions(), staleTime: 0 });
  await router.invalidate();
}

/**
 * After a write that changes clients, regions, brands or products: fetch the hierarchy again
 * (context picker, navigation, guards) and tell this browser's other tabs to do the same.
 */
export async function refreshHierarchy(target: Refreshable) {
  await refetch(target);
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ at: Date.now() });
  channel.close();
}

/** Mounted once in the shell: refetches when another tab changed the hierarchy. */
export function useHierarchySync(target: Refreshable) {
  const { queryClient, router } = target;
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => void refetch({ queryClient, router });
    return () => channel.close();
  }, [queryClient, router]);
}
