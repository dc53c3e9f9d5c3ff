import * as z from 'zod/mini';
import { GROW } from '../rules/grow';
import { audienceRulesSchema } from './audience-rules';
import { versionConflictSchema } from './error';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { figuresField } from './figures';
import { text } from './text';

/**
 * The Grow API (spec 3 §3, §7): charts (mekkos) with their markets and audiences, TV count
 * settings, the tabs configuration, snapshots, and saving an audience. A chart is versioned as
 * a whole: every write to it, its markets or its audiences is based on the chart's version and
 * answers the whole chart, so an offline queue of edits to one chart replays in order (decision 007).
 */

export const growTagSchema = z.enum(GROW.tags);
export const countTypeSchema = z.enum(GROW.countTypes);

export const growAudienceSchema = z.object({
  id: z.int(),
  market_id: z.int(),
  name: z.string(),
  tag: growTagSchema,
  order: z.int(),
  matched_short_id: z.nullable(z.int()),
  modeled_short_id: z.nullable(z.int()),
  population: z.number(),
  webo_cluster_id: z.nullable(z.string()),
  discussion_cluster_node_id: z.nullable(z.int()),
  /** A snapshot (prediction model) holds this audience: editing its segment or deleting it refreshes the model. */
  in_prediction_model: z.boolean(),
  /** Market-level demographic figures, written by the Grow uploader (issue 29). */
  demographics: figuresField,
});
export type GrowAudience = z.infer<typeof growAudienceSchema>;

export const growMarketSchema = z.object({
  id: z.int(),
  name: z.string(),
  order: z.int(),
  sub_markets: z.array(growAudienceSchema),
});
export type GrowMarket = z.infer<typeof growMarketSchema>;

/** A segment the chart names, as the chart needs it offline: its name, size and data permission. */
export const growSegmentSchema = z.object({
  id: z.int(),
  identifier: z.string(),
  name: z.string(),
  path_parts: z.array(z.string()),
  vendor_type: z.string(),
  deleted: z.boolean(),
  people_count: z.int(),
  create_audience_single: z.boolean(),
});
export type GrowSegment = z.infer<typeof growSegmentSchema>;

const chartFields = {
  id: z.int(),
  name: z.string(),
  default: z.boolean(),
  measurement_label: z.string(),
  count_type: countTypeSchema,
  vertical_type: z.nullable(z.string()),
  /** The chart's version; every write to it or its markets and audiences is based on it. */
  version: z.int(),
  updated_at: z.string(),
};

export const mekkoSummarySchema = z.object({
  ...chartFields,
  /** Audiences whose matched or modeled segment is deleted or missing (0 while the region's data is not ready). */
  invalid_audience_count: z.int(),
});
export type MekkoSummary = z.infer<typeof mekkoSummarySchema>;

export const mekkoSchema = z.object({
  ...chartFields,
  markets: z.array(growMarketSchema),
  /** Every segment an audience names that the region has (deleted ones included, marked). */
  segments: z.array(growSegmentSchema),
  /** Audiences whose matched or modeled segment is deleted or missing: the invalid chart case. */
  invalid_audience_ids: z.array(z.int()),
  /** False while the region's data is being prepared: segments cannot be checked yet, so none is called invalid. */
  segments_checked: z.boolean(),
  /** People in the context region's data (for TV estimates); null while it is not ready. */
  region_people: z.nullable(z.int()),
});
export type Mekko = z.infer<typeof mekkoSchema>;

export const mekkoListResponseSchema = z.object({ data: z.array(mekkoSummarySchema) });
/** Writes that add a market or audience name what they made: the client's temporary key -> new id. */
export const mekkoResponseSchema = z.object({
  data: mekkoSchema,
  meta: z.optional(z.object({ created: z.record(z.string(), z.int()) })),
});
export const mekkoConflictSchema = versionConflictSchema(mekkoSchema);

/** Untrimmed: the Grow rules tell a blank name from an empty one (spec 3 §5) and trim it themselves. */
const nameField = text(1000, { trim: false, tooLong: 'A name can be at most 1000 characters' });
/** A temporary key the client gave an item it made offline; the answer maps it to the new id. */
const clientKey = z.optional(text(40).check(z.regex(/^tmp-[0-9a-f-]{36}$/, 'client_key must be a temporary id')));

export const mekkoParamsSchema = idParamsSchema;
export const marketParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idSchema), marketId: z.pipe(z.coerce.number(), idSchema) });
export const audienceParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idSchema), audienceId: z.pipe(z.coerce.number(), idSchema) });
export const versionQuerySchema = z.object({ version: z.pipe(z.coerce.number(), versionSchema) });

export const chartBodySchema = z.object({
  name: nameField,
  default: z._default(z.boolean(), false),
  measurement_label: z._default(text(1000), ''),
  count_type: z._default(countTypeSchema, 'people_count'),
});

export const createChartBodySchema = z.object({
  ...chartBodySchema.shape,
  creation_method: z._default(z.enum(['blank', 'prePopulated']), 'blank'),
  /** The industry vertical (prePopulated only); its display name becomes the chart's name. */
  vertical_type: z.optional(z.nullable(text(100))),
});
export type CreateChartBody = z.infer<typeof createChartBodySchema>;

/**
 * What an edit saw of the fields it sets (issue 12): with it, an edit based on an older version
 * is merged field by field (only a field both sides changed differently is a 409); without it,
 * any newer version is a 409.
 */
const chartBaseSchema = z.partial(z.object({ name: nameField, default: z.boolean(), measurement_label: nameField, count_type: nameField }));

export const updateChartBodySchema = z.object({ ...chartBodySchema.shape, version: versionSchema, base: z.optional(chartBaseSchema) });
export type UpdateChartBody = z.infer<typeof updateChartBodySchema>;

