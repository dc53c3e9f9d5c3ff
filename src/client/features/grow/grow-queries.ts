import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { countsResponseSchema, type Counts, type CountsBody } from '@shared/schemas/insights';
import {
  mekkoListResponseSchema,
  mekkoResponseSchema,
  tabsConfigurationResponseSchema,
  tvCountSettingsResponseSchema,
  verticalsResponseSchema,
  type Mekko,
  type MekkoSummary,
} from '@shared/schemas/grow';
import { api } from '../../lib/api-client';
import { DATA_NOT_READY_RETRY_MS, isDataNotReady } from '../../lib/insights-queries';
import { entityListStore, entityStore, readThrough } from '../../lib/offline/read-through';
import { growKeys } from './grow-keys';

export { growKeys };

/**
 * Grow's reads. `context` is the X-Context string (client/region/brand/product) the chart lives
 * in: it is part of every key, so two contexts never share a cached chart. Charts and their
 * list are written through to the device (the charts table), so they open with no network; the
 * counts live in the persisted query cache.
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;


export const mekkosQueryOptions = (context: string) =>
  queryOptions({
    queryKey: growKeys.list(context),
    queryFn: ({ queryKey }): Promise<MekkoSummary[]> =>
      readThrough(
        queryKey,
        async () => (await api('/api/mekkos', mekkoListResponseSchema, { context: slugs(context) })).data,
        entityListStore<MekkoSummary>('charts', `${context}#list`),
      ),
    staleTime: FIVE_MINUTES,
  });

export const mekkoQueryOptions = (context: string, id: number | string) =>
  queryOptions({
    queryKey: growKeys.chart(context, id),
    queryFn: ({ queryKey }): Promise<Mekko> =>
      readThrough(
        queryKey,
        async () => (await api(`/api/mekkos/${id}`, mekkoResponseSchema, { context: slugs(context) })).data,
        entityStore<Mekko>('charts', context, String(id)),
      ),
    staleTime: FIVE_MINUTES,
  });

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

export const tabsConfigurationQueryOptions = (context: string, mekkoId: number | null) =>
  queryOptions({
    queryKey: ['grow', context, 'tabs', mekkoId] as const,
    queryFn: async () => {
      const query = new URLSearchParams({ resource_type: 'Mekko', insights_context: 'grow', tab_key: 'top_level_person' });
      if (mekkoId !== null) query.set('resource_id', String(mekkoId));
      return (await api(`/api/tabs-configuration?${query.toString()}`, tabsConfigurationResponseSchema, { context: slugs(context) })).data;
    },
    staleTime: 30 * 60_000,
  });

export const verticalsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: ['grow', context, 'verticals'] as const,
    queryFn: async () => (await api('/api/grow/verticals', verticalsResponseSchema, { context: slugs(context) })).data,
    staleTime: Infinity,
  });
