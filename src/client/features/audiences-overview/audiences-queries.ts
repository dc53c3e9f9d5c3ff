import { queryOptions } from '@tanstack/react-query';
import { AUDIENCE_LIST } from '@shared/rules/audience-kinds';
import { parseContextHeader } from '@shared/rules/context';
import { audienceListResponseSchema, shareTargetsResponseSchema, type AudienceKind, type AudienceListQuery } from '@shared/schemas/audiences';
import { api } from '../../lib/api-client';
import { audienceDetailKey, audienceQueryOptions, BUILDING_POLL_MS, isBuilding } from '../../lib/audience-build';

// One audience's read is shared with the pages that start a job and follow it (Best Customer).
export { audienceQueryOptions, BUILDING_POLL_MS, isBuilding };

/**
 * The Audiences overview's reads (issue 16). `context` is the X-Context string
 * (client/region/brand/product), part of every key, so the persisted query cache keeps each
 * context's overview and details and they open offline with their last answer (keepLastGood).
 */
export const audienceKeys = {
  all: (context: string) => ['audiences-overview', context] as const,
  lists: (context: string) => ['audiences-overview', context, 'list'] as const,
  list: (context: string, query: AudienceListQuery) => ['audiences-overview', context, 'list', query] as const,
  detail: audienceDetailKey,
  shareTargets: (context: string) => ['audiences-overview', context, 'share-targets'] as const,
};

export function listPath(query: AudienceListQuery): string {
  const params = new URLSearchParams();
  if (query.search.trim()) params.set('search', query.search.trim());
  if (query.kind) params.set('kind', query.kind);
  params.set('sort', query.sort);
  params.set('dir', query.dir);
  params.set('page', String(query.page));
  params.set('page_size', String(query.page_size));
  return `/api/audiences?${params.toString()}`;
}

export const audienceListQueryOptions = (context: string, query: AudienceListQuery) =>
  queryOptions({
    queryKey: audienceKeys.list(context, query),
    queryFn: ({ signal }) => api(listPath(query), audienceListResponseSchema, { context: parseContextHeader(context), signal }),
    // A row being built (a lookalike, a motivation audience) moves on by itself.
    refetchInterval: (q) => (q.state.data?.data.some((a) => isBuilding(a.status)) ? BUILDING_POLL_MS : false),
    staleTime: 10_000,
  });

export const shareTargetsQueryOptions = (context: string) =>
  queryOptions({
    queryKey: audienceKeys.shareTargets(context),
    queryFn: async ({ signal }) => (await api('/api/audiences/share-targets', shareTargetsResponseSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });

/** The overview's type filter: every kind, in the contract's order. */
export const KIND_FILTERS: readonly AudienceKind[] = AUDIENCE_LIST.kinds;
