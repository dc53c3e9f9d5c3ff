import type { QueryClient } from '@tanstack/react-query';
import { formatContext, slugsOf } from '@shared/rules/context';
import type { ProductScope } from '../../../lib/guards';
import { journeyQueryOptions, journeysQueryOptions } from '../data/journey-queries';
import { chooseJourney } from './journey-model';

/** The route waits this long at most before the page shows; the reads go on and the page picks them up. */
const ROUTE_WAIT_MS = 300;

/** What the Journey route needs before it renders: the journey list and the journey on view (or the default). */
export async function preloadJourney(queryClient: QueryClient, scope: ProductScope, journeyId: number | undefined, waitMs = ROUTE_WAIT_MS): Promise<void> {
  const context = formatContext(slugsOf(scope.context));
  const reads = (async () => {
    const list = await queryClient.ensureQueryData(journeysQueryOptions(context));
    const chosen = chooseJourney(list, journeyId);
    if (chosen && typeof chosen.id === 'number') await queryClient.ensureQueryData(journeyQueryOptions(context, chosen.id));
  })();
  reads.catch(() => undefined);
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}
