import type { QueryClient } from '@tanstack/react-query';
import type { ProductScope } from '../../lib/guards';
import { contextOf } from './overlap-page';
import { comparisonQueryOptions, comparisonsQueryOptions } from './overlap-queries';

/** The route waits this long at most before the page shows; the reads go on and the page picks them up. */
const ROUTE_WAIT_MS = 300;

/** What the Overlap route reads before it renders: the saved comparisons and the one on view. */
export async function preloadOverlap(queryClient: QueryClient, scope: ProductScope, comparisonId: number | undefined): Promise<void> {
  const context = contextOf(scope);
  const reads = Promise.all([
    queryClient.ensureQueryData(comparisonsQueryOptions(context)),
    comparisonId !== undefined ? queryClient.ensureQueryData(comparisonQueryOptions(context, comparisonId)) : null,
  ]);
  reads.catch(() => undefined);
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
}
