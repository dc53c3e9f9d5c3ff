import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import type { AudienceRulesInput } from '@shared/schemas/audience-rules';
import { ERROR_CODES } from '@shared/schemas/error';
import { categoriesResponseSchema, countResponseSchema, ruleCountsResponseSchema, widgetResponseSchema, type RuleCounts } from '@shared/schemas/insights';
import { api } from './api-client';
import { isApiError } from './api-error';

/**
 * The count engine's reads for insights (issue 3 API, used by Grow's insights panel and the
 * audience builder; a feature never imports another, so they live here). `context` is the
 * X-Context string (client/region/brand/product): it and the rule are part of every key, so
 * the persisted query cache keeps each chart's insights per context and they show offline.
 */
const FIVE_MINUTES = 5 * 60_000;
/** While the region's data is being prepared (503 DATA_NOT_READY) the question is asked again this often. */
export const DATA_NOT_READY_RETRY_MS = 5_000;

type CategoryRef = number | string;
type InsightCategory = { id: number; name: string; values: { id: number; name: string }[] };

const uniqueSorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * One spelling per rule: ids of a group sorted and once, groups sorted, excludes sorted. The
 * same selection made in another order asks (and caches) the same question.
 */
export function normalizeRules(rules: AudienceRulesInput): AudienceRulesInput {
  const values = normalizeGroups(rules.values ?? []);
  // Without values the rule is spelt as before they existed: questions kept on a device still match.
  return { include: { and: normalizeGroups(rules.include.and) }, exclude: uniqueSorted(rules.exclude ?? []), ...(values.length ? { values } : {}) };
}

/** OR-groups with their ids sorted and once, sorted, each group once. */
function normalizeGroups(groups: readonly (readonly number[])[]): number[][] {
  const seen = new Set<string>();
  return groups
    .map(uniqueSorted)
    .sort((a, b) => a.join(',').localeCompare(b.join(','), 'en', { numeric: true }))
    .filter((g) => {
      const key = g.join(',');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** A widget's key without a rule: everyone's. */
const EVERYONE = 'everyone';

const insightKeys = {
  categories: (context: string) => ['insights', context, 'categories'] as const,
  widget: (context: string, rules: AudienceRulesInput | null, category: CategoryRef) =>
    ['insights', context, 'widget', rules ? normalizeRules(rules) : EVERYONE, String(category)] as const,
  audienceCount: (context: string, rules: AudienceRulesInput) => ['insights', context, 'audience-count', normalizeRules(rules)] as const,
  // Not normalised: the answer's per-group counts follow the rule's own order.
  ruleCounts: (context: string, rules: AudienceRulesInput) => ['insights', context, 'rule-counts', rules] as const,
};

/** Whether an error is the server saying the region's data is still being prepared. */
export function isDataNotReady(error: unknown): boolean {
  return isApiError(error) && error.status === 503 && error.code === ERROR_CODES.dataNotReady;
}

const askAgainWhileNotReady = (query: { state: { error: unknown } }) => (isDataNotReady(query.state.error) ? DATA_NOT_READY_RETRY_MS : false);

/** The region's demographic categories and their values. */
export const categoriesQueryOptions = (context: string) =>
  queryOptions({
    queryKey: insightKeys.categories(context),
    queryFn: async ({ signal }): Promise<InsightCategory[]> =>
      (await api('/api/insights/categories', categoriesResponseSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: 6 * FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    // The panel says what went wrong in place.
    meta: { handlesErrors: true },
  });

/**
 * One index widget of a rule: per value of the category, share, base share, index and flags.
 * `rules` null is everyone (Explore's all-data persona without filters): shares are the base's, index 100.
 */
export const widgetQueryOptions = (context: string, rules: AudienceRulesInput | null, category: CategoryRef) =>
  queryOptions({
    queryKey: insightKeys.widget(context, rules, category),
    queryFn: async ({ signal }) =>
      (await api('/api/insights/widgets', widgetResponseSchema, {
        method: 'POST',
        body: rules ? { rules: normalizeRules(rules), category } : { category },
        context: parseContextHeader(context),
        signal,
      })).data,
    staleTime: FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    meta: { handlesErrors: true },
  });

/** People in a rule (OR within a group, AND across groups, minus the excludes). */
export const audienceCountQueryOptions = (context: string, rules: AudienceRulesInput) =>
  queryOptions({
    queryKey: insightKeys.audienceCount(context, rules),
    queryFn: async ({ signal }): Promise<number> =>
      (await api('/api/audiences/count', countResponseSchema, { method: 'POST', body: { rules: normalizeRules(rules) }, context: parseContextHeader(context), signal })).data.count,
    staleTime: FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    meta: { handlesErrors: true },
  });

/** The builder's live counts: the whole rule and each of its groups (POST /api/insights/rule-counts). */
export const ruleCountsQueryOptions = (context: string, rules: AudienceRulesInput) =>
  queryOptions({
    queryKey: insightKeys.ruleCounts(context, rules),
    queryFn: async ({ signal }): Promise<RuleCounts> =>
      (await api('/api/insights/rule-counts', ruleCountsResponseSchema, { method: 'POST', body: { rules }, context: parseContextHeader(context), signal })).data,
    staleTime: FIVE_MINUTES,
    refetchInterval: askAgainWhileNotReady,
    meta: { handlesErrors: true },
  });

export const DATA_NOT_READY_TEXT = 'Counts become available when the data is ready.';
const UNREACHABLE_TEXT = 'The server could not be reached. These counts show once the network is back.';

/** What to tell the user about a failed insights read: the server's message, or why there is none. */
export function insightErrorMessage(error: unknown): string {
  if (isDataNotReady(error)) return DATA_NOT_READY_TEXT;
  if (isApiError(error)) return error.message;
  if (error instanceof TypeError) return UNREACHABLE_TEXT;
  return 'Something went wrong. Please try again.';
}
