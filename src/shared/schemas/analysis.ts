import * as z from 'zod/mini';
import { audienceRulesSchema } from './audience-rules';

/**
 * The five analysis pages' API (issue 32; spec 3 §7 "customer value resource and its segments"
 * and the others): GET /api/analysis/{page} with the page's settings and the segment filters
 * (`filters`, see parseFilterParam in shared/rules/analysis.ts), and GET
 * /api/analysis/{page}/segments, the brand's segments the page stands on. Every figure is a count
 * of those segments within the filters, on the session's data source; the maths is in
 * shared/rules/analysis.ts. Rules (`rule`) are what "Save as audience" and "Build an Optimized
 * Audience" send: the group's segments, the filters ANDed on.
 */

export const ANALYSIS_PAGES = ['customer-value', 'site-visitation', 'best-customer', 'customer-attrition', 'buyer-retention'] as const;
export type AnalysisPage = (typeof ANALYSIS_PAGES)[number];

/*
 * The settings are read as typed and checked by the rules (parseFilterParam, parseWindow,
 * parseBest in shared/rules/analysis.ts), so every refusal says the rule's own sentence.
 */
export const analysisQuerySchema = z.object({
  /** Segment filters: `1,2;3` (see filterParam). */
  filters: z.optional(z.string()),
});
export const bestCustomerQuerySchema = z.object({
  filters: z.optional(z.string()),
  /** 'tier' (the default): the top value tier; 'percent': the top `percent` % of buyers by spend (a whole number, 1..50, 10 by default). */
  best: z.optional(z.string()),
  percent: z.optional(z.string()),
});
export const attritionQuerySchema = z.object({
  filters: z.optional(z.string()),
  /** Months in a window: a whole number, 1..6, 3 by default (ANALYSIS.attritionWindow). */
  window: z.optional(z.string()),
});

/** What every page answers beside its figures. */
const frame = {
  brand: z.object({ id: z.int(), name: z.string(), slug: z.string() }),
  /** False when the brand has no buyer data in the region (the page then says so; figures are empty). */
  has_data: z.boolean(),
  /** Everyone in the region's data, and within the filters. */
  people: z.int(),
  filtered_people: z.int(),
  /** The filters applied, as groups of segment ids. */
  filters: z.array(z.array(z.int())),
  /** The data's last month, YYYY-MM. */
  data_end: z.string(),
};

/** Null only when the brand has no buyer data (nothing to save). */
const groupRule = { rule: z.nullable(audienceRulesSchema) };

export const tierSchema = z.object({
  key: z.enum(['top', 'high', 'medium', 'low']),
  name: z.string(),
  min_months: z.int(),
  max_months: z.int(),
  people: z.int(),
  purchases: z.int(),
  share_of_buyers: z.number(),
  share_of_spend: z.number(),
  average_spend: z.number(),
  small_sample: z.boolean(),
  ...groupRule,
});

export const movementRowSchema = z.object({
  from: z.enum(['top', 'high', 'medium', 'low', 'new']),
  to: z.array(z.int()),
  lapsed: z.int(),
  stayed: z.int(),
  moved_up: z.int(),
  moved_down: z.int(),
  total: z.int(),
});

export const customerValueSchema = z.object({
  ...frame,
  /** The current and previous periods, YYYY-MM. */
  period: z.object({ from: z.string(), to: z.string() }),
  previous_period: z.object({ from: z.string(), to: z.string() }),
  currency: z.string(),
  /** The brand's average spend per month with a purchase (spend = purchase months x this). */
  spend_per_purchase: z.number(),
  buyers: z.int(),
  previous_buyers: z.int(),
  tiers: z.array(tierSchema),
  movement: z.array(movementRowSchema),
  /** All buyers of the period, the base the tiers' profiles are read against. */
  buyers_rule: z.nullable(audienceRulesSchema),
});
export type CustomerValue = z.infer<typeof customerValueSchema>;

export const siteGroupSchema = z.object({
  slot: z.enum(['customer_site_visitors', 'customer_site_non_visitors', 'non_customer_site_visitors']),
  name: z.string(),
  /** The mapped segment (Brand Management), or null when the slot is not mapped or its segment is not in the region. */
  segment: z.nullable(z.object({ id: z.int(), identifier: z.string(), name: z.string() })),
  people: z.int(),
  /** Of them, buyers of the brand in the last 12 months. */
  buyers: z.int(),
  share_of_region: z.number(),
  small_sample: z.boolean(),
  /** People per visit band (VISIT_BANDS order); null for a group whose visits are not known. */
  visits: z.nullable(z.array(z.int())),
  rule: z.nullable(audienceRulesSchema),
});

