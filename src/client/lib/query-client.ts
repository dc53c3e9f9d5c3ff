import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleApiError } from './error-handling';

function handled(meta: Record<string, unknown> | undefined): boolean {
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
