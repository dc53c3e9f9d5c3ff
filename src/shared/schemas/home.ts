import * as z from 'zod/mini';
import { HOME_AUDIENCE_LIMITS } from '../constants';

export const AUDIENCE_TYPE_LABELS = {
  audience: 'Audience',
  shared_audience: 'Shared Audience',
  lookalike: 'Lookalike',
  outcome_audience: 'Outcome Audience',
  pve: 'Optimized Audience',
} as const;

export const homeEntitySchema = z.object({
  id: z.int(),
  name: z.string(),
  type: z.string(),
  audience_type: z.nullable(z.string()),
  created_at: z.string(),
  count: z.object({ people: z.object({ global: z.nullable(z.number()) }) }),
  source_identifier: z.nullable(z.string()),
});
export type HomeEntity = z.infer<typeof homeEntitySchema>;

export const homeEntitiesQuerySchema = z.object({
  limit: z._default(
    z.coerce.number().check(
      z.refine((n) => (HOME_AUDIENCE_LIMITS as readonly number[]).includes(n), { message: 'limit must be 5 or 10' }),
    ),
    5,
  ),
});

export const homeEntitiesResponseSchema = z.object({ data: z.array(homeEntitySchema) });

/** The row subtitle drawn from the audience type (spec 1 §2.4). */
export function audienceSubtitle(entity: Pick<HomeEntity, 'type' | 'audience_type' | 'source_identifier'>): string {
  if (entity.audience_type === 'pve') return AUDIENCE_TYPE_LABELS.pve;
  const type = entity.type.toLowerCase();
  if (type === 'lookalike') return AUDIENCE_TYPE_LABELS.lookalike;
  if (type === 'outcome_audience' || entity.audience_type === 'outcome') return AUDIENCE_TYPE_LABELS.outcome_audience;
  if (entity.source_identifier) return AUDIENCE_TYPE_LABELS.shared_audience;
  return AUDIENCE_TYPE_LABELS.audience;
}
