import * as z from 'zod/mini';
import { GROW } from '../rules/grow';
import { OUTCOMES } from '../rules/outcomes';
import { versionConflictSchema } from './error';
import { idSchema, versionSchema } from './ids';

/**
 * The Outcomes API (spec 3 §3, §7 Outcomes; issue 18; decision 014): a chart's outcome
 * timeframes, one per calendar month. Months are sent zero-based and answered one-based (§3).
 * The list ends with the current month, synthesised from the chart's populations and counts
 * (id null) unless the record job has recorded it.
 */

const figure = z.int().check(
  z.gte(0, 'A figure must be a whole number, 0 or more'),
  z.lte(OUTCOMES.maxFigure, `A figure can be at most ${OUTCOMES.maxFigure}`),
);

export const marketOutcomeSchema = z.object({ market_id: z.int(), total: z.number(), matched: z.number(), modeled: z.number() });
export const submarketOutcomeSchema = z.object({ sub_market_id: z.int(), market_id: z.int(), total: z.number(), matched: z.number(), modeled: z.number() });

export const outcomeSourceSchema = z.enum(['synthesised', 'recorded', 'entered']);
export type OutcomeSource = z.infer<typeof outcomeSourceSchema>;

export const outcomeTimeframeSchema = z.object({
  /** Null for the current month synthesised from the chart (it has no actions, §2.5). */
  id: z.nullable(z.int()),
  mekko_id: z.int(),
  year: z.int(),
  /** One-based (1 = January). */
  month: z.int(),
  /** The current calendar month (§3 'current flag'). */
  current: z.boolean(),
  /** synthesised: the current month from the chart now; recorded: by the record job; entered: typed, or edited since. */
  source: outcomeSourceSchema,
  recorded_at: z.nullable(z.string()),
  /** 0 for the synthesised month; every save is based on it. */
  version: z.int(),
  updated_at: z.nullable(z.string()),
  total: z.number(),
  matched: z.number(),
  modeled: z.number(),
  /** Every market of the chart, in its order (missing figures are 0, §4). */
  market_outcomes: z.array(marketOutcomeSchema),
  /** Every audience of the chart, filed under the market it is in now. */
  submarket_outcomes: z.array(submarketOutcomeSchema),
});
export type OutcomeTimeframe = z.infer<typeof outcomeTimeframeSchema>;

export const outcomeTimeframesResponseSchema = z.object({
  /** Newest first. */
  data: z.array(outcomeTimeframeSchema),
  meta: z.object({
    /** The server's current month (UTC): what 'current', the presets and the available months go by. */
    today: z.object({ year: z.int(), month: z.int() }),
    /** False while the region's audience data is being prepared: the synthesised month's Matched and Modeled are 0. */
    data_ready: z.boolean(),
  }),
});
export type OutcomeTimeframesResponse = z.infer<typeof outcomeTimeframesResponseSchema>;
export const outcomeTimeframeResponseSchema = z.object({ data: outcomeTimeframeSchema });
export const outcomeTimeframeConflictSchema = versionConflictSchema(outcomeTimeframeSchema);

const maxMarkets = GROW.maxMarkets;
const maxSubMarkets = GROW.maxMarkets * GROW.maxAudiencesPerMarket;

/** What a save sends (§7): the spec's `outcome_timeframe` wrapper, month zero-based. */
export const outcomeTimeframeFieldsSchema = z.object({
  year: z.int().check(z.gte(1900, 'year must be a four-digit year'), z.lte(9999, 'year must be a four-digit year')),
  /** Zero-based: 0 = January, 11 = December. */
  month: z.int().check(z.gte(0, 'month is zero-based: 0 (January) to 11 (December)'), z.lte(11, 'month is zero-based: 0 (January) to 11 (December)')),
  total: figure,
  matched: figure,
  modeled: figure,
  mekko_id: z.optional(idSchema),
  market_outcomes_attributes: z._default(z.array(z.object({ market_id: idSchema, total: figure, matched: figure, modeled: figure })).check(z.maxLength(maxMarkets)), []),
  submarket_outcomes_attributes: z._default(
    z.array(z.object({ sub_market_id: idSchema, market_id: z.optional(idSchema), total: figure, matched: figure, modeled: figure })).check(z.maxLength(maxSubMarkets)),
    [],
  ),
});
export type OutcomeTimeframeFields = z.infer<typeof outcomeTimeframeFieldsSchema>;

export const createOutcomeTimeframeBodySchema = z.object({ outcome_timeframe: outcomeTimeframeFieldsSchema });
export type CreateOutcomeTimeframeBody = z.infer<typeof createOutcomeTimeframeBodySchema>;

/**
 * An edit: the same body, the version it was based on, and `base`, the figures as the user loaded
 * them (flat fields of outcomeFieldValues), so an edit over a newer version merges figure by figure.
 */
export const updateOutcomeTimeframeBodySchema = z.object({
  outcome_timeframe: outcomeTimeframeFieldsSchema,
  version: versionSchema,
  base: z.optional(z.record(z.string().check(z.maxLength(40)), z.number())),
});
export type UpdateOutcomeTimeframeBody = z.infer<typeof updateOutcomeTimeframeBodySchema>;

export const mekkoOutcomeParamsSchema = z.object({ mekkoId: z.pipe(z.coerce.number(), idSchema) });
export const outcomeTimeframeParamsSchema = z.object({ id: z.pipe(z.coerce.number(), idSchema) });
export const outcomeVersionQuerySchema = z.object({ version: z.pipe(z.coerce.number(), versionSchema) });

/** 'Record this month': every chart of the product in the region, through the job queue. */
export const recordOutcomesResponseSchema = z.object({
  data: z.object({ job_id: z.string(), task_id: z.int(), year: z.int(), month: z.int() }),
});
