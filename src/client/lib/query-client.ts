import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError, type ErrorMeta } from './error-handling';
import { keepLastGood } from './offline/last-good';
import { CACHE_MAX_AGE_MS } from './offline/persist';

// Every query's and mutation's meta is typed: `handlesErrors` is the only key the app uses.
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

function handled(meta: ErrorMeta | undefined): boolean {
  return meta?.handlesErrors === true;
}

/** The one query client of the app (created once, never inside components). */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    // A refetch that could not reach the server, of a query with data, never gets here: keepLastGood
    // keeps the query a success with its last data (offline is not an error).
    onError: (error, query) => {
      if (!handled(query.meta)) handleApiError(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (!handled(mutation.meta)) handleApiError(error);
    },
  }),
  defaultOptions: {
    // offlineFirst: a read is tried even when the browser says it is offline (the service worker
    // or the device answers it). gcTime is the persisted cache's age limit, none (a context made
    // available offline is kept until removed), or restored entries would be dropped before anyone
    // asks for them. keepLastGood wraps every query function: a refetch that cannot reach the
    // server keeps the last good answer (DESIGN "Client data flow").
    queries: { staleTime: 60_000, gcTime: CACHE_MAX_AGE_MS, retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst', persister: keepLastGood },
    mutations: { networkMode: 'offlineFirst' },
  },
});
