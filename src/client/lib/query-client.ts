import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError, type ErrorMeta } from './error-handling';

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
    queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false },
  },
});
