import type { Query, QueryClient } from '@tanstack/react-query';
import { isUnreachable } from './read-through';

/** A query whose last try could not reach the server: it shows its last good data, or nothing. */
function couldNotReach(query: Query): boolean {
  return isUnreachable(query.state.fetchFailureReason) || (query.state.status === 'error' && isUnreachable(query.state.error));
}

/**
 * Issue 27 item 10: the screens are asked again the moment the server is back. From the first
 * read that cannot reach it (the network is up: "Server unreachable · data as of ..."), the
 * health check is watched (server-watch.ts: 1, 2, 4, 8, then every 15 s) and every query is
 * refreshed when it answers. Before, nothing asked again until a screen's data had gone stale and
 * something happened to refetch it, minutes later. A read that fails while the health check
 * answers (one endpoint's own 503) starts no watch: refreshing everything would not help it.
 * Back from no network at all, the reads that failed are asked again too.
 * Started once, with the outbox (a user is known).
 */
export function refreshWhenServerReturns(queryClient: QueryClient): void {
  let watching = false;
  const refresh = () => void queryClient.invalidateQueries();
  const watch = async () => {
    watching = true;
    try {
      const { probeServer, watchServer } = await import('./server-watch');
      if (await probeServer()) {
        watching = false;
        return;
      }
      watchServer({
        onBack: () => {
          watching = false;
          refresh();
        },
      });
    } catch {
      // The watch's code did not load (offline, an old build): the next failure tries again.
      watching = false;
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (watching || event.type !== 'updated' || !navigator.onLine || !couldNotReach(event.query)) return;
    void watch();
  });
  window.addEventListener('online', () => void queryClient.invalidateQueries({ predicate: couldNotReach }));
}