export const siteVisitationSchema = z.object({
  ...frame,
  /** False when the brand has no site-visit mapping: the page says how to set one up. */
  mapped: z.boolean(),
  groups: z.array(siteGroupSchema),
  /** The Venn of site visitors x buyers: visitors, buyers, both, and everyone within the filters. */
  venn: z.object({ visitors: z.int(), buyers: z.int(), both: z.int() }),
  /** Visitors per visit band (VISIT_BANDS order), null when the brand has no visit data. */
  visit_bands: z.nullable(z.array(z.object({ key: z.enum(['once', 'some', 'often']), name: z.string(), people: z.int(), buyers: z.int() }))),
});
export type SiteVisitation = z.infer<typeof siteVisitationSchema>;

export const overIndexedSchema = z.object({
  segment: z.object({ id: z.int(), identifier: z.string(), name: z.string(), path_parts: z.array(z.string()) }),
  best: z.int(),
  best_share: z.number(),
  buyers_share: z.number(),
  region_share: z.number(),
  index_vs_buyers: z.nullable(z.number()),
  index_vs_region: z.nullable(z.number()),
  z_score: z.nullable(z.number()),
  significant: z.boolean(),
  small_sample: z.boolean(),
});

export const bestCustomerSchema = z.object({
  ...frame,
  currency: z.string(),
  definition: z.object({
    best: z.enum(['tier', 'percent']),
    percent: z.nullable(z.int()),
    /** The lowest purchase frequency kept (months with a purchase in the last 12). */
    min_months: z.int(),
    /** In words: 'Top tier: bought in 10 to 12 of the last 12 months'. */
    label: z.string(),
  }),
  best: z.object({ people: z.int(), share_of_buyers: z.number(), share_of_spend: z.number(), average_spend: z.number(), small_sample: z.boolean(), ...groupRule }),
  buyers: z.object({ people: z.int(), average_spend: z.number(), ...groupRule }),
  over_indexed: z.array(overIndexedSchema),
});
export type BestCustomer = z.infer<typeof bestCustomerSchema>;

export const attritionMonthSchema = z.object({
  month: z.string(),
  active: z.int(),
  retained: z.int(),
  new: z.int(),
  won_back: z.int(),
  at_risk: z.int(),
  lapsed: z.int(),
  attrition_rate: z.nullable(z.number()),
});

export const customerAttritionSchema = z.object({
  ...frame,
  window: z.int(),
  months: z.array(attritionMonthSchema),
  /** The latest month's at-risk buyers (bought in the earlier window, not the recent one): the win-back audience. */
  at_risk: z.object({ people: z.int(), small_sample: z.boolean(), ...groupRule }),
  /** The latest month's active buyers, the base the at-risk profile is read against. */
  active: z.object({ people: z.int(), ...groupRule }),
});
export type CustomerAttrition = z.infer<typeof customerAttritionSchema>;

export const cohortSchema = z.object({
  month: z.string(),
  size: z.int(),
  /** Cohort people who bought in month c + k (k = 0: the whole cohort). */
  bought: z.array(z.int()),
  /** Cohort people who bought in month c + k or later (unbounded retention). */
  returned: z.array(z.int()),
  complete: z.boolean(),
  small_sample: z.boolean(),
});

export const buyerRetentionSchema = z.object({
  ...frame,
  cohorts: z.array(cohortSchema),
  /** Months a cohort must be followed to count as complete. */
  horizon: z.int(),
});
export type BuyerRetention = z.infer<typeof buyerRetentionSchema>;

export const analysisSegmentSchema = z.object({
  id: z.int(),
  identifier: z.string(),
  name: z.string(),
  /** What the page uses it for: bought, first, last, frequency-current, frequency-previous, site-group, visit-band. */
  role: z.string(),
});
export const analysisSegmentsSchema = z.object({ data: z.array(analysisSegmentSchema) });

export const customerValueResponseSchema = z.object({ data: customerValueSchema });
export const siteVisitationResponseSchema = z.object({ data: siteVisitationSchema });
export const bestCustomerResponseSchema = z.object({ data: bestCustomerSchema });
export const customerAttritionResponseSchema = z.object({ data: customerAttritionSchema });
export const buyerRetentionResponseSchema = z.object({ data: buyerRetentionSchema });
