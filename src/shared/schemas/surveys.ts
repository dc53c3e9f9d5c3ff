import * as z from 'zod/mini';
import { uploadIssueSchema } from './uploads';

/**
 * Surveys (spec 2 §3, §7; issue 30): the upload of each mode (multipart field `template`) and
 * its answer, in the spec's shapes (region mode: surveys; audience mode: mekkos with markets;
 * journey mode: journeys with brands), and the read of the surveys of a region, an audience or a
 * journey's stage of a brand that the insights show.
 */

export const surveyAnswerSchema = z.object({ answer: z.string(), percent: z.nullable(z.number()), count: z.nullable(z.int()) });
export const surveyQuestionSchema = z.object({ question: z.string(), answers: z.array(surveyAnswerSchema) });

export const surveySchema = z.object({
  id: z.int(),
  name: z.string(),
  level: z.enum(['region', 'audience', 'stage']),
  sub_market_id: z.nullable(z.int()),
  journey_brand_id: z.nullable(z.int()),
  journey_stage_id: z.nullable(z.int()),
  questions: z.array(surveyQuestionSchema),
  updated_at: z.string(),
});
export type Survey = z.infer<typeof surveySchema>;
export const surveyListResponseSchema = z.object({ data: z.array(surveySchema) });

/** Which surveys to read: the region's, an audience's, or a journey stage's of one brand. */
export const surveyQuerySchema = z.object({
  level: z.enum(['region', 'audience', 'stage']),
  sub_market_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
  journey_brand_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
  journey_stage_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

const names = z.array(z.string());
export const surveyUploadResultSchema = z.object({
  data: z.object({
    /** Region mode: the surveys replaced, with how many questions each now has. */
    surveys: z.optional(z.array(z.object({ name: z.string(), questions: z.int() }))),
    /** Audience mode: per chart its markets, per market its audiences and their surveys replaced. */
    mekkos: z.optional(z.array(z.object({
      mekko_name: z.string(),
      markets: z.array(z.object({ name: z.string(), sub_markets: z.array(z.object({ name: z.string(), surveys: names })) })),
    }))),
    /** Journey mode: per journey its brands, per brand its stages and their surveys replaced. */
    journeys: z.optional(z.array(z.object({
      journey_name: z.string(),
      brands: z.array(z.object({ name: z.string(), stages: z.array(z.object({ stage_name: z.string(), surveys: names })) })),
    }))),
    rows: z.int(),
    applied: z.int(),
    more_errors: z.int(),
  }),
  errors: z.array(uploadIssueSchema),
});
export type SurveyUploadResult = z.infer<typeof surveyUploadResultSchema>;
