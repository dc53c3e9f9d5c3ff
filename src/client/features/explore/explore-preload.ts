import type { QueryClient } from '@tanstack/react-query';
import type { ProductScope } from '../../lib/guards';
import { choosePersona, isInvalid } from './explore-model';
import { customWidgetsQueryOptions, exploreTabsQueryOptions, personaQueryOptions, personasQueryOptions } from './explore-queries';
import { contextOf } from './explore-page';

/** The route waits this long at most before the page shows; the reads go on and the page picks them up. */
const ROUTE_WAIT_MS = 300;

/** What the Explore route reads before it renders: the persona list, the persona on view, its widgets and the tabs. */
export async function preloadExplore(queryClient: QueryClient, scope: ProductScope, personaId: number | undefined): Promise<void> {
  const reads = readExplore(queryClient, contextOf(scope), personaId);
  reads.catch(() => undefined);
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
}

async function readExplore(queryClient: QueryClient, context: string, personaId: number | undefined): Promise<void> {
  const list = await queryClient.ensureQueryData(personasQueryOptions(context));
  const chosen = choosePersona(list, personaId);
  await Promise.all([
    queryClient.ensureQueryData(exploreTabsQueryOptions(context)).catch(() => null),
    ...(chosen && !isInvalid(chosen)
      ? [queryClient.ensureQueryData(personaQueryOptions(context, chosen.id)), queryClient.ensureQueryData(customWidgetsQueryOptions(context, chosen.id)).catch(() => null)]
      : []),
  ]);
}
