import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { widgetListResponseSchema, type CustomWidget } from '@shared/schemas/explore';
import { tabsConfigurationResponseSchema } from '@shared/schemas/grow';
import { api } from '../../lib/api-client';
import { entityListStore, readThrough } from '../../lib/offline/read-through';
import { exploreKeys } from './explore-keys';

export { exploreKeys };
/** The persona and the list: one implementation with the builder's (lib/persona-queries). */
export { personaQueryOptions, personasQueryOptions } from '../../lib/persona-queries';

/**
 * Explore's reads. `context` is the X-Context string (client/region/brand/product): it is part of
 * every key. Personas and their widgets are written through to the device (the personas table),
 * so Explore opens with no network; the insights live in the persisted query cache.
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;

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

/** Explore's tabs configuration (Person Level unless the region is market level only). */
export const exploreTabsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: exploreKeys.tabs(context),
    queryFn: async () => (await api('/api/explore/tabs-configuration', tabsConfigurationResponseSchema, { context: slugs(context) })).data,
    staleTime: 30 * 60_000,
  });
