import * as z from 'zod/mini';
import { AUDIENCE_LIST, AUDIENCES_TEXT, reachError } from '../rules/audience-kinds';
import { audienceRulesSchema } from './audience-rules';
import { versionConflictSchema } from './error';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { text } from './text';

/**
 * The Audiences API (issue 16; spec 1 §2.4, §2.9; spec 3 §3 Lookalike, motivation audiences,
 * inter-client sharing): the overview of a product's audiences in its region, an audience's
 * details, lookalikes built by a model, motivation audiences, overlap comparisons and sharing
 * with another client. Every audience that is not a plain rule of segments (a lookalike, an
 * optimized audience, a complete motivation audience) is stored as a set of people, like a
 * segment, with a segment of its own in the region's catalogue (`short_id`): so the builder,
 * Grow, Explore, activations and the count engines use it as they use any segment, and its
 * `rules` name that segment (decision 012).
 */

const nameField = text(1000, { trim: false, tooLong: 'A name can be at most 1000 characters' });

/** What the overview's type filter and a row's subtitle speak of (spec 1 §2.4 labels). */
export const audienceKindSchema = z.enum(AUDIENCE_LIST.kinds);
export type AudienceKind = z.infer<typeof audienceKindSchema>;

/** Where an audience is: building (a lookalike or motivation job), ready, or failed. */
export const audienceStatusSchema = z.enum(['pending', 'processing', 'ready', 'failed']);
export type AudienceStatus = z.infer<typeof audienceStatusSchema>;

const userRef = z.nullable(z.object({ id: z.int(), name: z.string() }));

/** A row of the overview (and of the pickers that offer audiences). */
export const audienceSummarySchema = z.object({
  id: z.int(),
  name: z.string(),
  /** Stored type: audience | lookalike | outcome_audience | motivation. */
  type: z.string(),
  /** pve for an optimized audience, else null. */
  audience_type: z.nullable(z.string()),
  /** What the user sees: its label is AUDIENCE_KIND_LABELS[kind]. */
  kind: audienceKindSchema,
  status: audienceStatusSchema,
  /** Null while a job builds it (spec 3 §4: cleared while pending or processing). */
  people_count: z.nullable(z.int()),
  /** When people_count was counted (ISO); the overview recounts live and says "as of". */
  counted_at: z.nullable(z.string()),
  created_at: z.string(),
  created_by: userRef,
  /** The segment that holds its people (lookalikes, optimized and motivation audiences), else null. */
  short_id: z.nullable(z.int()),
  /** Shared from another client: read-only here. The source client's name. */
  shared_from: z.nullable(z.string()),
  read_only: z.boolean(),
  version: z.int(),
});
export type AudienceSummary = z.infer<typeof audienceSummarySchema>;

export const audienceListQuerySchema = z.object({
  search: z._default(text(200), ''),
  kind: z.optional(audienceKindSchema),
  sort: z._default(z.enum(AUDIENCE_LIST.sorts), 'created_at'),
  dir: z._default(z.enum(['asc', 'desc']), 'desc'),
  page: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1, 'page starts at 1'), z.lte(100_000, 'page is too large'))), 1),
  page_size: z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1, 'page_size is at least 1'), z.lte(AUDIENCE_LIST.maxPageSize, `page_size is at most ${AUDIENCE_LIST.maxPageSize}`))), AUDIENCE_LIST.pageSize),
});
export type AudienceListQuery = z.infer<typeof audienceListQuerySchema>;
export const audienceListResponseSchema = z.object({
  data: z.array(audienceSummarySchema),
  meta: z.object({ total: z.int(), page: z.int(), page_size: z.int() }),
});

/** One step of the breadcrumb history: this audience was made from `parent` (a lookalike of it, a copy of it). */
export const lineageStepSchema = z.object({
  id: z.nullable(z.int()),
  name: z.string(),
  kind: audienceKindSchema,
  /** The audience this step names was deleted: its name is what it was. */
  deleted: z.boolean(),
});
export type LineageStep = z.infer<typeof lineageStepSchema>;

/** Where an audience is used: what refuses its deletion. */
export const audienceUseSchema = z.object({
  kind: z.enum(['chart', 'journey', 'activation', 'persona', 'comparison']),
  id: z.int(),
  name: z.string(),
  /** Who made the thing that uses it (named in the refusal). */
  user: z.nullable(z.string()),
});
export type AudienceUse = z.infer<typeof audienceUseSchema>;

