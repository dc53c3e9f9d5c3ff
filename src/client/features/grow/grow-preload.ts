import type { QueryClient } from '@tanstack/react-query';
import { formatContext, slugsOf } from '@shared/rules/context';
import { hasShortIds } from '@shared/rules/insights';
import type { ProductScope } from '../../lib/guards';
import { chooseChart, countsBodyOf } from './chart-data';
import { mekkoQueryOptions, mekkosQueryOptions, tabsConfigurationQueryOptions } from '../../lib/grow-queries';
import { countsQueryOptions, tvSettingsQueryOptions } from './grow-queries';

const COUNTS_WAIT_MS = 5_000;
/**
 * The route waits this long at most before the page shows (issue 13): a quick answer renders the
 * chart at once, a slow one (a 4 s API) shows the page and its 'Loading' while the reads go on.
 */
export const ROUTE_WAIT_MS = 300;

/** The X-Context string of a product scope. */
export function contextOf(scope: ProductScope): string {
  return formatContext(slugsOf(scope.context));
}

/**
 * What the Grow route needs before it renders: the chart list, the chart on view (or the
 * default) with its counts, the tabs and TV settings. "Make available offline" takes every chart
 * with its counts and insights through its own steps (grow-offline.ts), which say what failed.
 */
export async function preloadGrow(queryClient: QueryClient, scope: ProductScope, mekkoId: number | undefined, waitMs = ROUTE_WAIT_MS): Promise<void> {
  // The reads go on after the wait: the page's queries are the same, so they pick the answers up.
  const reads = readGrow(queryClient, scope, mekkoId);
  reads.catch(() => undefined);
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

async function readGrow(queryClient: QueryClient, scope: ProductScope, mekkoId: number | undefined): Promise<void> {
  const context = contextOf(scope);
  const list = await queryClient.ensureQueryData(mekkosQueryOptions(context));
  const chosen = chooseChart(list, mekkoId);
  const charts: { id: number }[] = chosen && typeof chosen.id === 'number' ? [{ id: chosen.id }] : [];
  await Promise.all([
    queryClient.ensureQueryData(tvSettingsQueryOptions(context)).catch(() => null),
    ...charts.map((c) => queryClient.ensureQueryData(tabsConfigurationQueryOptions(context, c.id)).catch(() => null)),
    ...charts.map(async (c) => {
      const chart = await queryClient.ensureQueryData(mekkoQueryOptions(context, c.id));
      const body = countsBodyOf(chart);
      if (!hasShortIds(body) || (chart.segments_checked && chart.invalid_audience_ids.length > 0)) return;
      // The route never waits long on counts: while the region's data is being prepared they
      // are retried in the background, and the page shows them when they come.
      const counts = queryClient.ensureQueryData(countsQueryOptions(context, body)).catch(() => null);
      await Promise.race([counts, new Promise((resolve) => setTimeout(resolve, COUNTS_WAIT_MS))]);
    }),
  ]);
}
