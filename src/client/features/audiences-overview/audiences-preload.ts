import type { QueryClient } from '@tanstack/react-query';
import type { AudiencesView } from './audiences-path';
import { audienceListQueryOptions, audienceQueryOptions, FIRST_PAGE } from './audiences-queries';

/** The route waits this long at most before the page shows; the read goes on and the page picks it up. */
const ROUTE_WAIT_MS = 300;

/** What the Audiences route reads before it renders: the overview's first page, or the audience on view. */
export async function preloadAudiences(queryClient: QueryClient, context: string, view: AudiencesView): Promise<void> {
  const read = view.view === 'overview'
    ? queryClient.ensureQueryData(audienceListQueryOptions(context, FIRST_PAGE))
    : queryClient.ensureQueryData(audienceQueryOptions(context, view.id));
  read.catch(() => undefined);
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
}
