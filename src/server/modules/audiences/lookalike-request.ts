import * as z from 'zod/mini';
import { audienceRulesSchema } from '@shared/schemas/audience-rules';
import { dataSourceSchema } from '@shared/schemas/auth';
import { reachSchema } from '@shared/schemas/audiences';

export const LOOKALIKE_JOB = 'lookalike';
export const MOTIVATION_JOB = 'motivation-audience';

/** What a lookalike's job is asked: the audience it builds, in which client region, from which seed and reach. */
export const lookalikePayloadSchema = z.object({
  audienceId: z.int(),
  clientRegionId: z.int(),
  seed: audienceRulesSchema,
  reach: reachSchema,
  dataSource: dataSourceSchema,
  /** Where its page is: client/region/brand/product. */
  context: z.string(),
});
export type LookalikePayload = z.infer<typeof lookalikePayloadSchema>;

/** What a motivation audience's job is asked: the request it makes, in which client region. */
export const motivationPayloadSchema = z.object({
  motivationId: z.int(),
  clientRegionId: z.int(),
  context: z.string(),
});
export type MotivationPayload = z.infer<typeof motivationPayloadSchema>;

/** The audience detail page of a lookalike (or any audience), under its product. */
export const audiencePagePath = (context: string, kind: string, id: number) => `/${context}/audiences/overview/${kind}/${id}`;

/** A failure whose message a user can read and act on (the audience shows it). */
export class AudienceJobError extends Error {
  override name = 'AudienceJobError';
}
