import * as z from 'zod/mini';
import { INSIGHT_LIMITS } from '../rules/insights';
import { audienceRulesSchema } from './audience-rules';
import { idSchema } from './ids';
import { text } from './text';

/**
 * The count engine's questions (issue 3): audience counts, the counts call of spec 3 §7,
 * index widgets, overlaps, segments and data availability. Ids are segment short ids of the
 * caller's client region (X-Context); anyone else's are refused.
 */

// ---- segments ----------------------------------------------------------------------------

export const segmentSchema = z.object({
  /** The short id rules and counts use. */
  id: z.int(),
  identifier: z.string(),
  name: z.string(),
  path_parts: z.array(z.string()),
  vendor_name: z.string(),
  vendor_type: z.string(),
  deleted: z.boolean(),
  /** Whether a one-segment audience may be created from it (data permission). */
  create_audience_single: z.boolean(),
  /** People per region slug of the client, and `global`: their sum. */
  count: z.object({ people: z.record(z.string(), z.number()) }),
});
export type Segment = z.infer<typeof segmentSchema>;

export const segmentsQuerySchema = z.object({
  region: text(64).check(z.regex(/^[a-z0-9-]{1,64}$/, 'region must be a region slug')),
  q: z.optional(text(200, { tooLong: 'q may be at most 200 characters' })),
  page: z._default(z.coerce.number().check(z.int('page must be a whole number'), z.gte(1, 'page starts at 1'), z.lte(100_000, 'page is too large')), 1),
  per_page: z._default(
    z.coerce.number().check(z.int('per_page must be a whole number'), z.gte(1, 'per_page must be at least 1'), z.lte(INSIGHT_LIMITS.perPage, `per_page may be at most ${INSIGHT_LIMITS.perPage}`)),
    50,
  ),
  include_deleted: z._default(z.stringbool(), false),
});

export const segmentsPageSchema = z.object({
  data: z.array(segmentSchema),
  meta: z.object({ page: z.int(), per_page: z.int(), total: z.int() }),
});

export const segmentLookupBodySchema = z.object({
  identifiers: z.array(text(200, { min: 1 })).check(
    z.minLength(1, 'Name at least one identifier'),
    z.maxLength(INSIGHT_LIMITS.lookupIdentifiers, `Look up at most ${INSIGHT_LIMITS.lookupIdentifiers} identifiers at a time`),
  ),
});

export const segmentLookupResponseSchema = z.object({
  data: z.array(segmentSchema),
  /** Identifiers this client region does not have. */
  meta: z.object({ missing: z.array(z.string()) }),
});

// ---- counts ------------------------------------------------------------------------------

export const countBodySchema = z.object({ rules: audienceRulesSchema });
export const countResponseSchema = z.object({ data: z.object({ count: z.int() }) });

/**
 * `POST /api/insights/rule-counts` (issue 15, the builder's live counts): the whole rule's people
 * and, in the same answer, each part's own people, so one request follows an edit.
 */
export const ruleCountsBodySchema = z.object({ rules: audienceRulesSchema });
export const ruleCountsSchema = z.object({
  /** People of the whole rule. */
  count: z.int(),
  /** People of each include OR-group alone, in the rule's order. */
  include: z.array(z.int()),
  /** People of each value group alone, in the rule's order. */
  values: z.array(z.int()),
  /** People in any excluded segment (0 without excludes). */
  exclude: z.int(),
  /** Everyone in the region's data. */
  people: z.int(),
});
export type RuleCounts = z.infer<typeof ruleCountsSchema>;
export const ruleCountsResponseSchema = z.object({ data: ruleCountsSchema });

const idList = (what: string) =>
  z.array(idSchema).check(z.maxLength(INSIGHT_LIMITS.idsPerList, `${what} may name at most ${INSIGHT_LIMITS.idsPerList} segments`));
const byMarket = (what: string) =>
  z._default(
    // Keys are checked on the record, not by a key schema: zod reports a bad key with its own generic message.
    z.record(z.string(), idList(what)).check(
      z.refine((r) => Object.keys(r).every((k) => /^\d{1,10}$/.test(k)), 'Market keys must be market ids'),
      z.refine((r) => Object.keys(r).length <= INSIGHT_LIMITS.markets, `At most ${INSIGHT_LIMITS.markets} markets`),
    ),
    {},
  );

