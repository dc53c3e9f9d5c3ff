import type { DehydratedState, Query, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { isUnreachable } from './read-through';

/**
 * DESIGN "Client data flow": a read keeps its last successful answer until a newer one replaces
 * it; a failed refetch never turns shown data into a dash. One mechanism for every query, in two
 * halves: in memory (keepLastGood) and on the device (the persisted cache, lastGoodClientState).
 */

/**
 * Wraps every query function (installed as the default `persister` query option: the one hook
 * TanStack Query offers around each run of a query function that also receives the query).
 * When the server cannot be reached and the query already has data, the fetch is cancelled with
 * `revert`: the query goes back to the state it had before the fetch (success, its data, its
 * dataUpdatedAt, so every "as of" keeps the old time) and the fetch resolves with that data. No
 * error is ever dispatched, so no observer sees `isError`, not even for one render, and no error
 * toast is raised. The failure is kept as the query's `failureReason` (cleared by the next
 * fetch), which is how a screen knows its data is older than it asked for (`keptSince`).
 * A refusal (4xx, 500) is an error as before: the server said no, that is not "offline".
 */
export async function keepLastGood<T>(
  queryFn: QueryFunction<T, QueryKey, never>,
  context: QueryFunctionContext<QueryKey>,
  query: Query,
): Promise<T> {
  try {
    return await queryFn(context);
  } catch (error) {
    if (isUnreachable(error) && query.state.data !== undefined) {
      // Synchronous: the revert lands before this rejection reaches the query, so the fetch ends
      // as a cancelled-and-reverted one (resolving with the old data) rather than as an error.
      void query.cancel({ revert: true });
      // isUnreachable: a TypeError or an ApiError, both Errors.
      query.setState({ fetchFailureCount: 1, fetchFailureReason: error as Error });
    }
    throw error;
  }
}

interface ResultLike {
  data: unknown;
  dataUpdatedAt: number;
  failureReason: unknown;
}

/**
 * When a query result shows data kept over a refetch that could not reach the server: the time
 * of that data (for an "as of" note). Null when the data is as fresh as the last try.
 */
export function keptSince(result: ResultLike): number | null {
  if (result.data === undefined || result.dataUpdatedAt <= 0 || !isUnreachable(result.failureReason)) return null;
  return result.dataUpdatedAt;
}

/** Which queries the persisted cache keeps: every one that has data, whatever its last fetch did. */
export function hasData(query: Query): boolean {
  return query.state.data !== undefined;
}

/**
 * The persisted form of the cache: a query with data is saved as a success with that data and
 * its time, without its last error, so it survives any number of offline reloads and browser
 * restarts (TanStack's default keeps only queries whose status is success). A restored query is
 * asked again anyway (startCachePersistence invalidates it), and a refusal then shows as before.
 */
export function lastGoodClientState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((q) =>
      q.state.data === undefined
        ? q
        : {
            ...q,
            state: { ...q.state, status: 'success' as const, error: null, fetchStatus: 'idle' as const, fetchFailureCount: 0, fetchFailureReason: null },
          },
    ),
  };
}
