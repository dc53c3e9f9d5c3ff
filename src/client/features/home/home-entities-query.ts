import { queryOptions } from '@tanstack/react-query';
import type { HomeAudienceLimit } from '@shared/constants';
import { parseContextHeader } from '@shared/rules/context';
import { homeEntitiesResponseSchema } from '@shared/schemas/home';
import { api } from '../../lib/api-client';
import { entityListStore, readThrough } from '../../lib/offline/read-through';

/** The latest audiences and lookalikes of the full product context. */
export const homeEntitiesQueryOptions = (productPath: string, limit: HomeAudienceLimit) =>
  queryOptions({
    queryKey: ['home-entities', productPath, limit],
    // Written through to the device's audiences, one list per context and limit, for offline visits.
    queryFn: ({ queryKey }) =>
      readThrough(
        queryKey,
        async () => (await api(`/api/home-entities?limit=${limit}`, homeEntitiesResponseSchema, { context: parseContextHeader(productPath) })).data,
        entityListStore('audiences', `${productPath}?limit=${limit}`),
      ),
  });
