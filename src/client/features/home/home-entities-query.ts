import { queryOptions } from '@tanstack/react-query';
import type { HomeAudienceLimit } from '@shared/constants';
import { parseContextHeader } from '@shared/rules/context';
import { homeEntitiesResponseSchema } from '@shared/schemas/home';
import { api } from '../../lib/api-client';

/** The latest audiences and lookalikes of the full product context. */
export const homeEntitiesQueryOptions = (productPath: string, limit: HomeAudienceLimit) =>
  queryOptions({
    queryKey: ['home-entities', productPath, limit],
    queryFn: async () =>
      (await api(`/api/home-entities?limit=${limit}`, homeEntitiesResponseSchema, { context: parseContextHeader(productPath) })).data,
  });