export const copyChartBodySchema = z.object({ name: z.optional(nameField) });

export const marketBodySchema = z.object({ name: nameField, version: versionSchema, client_key: clientKey, base: z.optional(z.partial(z.object({ name: nameField }))) });
export type MarketBody = z.infer<typeof marketBodySchema>;

const audienceFields = {
  name: nameField,
  tag: z._default(growTagSchema, 'none'),
  matched_short_id: z._default(z.nullable(idSchema), null),
  modeled_short_id: z._default(z.nullable(idSchema), null),
  /** Digits only, 0 or more (§5): sent as typed, so the server gives the form's messages. */
  population: z.union([text(30), z.number()]),
  webo_cluster_id: z._default(z.nullable(text(200)), null),
  discussion_cluster_node_id: z._default(z.nullable(idSchema), null),
};

export const audienceBodySchema = z.object({ ...audienceFields, version: versionSchema, client_key: clientKey });
export type AudienceBody = z.infer<typeof audienceBodySchema>;

const audienceBaseSchema = z.partial(z.object({
  name: nameField,
  tag: nameField,
  matched_short_id: z.nullable(z.int()),
  modeled_short_id: z.nullable(z.int()),
  population: z.number(),
  webo_cluster_id: z.nullable(nameField),
  discussion_cluster_node_id: z.nullable(z.int()),
  market_id: z.int(),
}));

/** An edit may move the audience to another market of the same chart. */
export const audienceUpdateBodySchema = z.object({ ...audienceFields, market_id: z.optional(idSchema), version: versionSchema, base: z.optional(audienceBaseSchema) });
export type AudienceUpdateBody = z.infer<typeof audienceUpdateBodySchema>;

export const reorderBodySchema = z.object({
  ids: z.array(idSchema).check(z.maxLength(GROW.maxMarkets * GROW.maxAudiencesPerMarket)),
  version: versionSchema,
  /** The order the edit was made on. */
  base: z.optional(z.object({ ids: z.array(z.int()).check(z.maxLength(GROW.maxMarkets * GROW.maxAudiencesPerMarket)) })),
});
export type ReorderBody = z.infer<typeof reorderBodySchema>;

export const removeInvalidBodySchema = z.object({ version: versionSchema });

// ---- verticals, TV settings, tabs configuration ---------------------------------------------

export const verticalsResponseSchema = z.object({ data: z.array(z.object({ key: z.string(), display_name: z.string() })) });

export const tvCountSettingsSchema = z.object({ minimum: z.int(), maximum: z.int(), n_pids: z.int(), const: z.number() });
export const tvCountSettingsResponseSchema = z.object({ data: z.nullable(tvCountSettingsSchema) });

export const tabsConfigurationQuerySchema = z.object({
  resource_id: z.optional(z.pipe(z.coerce.number(), idSchema)),
  resource_type: z._default(z.enum(['Mekko']), 'Mekko'),
  insights_context: z._default(z.enum(['grow']), 'grow'),
  tab_key: z.optional(text(100)),
});
/** Explore's tabs (issue 15): no chart; tab_key narrows the list as for Grow. */
export const exploreTabsQuerySchema = z.object({ tab_key: z.optional(text(100)) });
export const tabsConfigurationResponseSchema = z.object({
  data: z.array(z.object({
    name: z.enum(['Person Level', 'Market Level']),
    visible: z.boolean(),
    tab_key: z.string(),
    /** Regions of the client whose charts are market level only. */
    excluded_regions: z.array(z.string()),
  })),
});

// ---- snapshots (prediction models) -------------------------------------------------------------

export const snapshotSubMarketSchema = z.object({ snapshot_id: z.int(), sub_market_id: z.int(), current_confidence: z.number() });
export const snapshotSchema = z.object({
  id: z.int(),
  mekko_id: z.int(),
  snapshots_sub_markets: z.array(snapshotSubMarketSchema),
  /** When a segment change or deletion of one of its audiences last refreshed the model. */
  refreshed_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
export const snapshotListQuerySchema = z.object({ mekko_id: z.pipe(z.coerce.number(), idSchema) });
export const snapshotListResponseSchema = z.object({ data: z.array(snapshotSchema) });
export const snapshotResponseSchema = z.object({ data: snapshotSchema });
const confidence = z.number().check(z.gte(0, 'current_confidence must be between 0 and 1'), z.lte(1, 'current_confidence must be between 0 and 1'));
export const createSnapshotBodySchema = z.object({
  snapshot: z.object({
    mekko_id: idSchema,
    snapshots_sub_markets: z.array(z.object({ sub_market_id: idSchema, current_confidence: confidence })).check(z.maxLength(400)),
  }),
});
export const updateConfidenceBodySchema = z.object({
  snapshots_sub_market: z.object({ snapshot_id: idSchema, sub_market_id: idSchema, current_confidence: confidence }),
});

// ---- saving an audience (Save Audience, audiences/builder) ---------------------------------------

export { AUDIENCE_TEXT } from '../rules/audiences';

export const saveAudienceBodySchema = z.object({
  name: text(1000),
  description: z._default(text(5000, { multiline: true }), ''),
  rules: audienceRulesSchema,
  /** Where the builder was opened from ('Grow', 'Explore'), kept for the activity list. */
  referer: z.optional(text(50)),
});
export type SaveAudienceBody = z.infer<typeof saveAudienceBodySchema>;

export const savedAudienceSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  rules: audienceRulesSchema,
  people_count: z.int(),
  version: z.int(),
  created_at: z.string(),
});
export const savedAudienceResponseSchema = z.object({ data: savedAudienceSchema });
