import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { personaListResponseSchema, widgetListResponseSchema, type CustomWidget, type PersonaSummary } from '@shared/schemas/explore';
import { tabsConfigurationResponseSchema } from '@shared/schemas/grow';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { entityListStore, readThrough } from '../../lib/offline/read-through';
import { exploreKeys } from './explore-keys';

export { exploreKeys };
/** The persona itself: one implementation with the builder's (lib/persona-queries). */
export { personaQueryOptions } from '../../lib/persona-queries';

/**
 * Explore's reads. `context` is the X-Context string (client/region/brand/product): it is part of
 * every key. Personas and their widgets are written through to the device (the personas table),
 * so Explore opens with no network; the insights live in the persisted query cache.
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;

export const personasQueryOptions = (context: string) =>
  queryOptions({
    queryKey: exploreKeys.personas(context),
    queryFn: ({ queryKey }): Promise<PersonaSummary[]> =>
      readThrough(
        queryKey,
        async () => (await api('/api/personas', personaListResponseSchema, { context: slugs(context) })).data,
        entityListStore<PersonaSummary>('personas', `${context}#list`),
      ),
    staleTime: FIVE_MINUTES,
  });

export const customWidgetsQueryOptions = (context: string, personaId: number | string) =>
  queryOptions({
    queryKey: exploreKeys.widgets(context, personaId),
    queryFn: ({ queryKey }): Promise<CustomWidget[]> =>
      readThrough(
        queryKey,
        async () => (await api(`/api/widgets?persona_id=${personaId}`, widgetListResponseSchema, { context: slugs(context) })).data,
        entityListStore<CustomWidget>('personas', `${context}#widgets:${personaId}`),
      ),
    staleTime: FIVE_MINUTES,
  });

const tabsQuery = (insightsContext: 'explore' | 'grow') =>
  new URLSearchParams({ resource_type: insightsContext === 'explore' ? 'Persona' : 'Mekko', insights_context: insightsContext, tab_key: 'top_level_person' }).toString();

/** Explore's tabs configuration; a server that knows no Explore configuration answers with Grow's. */
export const exploreTabsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: exploreKeys.tabs(context),
    queryFn: async () => {
      try {
        return (await api(`/api/tabs-configuration?${tabsQuery('explore')}`, tabsConfigurationResponseSchema, { context: slugs(context) })).data;
      } catch (error) {
        if (!isApiError(error) || (error.status !== 400 && error.status !== 404)) throw error;
        return (await api(`/api/tabs-configuration?${tabsQuery('grow')}`, tabsConfigurationResponseSchema, { context: slugs(context) })).data;
      }
    },
    staleTime: 30 * 60_000,
  });
