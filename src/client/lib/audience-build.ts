import { queryOptions } from '@tanstack/react-query';
import { LOOKALIKE } from '@shared/rules/audience-kinds';
import { parseContextHeader } from '@shared/rules/context';
import { formatCount } from '@shared/rules/grow';
import { audienceResponseSchema, lookalikeResponseSchema, type AudienceDetail, type AudienceStatus, type LookalikeQuality } from '@shared/schemas/audiences';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { api } from './api-client';
import { queryClient } from './query-client';
import { tasksQueryRoot } from './task-poller';

/**
 * An audience a job builds (a lookalike, an optimized audience), for every area that starts one
 * and follows it: the audience builder's "Build an Optimized Audience", the Audiences pages, and
 * Best Customer's optimized audience of its best customers (issue 32). One read of an audience
 * (the Audiences overview's key, so the same cache), one way to start an optimized audience.
 */

/** While a job builds an audience, its page and the overview ask again this often. */
export const BUILDING_POLL_MS = 2_000;

export const isBuilding = (status: AudienceStatus) => status === 'pending' || status === 'processing';

/** The Audiences overview's key of one audience (audiences-overview's audienceKeys.detail). */
export const audienceDetailKey = (context: string, id: number) => ['audiences-overview', context, 'detail', id] as const;

export const audienceQueryOptions = (context: string, id: number) =>
  queryOptions({
    queryKey: audienceDetailKey(context, id),
    queryFn: async ({ signal }): Promise<AudienceDetail> =>
      (await api(`/api/audiences/${id}`, audienceResponseSchema, { context: parseContextHeader(context), signal })).data,
    refetchInterval: (q) => (q.state.data && isBuilding(q.state.data.status) ? BUILDING_POLL_MS : false),
    staleTime: 10_000,
    // The page says the audience is not there (deleted, another client's); no banner.
    meta: { handlesErrors: true },
  });

/** The Audiences overview and the home page's lists show a new or changed audience. */
export const refreshAudiences = (context: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['audiences-overview', context] }),
    queryClient.invalidateQueries({ queryKey: ['home-entities', context] }),
  ]);

/** Starts the job that builds an optimized audience (a pve lookalike) seeded by a rule, at the default reach. */
export async function createOptimizedAudience(context: string, name: string, rules: AudienceRules): Promise<AudienceDetail> {
  const body = { name: name.trim().slice(0, 100), seed_rules: rules, reach: { kind: 'multiplier' as const, value: LOOKALIKE.defaultMultiplier }, audience_type: 'pve' as const };
  const answer = await api('/api/lookalikes', lookalikeResponseSchema, { method: 'POST', body, context: parseContextHeader(context) });
  queryClient.setQueryData(audienceDetailKey(context, answer.data.id), answer.data);
  void refreshAudiences(context);
  void queryClient.invalidateQueries({ queryKey: tasksQueryRoot });
  return answer.data;
}

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The lookalike model's quality figure, in words (issue 16: held out 20 % of the seed). */
export function qualityText(q: LookalikeQuality): string {
  return `Model lift ${q.lift.toFixed(1)}×: the lookalike recovers ${pct(q.recall)} of the held-out seed people (${formatCount(q.recovered)} of ${formatCount(q.holdout)}), against ${pct(q.random_recall)} for a random audience of the same size.`;
}
