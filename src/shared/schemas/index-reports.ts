import * as z from 'zod/mini';
import { audienceRulesSchema } from './audience-rules';
import { idSchema } from './ids';
import { taskSchema } from './notifications';
import { text } from './text';

/** Limits of an index report request. */
export const INDEX_REPORT_LIMITS = { name: 100, description: 500, categories: 50 } as const;

/**
 * What the report compares the audience with: everyone in the region, or another audience. A
 * plain union (the literal `type` tells them apart all the same): the client parses this schema,
 * and zod's discriminatedUnion alone would add 0.4 KB to the shell's shared zod chunk.
 */
export const compareBaseSchema = z.union([
  z.object({ type: z.literal('population') }),
  z.object({ type: z.literal('audience'), name: text(200, { min: 1, tooShort: 'Name the base audience' }), rules: audienceRulesSchema }),
]);
export type CompareBase = z.infer<typeof compareBaseSchema>;

/**
 * `POST /api/index-reports` (issue 14): the right-drawer form of Grow's insights and Explore.
 * `tab` is the insights tab it was asked from: the Market Level tab is refused (spec 3 §5).
 */
export const indexReportBodySchema = z.object({
  name: text(INDEX_REPORT_LIMITS.name, { min: 1, tooShort: 'Report name is required', tooLong: `Report name can be at most ${INDEX_REPORT_LIMITS.name} characters` }),
  /** The audience or persona the report describes, in words (the chart's selection, the persona's name). */
  audience: z.object({
    name: text(200, { min: 1, tooShort: 'Name the audience' }),
    rules: audienceRulesSchema,
  }),
  /** Demographic category ids of the context's region. */
  categories: z.array(idSchema).check(
    z.minLength(1, 'Choose at least one category'),
    z.maxLength(INDEX_REPORT_LIMITS.categories, `Choose at most ${INDEX_REPORT_LIMITS.categories} categories`),
  ),
  compare_base: z._default(compareBaseSchema, { type: 'population' }),
  tab: z._default(z.enum(['person_level', 'market_level']), 'person_level'),
  /** Where it was asked from, for the cover sheet ("Grow: chart name", "Explore: persona"). */
  origin: z.optional(text(200)),
});
export type IndexReportBody = z.infer<typeof indexReportBodySchema>;

export const indexReportResponseSchema = z.object({ data: z.object({ task: taskSchema, job_id: z.string() }) });
