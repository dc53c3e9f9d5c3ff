import type { QueryClient } from '@tanstack/react-query';
import type { AudiencesView } from './audiences-path';
import type { AudienceListQuery } from '@shared/schemas/audiences';
import { audienceListQueryOptions, audienceQueryOptions } from './audiences-queries';

/** The route waits this long at most before the page shows; the read goes on and the page picks it up. */
const ROUTE_WAIT_MS = 300;

/** What the Audiences route reads before it renders: the overview's page asked for, or the audience on view. */
export async function preloadAudiences(queryClient: QueryClient, context: string, view: AudiencesView, list: AudienceListQuery): Promise<void> {
  const read = view.view === 'overview'
    ? queryClient.ensureQueryData(audienceListQueryOptions(context, list))
    : queryClient.ensureQueryData(audienceQueryOptions(context, view.id));
  read.catch(() => undefined);
  await Promise.race([read, new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
}
