import { parseContextHeader } from '@shared/rules/context';
import { queryOptions } from '@tanstack/react-query';
import { audienceResponseSchema, optimizedSeedResponseSchema, type AudienceDetail } from '@shared/schemas/audiences';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { api } from '../../lib/api-client';
import { refreshAudiences } from '../../lib/audience-build';
import type { AudienceDraft } from './save-audience-commands';

/**
 * The builder's two saves of issue 16, sent directly (the server's answer is needed: a version
 * conflict, a job started): Edit of a saved audience (the Audiences overview opens the builder
 * with `audienceId` and its version) saves with PUT /api/audiences/{id}; "Build an Optimized
 * Audience" (home's card, `set_hierarchy=pve_product_category`) builds a pve lookalike seeded by
 * the rule (the product category's buyers) at the default reach.
 */
export const OPTIMIZED_HIERARCHY = 'pve_product_category';

// Best Customer starts optimized audiences too (issue 32): the one way to start one is in lib.
export { createOptimizedAudience } from '../../lib/audience-build';

export async function updateSavedAudience(context: string, id: number, version: number, draft: AudienceDraft, rules: AudienceRules): Promise<AudienceDetail> {
  const description = draft.description.trim();
  const body = { name: draft.name.trim(), rules, version, ...(description ? { description } : {}) };
  const answer = await api(`/api/audiences/${id}`, audienceResponseSchema, { method: 'PUT', body, context: parseContextHeader(context) });
  void refreshAudiences(context);
  return answer.data;
}

/** The optimized audience's seed the builder starts from: the product category's buyers (rules null when the region has none). */
export const optimizedSeedQueryOptions = (context: string) =>
  queryOptions({
    queryKey: ['audiences-overview', context, 'optimized-seed'] as const,
    queryFn: async ({ signal }) => (await api('/api/lookalikes/optimized-seed', optimizedSeedResponseSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: 5 * 60_000,
    // The builder says it could not be read and starts empty.
    meta: { handlesErrors: true },
  });
