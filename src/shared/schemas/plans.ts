import * as z from 'zod/mini';
import { CURVE_TEXT, MEDIA_TYPES, SCENARIO_PLAN_LIMITS } from '../rules/curves';
import { SCENARIO_LIMITS, SCENARIO_TEXT } from '../rules/scenarios';
import { versionConflictSchema } from './error';
import { versionSchema } from './ids';

/**
 * Scenario Planner Management (spec 2 §3 "Curve", "Curve params", "Imported plan", §7; issue 31):
 * a product's response curves and the generic ones, the curve types, and the import of media
 * plans from the planning system by Project ID.
 */

export const curveParamsSchema = z.object({
  a: z.number(),
  b: z.number(),
  c: z.number(),
  d: z.number(),
  e: z.number(),
  /** TRP curves: 1 CPM, 0 CPP; null for a Spend curve. */
  cpp_or_cpm: z.nullable(z.union([z.literal(0), z.literal(1)])),
  cpp: z.nullable(z.number()),
});

export const curveSchema = z.object({
  id: z.int(),
  media_type: z.string(),
  curve_type_name: z.string(),
  is_generic: z.boolean(),
  params: curveParamsSchema,
  error_messages: z.array(z.string()),
});
export type Curve = z.infer<typeof curveSchema>;
export const curveListResponseSchema = z.object({ data: z.array(curveSchema) });

/** The curve types: an object whose keys are the names (spec 2 §7). */
export const curveTypesResponseSchema = z.object({ data: z.record(z.string(), z.object({ trp: z.boolean(), x: z.string() })) });

/** A field as the table sends it: typed text, or a number; the server checks it with the table's own rules. */
const typed = z.union([z.number(), z.string()]);

export const curveInputSchema = z.object({
  media_type: z.string().check(z.maxLength(60)),
  curve_type_name: z.string().check(z.maxLength(20)),
  /** A generic curve takes its numbers from the generic library: its params are not read. */
  is_generic: z.boolean(),
  params: z._default(z.object({
    a: z.optional(typed),
    b: z.optional(typed),
    c: z.optional(typed),
    d: z.optional(typed),
    e: z.optional(typed),
    cpp_or_cpm: z.optional(z.nullable(typed)),
    cpp: z.optional(z.nullable(typed)),
  }), {}),
});
export type CurveInput = z.infer<typeof curveInputSchema>;

/** Apply (spec 2 §4, §7): the product's curves become these; each refused one is named in error_messages by its index. */
export const createCurvesBodySchema = z.object({ curves: z.array(curveInputSchema).check(z.maxLength(MEDIA_TYPES.length * 2)) });
export const createCurvesResponseSchema = z.object({
  data: z.object({
    curves: z.array(curveSchema),
    /** Per curve sent (its index in the list), why it was not saved. */
    error_messages: z.record(z.string(), z.array(z.string())),
  }),
});
export type CreateCurvesResult = z.infer<typeof createCurvesResponseSchema>['data'];

/** An imported plan (spec 2 §3): import_success null while submitted, then true or false. */
export const importedPlanSchema = z.object({
  id: z.int(),
  scenario_planner_id: z.string(),
  import_success: z.nullable(z.boolean()),
  created_at: z.string(),
  message: z.nullable(z.string()),
  /** Once imported: the plan's name, weeks, media types and total budget. */
  name: z.nullable(z.string()),
  weeks: z.nullable(z.int()),
  media_types: z.array(z.string()),
  total_budget: z.nullable(z.number()),
});
export type ImportedPlan = z.infer<typeof importedPlanSchema>;
export const importedPlanListResponseSchema = z.object({ data: z.array(importedPlanSchema) });
export const importedPlanResponseSchema = z.object({ data: importedPlanSchema });

export const importScenarioBodySchema = z.object({
  sp_plan_id: z.string().check(z.trim(), z.minLength(1, CURVE_TEXT.projectIdRequired), z.maxLength(SCENARIO_PLAN_LIMITS.projectIdMax)),
});