/** The lookalike model's honest quality figure (a held-out part of the seed). */
export const lookalikeQualitySchema = z.object({
  /** Held-out seed people (20 % of the seed). */
  holdout: z.int(),
  /** Of those, how many the lookalike built without them recovers. */
  recovered: z.int(),
  /** recovered / holdout. */
  recall: z.number(),
  /** The share a random audience of the same size would recover. */
  random_recall: z.number(),
  /** recall / random_recall. */
  lift: z.number(),
});
export type LookalikeQuality = z.infer<typeof lookalikeQualitySchema>;

/** A lookalike's reach: the shared rule (reachError) decides, in the words the dialog shows. */
export const reachSchema = z.union([
  z.object({ kind: z.literal('multiplier'), value: z.number().check(z.refine((value) => reachError({ kind: 'multiplier', value }) === null, AUDIENCES_TEXT.multiplierRange)) }),
  z.object({ kind: z.literal('count'), value: z.number().check(z.refine((value) => reachError({ kind: 'count', value }) === null, AUDIENCES_TEXT.targetCount)) }),
]);
export type Reach = z.infer<typeof reachSchema>;

/** People of the audience in each region of its client (spec: counts per region). */
export const regionCountSchema = z.object({
  region: z.string(),
  name: z.string(),
  people_count: z.nullable(z.int()),
  /** Why there is no count (the region lacks its segments, its data is loading). */
  note: z.nullable(z.string()),
});

export const audienceDetailSchema = z.object({
  ...audienceSummarySchema.shape,
  description: z.nullable(z.string()),
  /** The rule: segments (a lookalike's rule names its own segment). */
  rules: z.nullable(audienceRulesSchema),
  /** The segments the rule names, for the rule in words. */
  segments: z.array(z.object({ id: z.int(), name: z.string(), path_parts: z.array(z.string()), deleted: z.boolean() })),
  identifier: z.nullable(z.string()),
  seed_identifier: z.nullable(z.string()),
  /** Oldest first, ending with this audience. */
  lineage: z.array(lineageStepSchema),
  reach: z.nullable(reachSchema),
  quality: z.nullable(lookalikeQualitySchema),
  /** Why a job failed, in words the user can act on. */
  error: z.nullable(z.string()),
  job_id: z.nullable(z.string()),
  used_by: z.array(audienceUseSchema),
  region_counts: z.array(regionCountSchema),
});
export type AudienceDetail = z.infer<typeof audienceDetailSchema>;
export const audienceResponseSchema = z.object({ data: audienceDetailSchema });
export const audienceConflictSchema = versionConflictSchema(audienceDetailSchema);
export const audienceParamsSchema = idParamsSchema;

/** An edit of a plain audience (a lookalike's people are its model's: only its name and description change). */
export const updateAudienceBodySchema = z.object({
  name: z.optional(nameField),
  description: z.optional(text(5000, { multiline: true })),
  rules: z.optional(audienceRulesSchema),
  version: versionSchema,
  base: z.optional(z.partial(z.object({ name: z.string(), description: z.nullable(z.string()), rules: audienceRulesSchema }))),
});
export type UpdateAudienceBody = z.infer<typeof updateAudienceBodySchema>;

/** Copy: the name defaults to 'Copy of {name}', made unique. */
export const copyAudienceBodySchema = z.object({ name: z.optional(nameField) });

export const deleteAnswerSchema = z.object({ data: z.object({ message: z.string() }) });

// ---- lookalikes ---------------------------------------------------------------------------------

/**
 * A lookalike of a seed: a saved audience of the context (`seed_audience_id`) or a rule
 * (`seed_rules`, the optimized audience's category buyers). `audience_type` pve makes an
 * optimized audience.
 */
export const createLookalikeBodySchema = z.object({
  name: text(100, { min: 1, tooShort: 'Name is required.', tooLong: 'A name can be at most 100 characters.' }),
  seed_audience_id: z.optional(idSchema),
  seed_rules: z.optional(audienceRulesSchema),
  reach: reachSchema,
  audience_type: z._default(z.nullable(z.enum(['pve'])), null),
}).check(z.refine((b) => (b.seed_audience_id === undefined) !== (b.seed_rules === undefined), { message: 'Name a seed audience or a seed rule, not both', path: ['seed_audience_id'] }));
export type CreateLookalikeBody = z.infer<typeof createLookalikeBodySchema>;
export const lookalikeResponseSchema = z.object({ data: audienceDetailSchema, meta: z.object({ job_id: z.nullable(z.string()) }) });
export const lookalikeListResponseSchema = z.object({ data: z.array(audienceSummarySchema) });

