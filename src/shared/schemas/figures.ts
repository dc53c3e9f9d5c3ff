import * as z from 'zod/mini';
import { text } from './text';

/**
 * A market-level demographic figure (issue 29; decision 020): a demographic attribute (a category
 * of the region, by name) and a value of it, given as people or as a percent of the item's
 * population (one of the two). Explore's custom widget rows, Grow's audiences and Journey's cells
 * carry the same figures; the uploaders write them.
 */
export const figureSchema = z.object({
  attribute: text(200, { min: 1, tooShort: 'Name the attribute' }),
  value: text(200, { min: 1, tooShort: 'Name the value' }),
  count: z._default(z.nullable(z.int().check(z.gte(0, 'A count cannot be negative'), z.lte(10_000_000_000, 'A count is too large'))), null),
  percent: z._default(z.nullable(z.number().check(z.gte(0, 'A percent is between 0 and 100'), z.lte(100, 'A percent is between 0 and 100'))), null),
});
export type FigureRow = z.infer<typeof figureSchema>;

/** An item's figures as read back: absent on copies stored before there were any. */
export const figuresField = z.optional(z.array(figureSchema));
