import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { countsResponseSchema, type Counts, type CountsBody } from '@shared/schemas/insights';
import { tvCountSettingsResponseSchema, verticalsResponseSchema } from '@shared/schemas/grow';
import { api } from '../../lib/api-client';
import { DATA_NOT_READY_RETRY_MS, isDataNotReady } from '../../lib/insights-queries';

/**
 * Grow's own reads: the counts, the TV settings and the verticals. The chart reads Measure shares
 * (the list, a chart, its tabs configuration) are in lib/grow-queries.ts. `context` is the
 * X-Context string the chart lives in; the counts live in the persisted query cache.
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;

export const countsQueryOptions = (context: string, body: CountsBody) =>
  queryOptions({
    queryKey: ['grow', context, 'counts', body] as const,
    queryFn: async (): Promise<Counts> => (await api('/api/insights/counts', countsResponseSchema, { method: 'POST', body, context: slugs(context) })).data,
    staleTime: FIVE_MINUTES,
    // While the region's data is being prepared (503 DATA_NOT_READY) ask again, as the insights do,
    // for as long as it takes.
    refetchInterval: (query) => (isDataNotReady(query.state.error) ? DATA_NOT_READY_RETRY_MS : false),
    // The chart shows what went wrong beside it; the page stays usable.
    meta: { handlesErrors: true },
  });

export const tvSettingsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: ['grow', context, 'tv-settings'] as const,
    queryFn: async () => (await api('/api/tv-count-settings', tvCountSettingsResponseSchema, { context: slugs(context) })).data,
    staleTime: 30 * 60_000,
  });

export const verticalsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: ['grow', context, 'verticals'] as const,
    queryFn: async () => (await api('/api/grow/verticals', verticalsResponseSchema, { context: slugs(context) })).data,
    staleTime: Infinity,
  });