/**
 * A media plan as the planning system exports it (the built-in adapter reads these files):
 * a Project ID, whose product it is, a name, the first week and a budget per media type per week.
 */
export const mediaPlanFileSchema = z.object({
  project_id: z.string().check(z.minLength(1), z.maxLength(SCENARIO_PLAN_LIMITS.projectIdMax)),
  client: z.string(),
  region: z.string(),
  brand: z.string(),
  product: z.string(),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  currency: z._default(z.string().check(z.maxLength(3)), 'USD'),
  /** The Monday of the plan's first week (YYYY-MM-DD). */
  start_week: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'start_week must be a date, YYYY-MM-DD')),
  flights: z.array(z.object({
    media_type: z.string(),
    weekly_budget: z.array(z.number()),
  })).check(z.minLength(1, 'A plan needs at least one flight'), z.maxLength(MEDIA_TYPES.length)),
});
export type MediaPlanFile = z.infer<typeof mediaPlanFileSchema>;

/** One imported plan with its flights (the planner starts a scenario from it). */
export const importedPlanDetailSchema = z.object({ ...importedPlanSchema.shape, plan: z.nullable(mediaPlanFileSchema) });
export type ImportedPlanDetail = z.infer<typeof importedPlanDetailSchema>;
export const importedPlanDetailResponseSchema = z.object({ data: importedPlanDetailSchema });

// ---- saved scenarios ------------------------------------------------------------------------------

/** A media type's weeks in a scenario, with the bounds Optimise keeps it within (null: the plan's ±30 %). */
export const scenarioFlightSchema = z.object({
  media_type: z.string().check(z.maxLength(60)),
  weekly_budget: z.array(z.number()).check(z.maxLength(SCENARIO_LIMITS.weeksMax)),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
});
export type ScenarioFlight = z.infer<typeof scenarioFlightSchema>;

/** What a scenario gives with the product's curves now (computed when read; null figures where a curve is missing). */
export const scenarioSummarySchema = z.object({
  budget: z.number(),
  response: z.nullable(z.number()),
  incremental: z.nullable(z.number()),
  cost_per_response: z.nullable(z.number()),
  /** Media types of the scenario the product has no curve for. */
  missing_curves: z.array(z.string()),
});

export const scenarioSchema = z.object({
  id: z.int(),
  name: z.string(),
  /** The total budget a scenario is planned or optimised at. */
  budget: z.number(),
  start_week: z.nullable(z.string()),
  flights: z.array(scenarioFlightSchema),
  /** The imported plan it started from, if any. */
  source_import_id: z.nullable(z.int()),
  summary: scenarioSummarySchema,
  version: z.int(),
  created_by: z.nullable(z.object({ id: z.int(), name: z.string() })),
  updated_at: z.string(),
});
export type Scenario = z.infer<typeof scenarioSchema>;
export const scenarioListResponseSchema = z.object({ data: z.array(scenarioSchema) });
export const scenarioResponseSchema = z.object({ data: scenarioSchema });
export const scenarioConflictSchema = versionConflictSchema(scenarioSchema);

const scenarioFields = {
  name: z.string().check(z.trim(), z.minLength(1, SCENARIO_TEXT.nameRequired), z.maxLength(120, SCENARIO_TEXT.nameTooLong)),
  budget: z.number().check(z.gte(0, SCENARIO_TEXT.budgetNegative), z.lte(SCENARIO_LIMITS.budgetMax, SCENARIO_TEXT.budgetAbsurd)),
  start_week: z._default(z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'start_week must be a date, YYYY-MM-DD'))), null),
  flights: z.array(scenarioFlightSchema).check(z.minLength(1, SCENARIO_TEXT.noFlights), z.maxLength(MEDIA_TYPES.length)),
  source_import_id: z._default(z.nullable(z.int()), null),
};
export const createScenarioBodySchema = z.object(scenarioFields);
export type ScenarioBody = z.infer<typeof createScenarioBodySchema>;
/** A save replaces the scenario whole, based on the version the planner opened (409 with the current one otherwise). */
export const updateScenarioBodySchema = z.object({ ...scenarioFields, version: versionSchema });
