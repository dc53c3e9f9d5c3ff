import * as z from 'zod/mini';
import { JOURNEY, JOURNEY_ICONS } from '../rules/journey';
import { versionConflictSchema } from './error';
import { figuresField } from './figures';
import { growSegmentSchema } from './grow';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { text } from './text';

/**
 * The Journey API (issue 17; spec 3 §3, §4, §7): a journey is brands (rows) by stages (columns)
 * with one cell (sub-market) per pair, saved and versioned as one entity. A save sends the whole
 * journey; brands and stages it makes carry temporary keys that the answer maps to the new ids, as
 * Grow's (decision 013).
 */

export const journeyTabSchema = z.enum(['total', 'matched', 'modeled']);
export type JourneyTab = z.infer<typeof journeyTabSchema>;
export const journeyIconSchema = z.enum(JOURNEY_ICONS);

export const journeyBrandSchema = z.object({ id: z.int(), name: z.string(), order: z.int() });
export type JourneyBrand = z.infer<typeof journeyBrandSchema>;

export const journeyStageSchema = z.object({ id: z.int(), name: z.string(), priority: z.int(), icon: journeyIconSchema });
export type JourneyStage = z.infer<typeof journeyStageSchema>;

export const journeyCellSchema = z.object({
  id: z.int(),
  journey_brand_id: z.int(),
  journey_stage_id: z.int(),
  population: z.number(),
  /** Segment short ids of the client region (an audience is a segment too, decision 012). */
  matched_id: z.nullable(z.int()),
  modeled_id: z.nullable(z.int()),
  discussion_cluster_node_id: z.nullable(z.int()),
  /** Market-level demographic figures, written by the Journeys uploader (issue 29). */
  demographics: figuresField,
});
export type JourneyCell = z.infer<typeof journeyCellSchema>;

/** A segment a cell names, as the journey needs it offline: Grow's segment view, without the data permission. */
export const journeySegmentSchema = z.omit(growSegmentSchema, { create_audience_single: true });
export type JourneySegment = z.infer<typeof journeySegmentSchema>;

const journeyFields = {
  id: z.int(),
  name: z.string(),
  default: z.boolean(),
  has_transition_data: z.boolean(),
  version: z.int(),
  updated_at: z.string(),
};