// ---- motivation audiences -------------------------------------------------------------------------

export { motivationAudienceResponseSchema, motivationAudienceSchema, motivationRequestBodySchema } from './explore';
export const motivationAudienceListResponseSchema = z.object({ data: z.array(z.object({
  id: z.int(),
  name: z.string(),
  description: z.nullable(z.string()),
  attributes: z.object({
    job_status: z.enum(['pending', 'processing', 'complete', 'failed']),
    count: z.object({ people: z.nullable(z.int()) }),
  }),
  /** The audience it became, once complete. */
  audience_id: z.nullable(z.int()),
  created_at: z.string(),
})) });

// ---- overlap comparisons --------------------------------------------------------------------------

export const comparisonMemberSchema = z.object({
  kind: z.enum(['audience', 'segment', 'persona']),
  id: idSchema,
});
export type ComparisonMember = z.infer<typeof comparisonMemberSchema>;

/** The counts of a comparison (those of /api/insights/overlap, with names), as last counted. */
export const comparisonResultSchema = z.object({
  counted_at: z.string(),
  people: z.int(),
  members: z.array(z.object({ kind: comparisonMemberSchema.shape.kind, id: z.int(), name: z.string(), count: z.int() })),
  pairs: z.array(z.object({ a: z.int(), b: z.int(), count: z.int(), share_of_a: z.number(), share_of_b: z.number() })),
  /** Every exclusive intersection: people in exactly the members `in` (positions), with its index against the region. */
  regions: z.array(z.object({ in: z.array(z.int()), count: z.int(), index: z.nullable(z.number()) })),
});
export type ComparisonResult = z.infer<typeof comparisonResultSchema>;

export const comparisonSchema = z.object({
  id: z.int(),
  name: z.string(),
  members: z.array(comparisonMemberSchema),
  /** Null until first counted; a member that no longer exists makes it null with `error`. */
  result: z.nullable(comparisonResultSchema),
  error: z.nullable(z.string()),
  version: z.int(),
  created_by: userRef,
  updated_at: z.string(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

const membersField = z.array(comparisonMemberSchema).check(
  z.minLength(2, 'Compare at least 2 audiences'),
  z.maxLength(4, 'Compare at most 4 audiences'),
);
export const createComparisonBodySchema = z.object({
  name: text(200, { min: 1, tooShort: 'Name is required.', tooLong: 'A name can be at most 200 characters.' }),
  members: membersField,
});
export const updateComparisonBodySchema = z.object({
  name: z.optional(createComparisonBodySchema.shape.name),
  members: z.optional(membersField),
  version: versionSchema,
});
export const comparisonResponseSchema = z.object({ data: comparisonSchema });
export const comparisonListResponseSchema = z.object({ data: z.array(comparisonSchema) });

// ---- sharing between clients ----------------------------------------------------------------------

/** Shares an audience with another of the user's clients, into one of its products in one of its regions. */
export const shareAudienceBodySchema = z.object({
  client_id: idSchema,
  region_id: idSchema,
  product_id: idSchema,
});
export const shareAudienceResponseSchema = z.object({ data: z.object({ id: z.int(), client: z.string(), message: z.string() }) });
/** The clients, regions and products an audience may be shared into (the user's other clients). */
export const shareTargetsResponseSchema = z.object({ data: z.array(z.object({
  id: z.int(),
  name: z.string(),
  regions: z.array(z.object({ id: z.int(), name: z.string(), products: z.array(z.object({ id: z.int(), name: z.string(), brand: z.string() })) })),
})) });

// ---- additions of the server (issue 16) -------------------------------------------------------------

/** DELETE of an audience, lookalike or comparison: with `version`, refused with 409 when it has moved on. */
export const deleteQuerySchema = z.object({ version: z.optional(z.pipe(z.coerce.number(), versionSchema)) });
/** GET of a comparison: `recount=1` counts it again (and stores that), else its last counts. */
export const comparisonQuerySchema = z.object({ recount: z.optional(z.enum(['0', '1'])) });
export const comparisonConflictSchema = versionConflictSchema(comparisonSchema);

/**
 * The seed of an optimized audience (GET /api/lookalikes/optimized-seed): the product's category
 * buyers, the context region's largest live segments whose name or path names the brand's
 * category; `rules` null when the region has none.
 */
export const optimizedSeedResponseSchema = z.object({ data: z.object({
  category: z.string(),
  rules: z.nullable(audienceRulesSchema),
  segments: z.array(z.object({ id: z.int(), name: z.string() })),
}) });
