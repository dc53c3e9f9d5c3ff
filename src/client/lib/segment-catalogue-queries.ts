import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { INSIGHT_LIMITS } from '@shared/rules/insights';
import { segmentsPageSchema, type Segment } from '@shared/schemas/insights';
import { api } from './api-client';

/** Pages fetched at most: a catalogue beyond this many segments is cut (and says so). */
export const CATALOGUE_MAX_PAGES = 50;
const HOUR = 60 * 60_000;

export interface Catalogue {
  segments: Segment[];
  /** The catalogue's size on the server; more than `segments` when it was cut. */
  total: number;
}

/**
 * The region's whole segment catalogue (GET /api/segments, every page of INSIGHT_LIMITS.perPage),
 * deleted segments included so a rule naming one can still show its name. Keyed by the context:
 * the persisted query cache keeps it per context, and the builder's picker works offline.
 */
export const segmentCatalogueQueryOptions = (context: string, region: string) =>
  queryOptions({
    queryKey: ['segment-catalogue', context, region] as const,
    queryFn: async ({ signal }): Promise<Catalogue> => {
      const segments: Segment[] = [];
      let total = 0;
      for (let page = 1; page <= CATALOGUE_MAX_PAGES; page++) {
        const query = new URLSearchParams({ region, page: String(page), per_page: String(INSIGHT_LIMITS.perPage), include_deleted: 'true' });
        const answer = await api(`/api/segments?${query.toString()}`, segmentsPageSchema, { context: parseContextHeader(context), signal });
        segments.push(...answer.data);
        total = answer.meta.total;
        if (answer.data.length < INSIGHT_LIMITS.perPage || segments.length >= total) break;
      }
      return { segments, total };
    },
    staleTime: HOUR,
    meta: { handlesErrors: true },
  });
