import * as z from 'zod/mini';

/**
 * The uploaders' API (spec 2 §3, §7; issue 29): GET a template, POST a filled one as the
 * multipart field `template`. The answer lists what changed (`data.updated`, in the spec's
 * shapes) and every row or cell in error (`errors`: column letter, row as the spreadsheet numbers
 * it, message that may hold HTML).
 */

export const uploadIssueSchema = z.object({
  column: z.nullable(z.string()),
  row: z.nullable(z.int()),
  message: z.string(),
});

/** Grow: a market of a chart and its audiences that the upload changed. */
export const updatedMarketSchema = z.object({
  mekko_name: z.string(),
  name: z.string(),
  sub_markets: z.array(z.object({ name: z.string() })),
});
/** Journeys: a brand of a journey and its stages that the upload changed. */
export const updatedJourneySchema = z.object({
  journey_name: z.string(),
  brand: z.object({ name: z.string() }),
  stages: z.array(z.object({ name: z.string() })),
});
/** Explore: a custom widget the upload made or changed, and the attributes it set. */
export const updatedWidgetSchema = z.object({
  tab_name: z.string(),
  name: z.string(),
  demo_attributes: z.array(z.string()),
});

export const uploadResultSchema = z.object({
  data: z.object({
    updated: z.array(z.union([updatedMarketSchema, updatedJourneySchema, updatedWidgetSchema])),
    /** Rows read below the header (blank ones not counted). */
    rows: z.int(),
    /** Rows whose every field was applied. */
    applied: z.int(),
    /** Errors past the listed ones, counted only. */
    more_errors: z.int(),
  }),
  errors: z.array(uploadIssueSchema),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;
export type UpdatedMarket = z.infer<typeof updatedMarketSchema>;
export type UpdatedJourney = z.infer<typeof updatedJourneySchema>;
export type UpdatedWidget = z.infer<typeof updatedWidgetSchema>;

export const templateQuerySchema = z.object({ format: z._default(z.enum(['xls', 'csv', 'xlsx']), 'xls') });
