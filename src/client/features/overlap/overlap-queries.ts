import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import {
  audienceListResponseSchema, audienceResponseSchema, comparisonListResponseSchema, comparisonResponseSchema, type AudienceDetail, type AudienceSummary, type Comparison,
} from '@shared/schemas/audiences';
import { personaListResponseSchema, type PersonaSummary } from '@shared/schemas/explore';
import { api } from '../../lib/api-client';
import { entityListStore, entityStore, readThrough } from '../../lib/offline/read-through';
import { settleComparisonList, type ComparisonView } from './comparison-edits';
import { overlapKeys } from './overlap-keys';

export { overlapKeys };

/**
 * The Overlap page's reads. `context` is the X-Context string (client/region/brand/product):
 * part of every key. Comparisons carry their last counts (counted on the server, with
 * counted_at) and are written through to the device, so a comparison opens offline with them;
 * the pickers' lists live in the persisted query cache.
 */
const slugs = (context: string) => parseContextHeader(context);
const FIVE_MINUTES = 5 * 60_000;
/** The device table comparisons are kept in, under a scope of their own. */
const TABLE = 'audiences';
const listScope = (context: string) => `${context}#comparisons`;

export const comparisonsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: overlapKeys.comparisons(context),
    queryFn: ({ queryKey, signal }): Promise<ComparisonView[]> =>
      readThrough(
        queryKey,
        async (): Promise<ComparisonView[]> => (await api('/api/comparisons', comparisonListResponseSchema, { context: slugs(context), signal })).data,
        entityListStore<ComparisonView>(TABLE, listScope(context)),
      ),
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

export const comparisonQueryOptions = (context: string, id: number) =>
  queryOptions({
    queryKey: overlapKeys.comparison(context, id),
    queryFn: ({ queryKey, signal }): Promise<ComparisonView> =>
      readThrough(
        queryKey,
        async (): Promise<ComparisonView> => (await api(`/api/comparisons/${id}`, comparisonResponseSchema, { context: slugs(context), signal })).data,
        entityStore<ComparisonView>(TABLE, `${context}#comparison`, String(id)),
      ),
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

/** Counts the comparison again (GET ?recount=1) and puts the new counts in both caches. */
export async function recountComparison(queryClient: QueryClient, context: string, id: number): Promise<Comparison> {
  const fresh = (await api(`/api/comparisons/${id}?recount=1`, comparisonResponseSchema, { context: slugs(context) })).data;
  queryClient.setQueryData(overlapKeys.comparison(context, id), fresh);
  queryClient.setQueryData<ComparisonView[]>(overlapKeys.comparisons(context), (list) => (list ? settleComparisonList(list, String(id), fresh) : list));
  await entityStore<ComparisonView>(TABLE, `${context}#comparison`, String(id)).save(fresh).catch(() => undefined);
  return fresh;
}

/** The context's audiences the picker offers (lookalikes and the others; ready ones can be compared). */
export const pickableAudiencesQueryOptions = (context: string) =>
  queryOptions({
    queryKey: overlapKeys.audiences(context),
    queryFn: async ({ signal }): Promise<AudienceSummary[]> =>
      (await api('/api/audiences?sort=name&dir=asc&page_size=200', audienceListResponseSchema, { context: slugs(context), signal })).data,
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

/** One audience with its rule (what "Save as audience" builds an intersection's rule from). */
export const audienceDetailQueryOptions = (context: string, id: number) =>
  queryOptions({
    queryKey: overlapKeys.audience(context, id),
    queryFn: async ({ signal }): Promise<AudienceDetail> => (await api(`/api/audiences/${id}`, audienceResponseSchema, { context: slugs(context), signal })).data,
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });

export const pickablePersonasQueryOptions = (context: string) =>
  queryOptions({
    queryKey: overlapKeys.personas(context),
    queryFn: async ({ signal }): Promise<PersonaSummary[]> => (await api('/api/personas', personaListResponseSchema, { context: slugs(context), signal })).data,
    staleTime: FIVE_MINUTES,
    meta: { handlesErrors: true },
  });