export const journeySummarySchema = z.object({
  ...journeyFields,
  brand_count: z.int(),
  stage_count: z.int(),
  /** Cells whose matched or modeled segment is deleted or missing (0 while the region's data is not ready). */
  invalid_cell_count: z.int(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

export const journeySchema = z.object({
  ...journeyFields,
  brands: z.array(journeyBrandSchema),
  stages: z.array(journeyStageSchema),
  sub_markets: z.array(journeyCellSchema),
  /** Every segment a cell names that the region has (deleted ones included, marked). */
  segments: z.array(journeySegmentSchema),
  /** Cells whose matched or modeled segment is deleted or missing: the invalid journey case (spec 3 §4). */
  invalid_cell_ids: z.array(z.int()),
  /** False while the region's data is being prepared: segments cannot be checked yet, so none is called invalid. */
  segments_checked: z.boolean(),
});
export type Journey = z.infer<typeof journeySchema>;

export const journeyListResponseSchema = z.object({ data: z.array(journeySummarySchema) });
/** A save names what it made: each temporary key -> the new id (the journey's own too, on create and copy). */
export const journeyResponseSchema = z.object({
  data: journeySchema,
  meta: z.optional(z.object({ created: z.record(z.string(), z.int()) })),
});
export const journeyConflictSchema = versionConflictSchema(journeySchema);

// ---- writes --------------------------------------------------------------------------------

/** Untrimmed: the journey rules tell a blank name from an empty one (spec 3 §5) and trim it themselves. */
const nameField = text(1000, { trim: false, tooLong: 'A name can be at most 1000 characters' });
/**
 * A brand or stage is named by its id, or by the temporary key ('tmp-<uuid>') the client gave it
 * until a save makes it; the answer's `meta.created` maps each key to its new id, and the outbox
 * rewrites the key in later saves (decision 013). The spec's `new_id` fields are this key.
 */
export const journeyItemIdSchema = z.union([idSchema, text(40).check(z.regex(/^tmp-[0-9a-f-]{36}$/, 'A new brand or stage is named by a temporary id'))]);

export const journeyBrandInputSchema = z.object({
  id: journeyItemIdSchema,
  name: nameField,
  order: z.int().check(z.gte(0), z.lt(100)),
});
export const journeyStageInputSchema = z.object({
  id: journeyItemIdSchema,
  name: nameField,
  priority: z.int().check(z.gte(0), z.lt(100)),
  icon: z._default(journeyIconSchema, 'blank'),
});
export const journeyCellInputSchema = z.object({
  journey_brand_id: journeyItemIdSchema,
  journey_stage_id: journeyItemIdSchema,
  population: z._default(z.number().check(z.gte(0, 'Audience population must be 0 or more'), z.lte(JOURNEY.populationMax, `Audience population can be at most ${JOURNEY.populationMax}`)), 0),
  matched_id: z._default(z.nullable(idSchema), null),
  modeled_id: z._default(z.nullable(idSchema), null),
  discussion_cluster_node_id: z._default(z.nullable(idSchema), null),
});
export type JourneyBrandInput = z.infer<typeof journeyBrandInputSchema>;
export type JourneyStageInput = z.infer<typeof journeyStageInputSchema>;
export type JourneyCellInput = z.infer<typeof journeyCellInputSchema>;

/** The journey as a save sends it; also the `base` of an edit (what the user loaded). */
export const journeyBodySchema = z.object({
  name: nameField,
  default: z._default(z.boolean(), false),
  has_transition_data: z._default(z.boolean(), false),
  brands: z.array(journeyBrandInputSchema).check(z.minLength(1, 'A journey needs at least one brand'), z.maxLength(JOURNEY.maxBrands, `A journey can have at most ${JOURNEY.maxBrands} brands`)),
  stages: z.array(journeyStageInputSchema).check(z.minLength(1, 'A journey needs at least one stage'), z.maxLength(JOURNEY.maxStages, `A journey can have at most ${JOURNEY.maxStages} stages`)),
  sub_markets: z.array(journeyCellInputSchema).check(z.maxLength(JOURNEY.maxBrands * JOURNEY.maxStages, 'A journey has one cell per brand and stage')),
});
export type JourneyBody = z.infer<typeof journeyBodySchema>;

export const createJourneyBodySchema = journeyBodySchema;
/**
 * An edit: the whole journey, the version it was based on, and what the user loaded (`base`).
 * Over a newer version the server merges brand by brand, stage by stage and cell by cell
 * (rules/journey-merge): only an item both sides changed differently is a 409 conflict.
 */
export const updateJourneyBodySchema = z.object({ ...journeyBodySchema.shape, version: versionSchema, base: z.optional(journeyBodySchema) });
export type UpdateJourneyBody = z.infer<typeof updateJourneyBodySchema>;

export const copyJourneyBodySchema = z.object({ name: z.optional(nameField) });
export const journeyParamsSchema = idParamsSchema;
export const journeyVersionQuerySchema = z.object({ version: z.pipe(z.coerce.number(), versionSchema) });
/** Clears every cell's deleted or missing segment ('Remove Invalid Audience(s)'). */
export const removeInvalidJourneyBodySchema = z.object({ version: versionSchema });

// ---- counts --------------------------------------------------------------------------------

export const journeyCountsBodySchema = z.object({ tab: journeyTabSchema });

export const journeyStageCountSchema = z.object({
  stage_id: z.int(),
  /** People of the cell on the tab (its population on Total Population); null when the cell has no segment for the tab. */
  count: z.nullable(z.number()),
});
export const journeyTransitionSchema = z.object({
  from_stage_id: z.int(),
  to_stage_id: z.int(),
  /** People in both stages (null on Total Population, or when either cell has no segment). */
  both: z.nullable(z.number()),
  /** both / people of the from stage (next population / this one on Total Population); null when not finite: "N/A". */
  share: z.nullable(z.number()),
});
export const journeyBrandCountsSchema = z.object({
  brand_id: z.int(),
  stages: z.array(journeyStageCountSchema),
  /** Between each stage and the next, in stage order. */
  transitions: z.array(journeyTransitionSchema),
});
export const journeyCountsSchema = z.object({
  tab: journeyTabSchema,
  brands: z.array(journeyBrandCountsSchema),
  /** People in the region's data. */
  people: z.int(),
  counted_at: z.string(),
});
export type JourneyCounts = z.infer<typeof journeyCountsSchema>;
export type JourneyBrandCounts = z.infer<typeof journeyBrandCountsSchema>;
export const journeyCountsResponseSchema = z.object({ data: journeyCountsSchema });

// ---- discussion clusters: the nodes a cell names (spec 3 §3; their schema is issue 30's) -----

export type { DiscussionNode as DiscussionClusterNode } from './discussions';