/**
 * The counts call (spec 3 §7). Every count is of people in the focus: everyone, narrowed to
 * the people in all focused segments (matched focus for matched counts, modeled for modeled),
 * and in every OR-group of group_short_ids. A segment named both matched and modeled has one
 * segment_count, within the matched focus. The remaining fields are accepted as the product
 * sends them.
 */
export const countsBodySchema = z.object({
  matched_short_ids: byMarket('A market’s matched ids'),
  modeled_short_ids: byMarket('A market’s modeled ids'),
  focused_matched_short_ids: z._default(idList('focused_matched_short_ids'), []),
  focused_modeled_short_ids: z._default(idList('focused_modeled_short_ids'), []),
  group_short_ids: z._default(
    z.array(idList('An OR-group of group_short_ids').check(z.minLength(1, 'An OR-group must name at least one segment'))).check(
      z.maxLength(INSIGHT_LIMITS.groups, `At most ${INSIGHT_LIMITS.groups} OR-groups`),
    ),
    [],
  ),
  demo_as_segments: z.optional(z.boolean()),
  current_view: z.optional(text(100)),
  feature: z.optional(text(100)),
  service_type: z.optional(text(100)),
});
export type CountsBody = z.infer<typeof countsBodySchema>;

export const countsSchema = z.object({
  segment_counts: z.record(z.string(), z.int()),
  market_counts: z.record(z.string(), z.object({ matched: z.int(), modeled: z.int() })),
  total_matched_count: z.int(),
  total_modeled_count: z.int(),
});
export type Counts = z.infer<typeof countsSchema>;
export const countsResponseSchema = z.object({ data: countsSchema });

// ---- widgets -----------------------------------------------------------------------------

export const widgetBodySchema = z.object({
  /** Absent: the widget of everyone (Explore's all-data persona without filters). */
  rules: z.optional(audienceRulesSchema),
  /** A demographic category of the region: its id or its name. */
  category: z.union([idSchema, text(200, { min: 1, tooShort: 'Name a category' })]),
});

export const widgetRowSchema = z.object({
  value_id: z.int(),
  name: z.string(),
  /** People of the audience with this value. */
  count: z.int(),
  /** count / audience size. */
  share: z.number(),
  /** Everyone with this value / everyone. */
  base_share: z.number(),
  /** 100 x share / base_share; null when no one has the value. */
  index: z.nullable(z.number()),
  /** Two-proportion z-score of the audience against everyone else; null when undefined. */
  z_score: z.nullable(z.number()),
  /** |z| at or above INSIGHT_LIMITS.zCritical (95 %, two-sided). */
  significant: z.boolean(),
  /** Fewer than INSIGHT_LIMITS.smallSample people of the audience have this value. */
  small_sample: z.boolean(),
});
export type WidgetRow = z.infer<typeof widgetRowSchema>;

export const widgetResponseSchema = z.object({
  data: z.object({
    category: z.object({ id: z.int(), name: z.string() }),
    audience_count: z.int(),
    base_count: z.int(),
    rows: z.array(widgetRowSchema),
  }),
});

export const categoriesResponseSchema = z.object({
  data: z.array(z.object({ id: z.int(), name: z.string(), values: z.array(z.object({ id: z.int(), name: z.string() })) })),
});

// ---- overlap -----------------------------------------------------------------------------

export const overlapBodySchema = z.object({
  audiences: z.array(z.object({ name: text(200, { min: 1, tooShort: 'Each audience needs a name' }), rules: audienceRulesSchema })).check(
    z.minLength(2, 'Compare at least 2 audiences'),
    z.maxLength(INSIGHT_LIMITS.overlapAudiences, `Compare at most ${INSIGHT_LIMITS.overlapAudiences} audiences`),
  ),
});

export const overlapResponseSchema = z.object({
  data: z.object({
    audiences: z.array(z.object({ name: z.string(), count: z.int() })),
    /** Every pair (a < b, positions in `audiences`): people in both, and that as a share of each. */
    pairs: z.array(z.object({ a: z.int(), b: z.int(), count: z.int(), share_of_a: z.number(), share_of_b: z.number() })),
    /** Everyone in the region's data (issue 16). */
    people: z.int(),
    /**
     * For up to 4 audiences (issue 16): every exclusive intersection, people in exactly the
     * audiences `in` (positions), with its index against the region under independence.
     */
    regions: z.optional(z.array(z.object({ in: z.array(z.int()), count: z.int(), index: z.nullable(z.number()) }))),
  }),
});

// ---- data availability and engine status ------------------------------------------------

// In their own module, so the shell can ask about data without loading every insights schema.
export * from './data-status';
