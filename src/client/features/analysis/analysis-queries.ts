import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { ANALYSIS, filterParam } from '@shared/rules/analysis';
import { parseContextHeader } from '@shared/rules/context';
import {
  analysisSegmentsSchema, bestCustomerResponseSchema, buyerRetentionResponseSchema, customerAttritionResponseSchema, customerValueResponseSchema,
  siteVisitationResponseSchema, type AnalysisPage,
} from '@shared/schemas/analysis';
import { api } from '../../lib/api-client';
import { DATA_NOT_READY_RETRY_MS, isDataNotReady } from '../../lib/insights-queries';

/**
 * The five analysis pages' reads (issue 32): GET /api/analysis/{page} with the segment filters and
 * the page's settings, and GET /api/analysis/{page}/segments. The X-Context string is every key's
 * second element, so the persisted cache keeps each context's figures (and "Make available
 * offline" holds and removes them with it); the filters and settings are in the key, so every
 * question asked once shows again offline.
 */
const FIVE_MINUTES = 5 * 60_000;

export type AnalysisFilters = readonly (readonly number[])[];
export interface BestCustomerSettings { best: 'tier' | 'percent'; percent?: number }
export interface AttritionSettings { window?: number }
type Settings = Record<string, string | number | undefined>;

export const analysisKeys = {
  all: (context: string) => ['analysis', context] as const,
  page: (context: string, page: AnalysisPage, filters: AnalysisFilters, settings: Settings = {}) => ['analysis', context, page, filterParam(filters), settings] as const,
  segments: (context: string, page: AnalysisPage) => ['analysis', context, page, 'segments'] as const,
};

/** The page's query string: `filters` only when there are some, settings only when given. */
export function analysisSearch(filters: AnalysisFilters, settings: Settings = {}): string {
  const params = new URLSearchParams();
  const f = filterParam(filters);
  if (f !== '') params.set('filters', f);
  for (const [key, value] of Object.entries(settings)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const askAgainWhileNotReady = (query: { state: { error: unknown } }) => (isDataNotReady(query.state.error) ? DATA_NOT_READY_RETRY_MS : false);

/** One page's figures: its schema's `data`, the filters and settings in the key and the query string. */
function pageQueryOptions<T>(context: string, page: AnalysisPage, schema: z.ZodMiniType<{ data: T }>, filters: AnalysisFilters, settings: Settings = {}) {
  return queryOptions({
    queryKey: analysisKeys.page(context, page, filters, settings),
    queryFn: async ({ signal }): Promise<T> =>
      (await api(`/api/analysis/${page}${analysisSearch(filters, settings)}`, schema, { context: parseContextHeader(context), signal })).data,
    staleTime: FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    // A new filter or setting keeps the figures shown until its own arrive (the frame says it is
    // loading); another context never shows this one's (spec 3 §2.6: it refetches).
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[1] === context && previousQuery.queryKey[2] === page ? previous : undefined),
    // The frame says what went wrong in place, and raises the banner of spec 1 §8 itself.
    meta: { handlesErrors: true },
  });
}

export const customerValueQueryOptions = (context: string, filters: AnalysisFilters) => pageQueryOptions(context, 'customer-value', customerValueResponseSchema, filters);
export const siteVisitationQueryOptions = (context: string, filters: AnalysisFilters) => pageQueryOptions(context, 'site-visitation', siteVisitationResponseSchema, filters);
export const buyerRetentionQueryOptions = (context: string, filters: AnalysisFilters) => pageQueryOptions(context, 'buyer-retention', buyerRetentionResponseSchema, filters);

export const bestCustomerQueryOptions = (context: string, filters: AnalysisFilters, settings: BestCustomerSettings) =>
  pageQueryOptions(context, 'best-customer', bestCustomerResponseSchema, filters, settings.best === 'percent' ? { best: 'percent', percent: settings.percent } : { best: 'tier' });

export const customerAttritionQueryOptions = (context: string, filters: AnalysisFilters, settings: AttritionSettings = {}) =>
  // The default window is spelt out, so the page as it opens and "Make available offline" ask under one key.
  pageQueryOptions(context, 'customer-attrition', customerAttritionResponseSchema, filters, { window: settings.window ?? ANALYSIS.attritionWindow.default });

/** The brand's segments a page stands on (names for the rules it saves). */
export const analysisSegmentsQueryOptions = (context: string, page: AnalysisPage) =>
  queryOptions({
    queryKey: analysisKeys.segments(context, page),
    queryFn: async ({ signal }) => (await api(`/api/analysis/${page}/segments`, analysisSegmentsSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    meta: { handlesErrors: true },
  });
