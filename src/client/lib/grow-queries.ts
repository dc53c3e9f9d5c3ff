import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import {
  mekkoListResponseSchema,
  mekkoResponseSchema,
  tabsConfigurationResponseSchema,
  type Mekko,
  type MekkoSummary,
} from '@shared/schemas/grow';
import { api } from './api-client';
import { entityListStore, entityStore, readThrough } from './offline/read-through';
import { growKeys } from './grow-keys';

export { growKeys };

/**
 * Grow's chart reads, shared with Measure (which shows the same charts from the same cache):
 * the chart list, a chart and its tabs configuration. `context` is the X-Context string
 * (client/region/brand/product) the chart lives in: it is part of every key, so two contexts
 * never share a cached chart. Charts and their list are written through to the device (the
 * charts table), so they open with no network. Grow's own reads are in features/grow/grow-queries.ts.
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
