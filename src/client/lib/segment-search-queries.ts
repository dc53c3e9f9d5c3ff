import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { segmentsPageSchema } from '@shared/schemas/insights';
import { api } from './api-client';

const FIVE_MINUTES = 5 * 60_000;

/** A search of the region's segments (first 50 matches) for the segment picker of Grow's audiences and Journey's cells. */
export const segmentSearchQueryOptions = (context: string, region: string, q: string) =>
  queryOptions({
    queryKey: ['segment-search', context, region, q] as const,
    queryFn: async () => {
      const query = new URLSearchParams({ region, per_page: '50' });
      if (q) query.set('q', q);
      return (await api(`/api/segments?${query.toString()}`, segmentsPageSchema, { context: parseContextHeader(context) })).data;
    },
    staleTime: FIVE_MINUTES,
  });
