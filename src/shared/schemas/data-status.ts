import * as z from 'zod/mini';
import { idSchema } from './ids';
import { text } from './text';

/**
 * The data-availability check (spec 1 §7) and the count engine's data status (issue 3):
 * re-exported by ./insights; the shell asks both on every page.
 */

// ---- data availability -------------------------------------------------------------------

/** spec 1 §7 / 3 §3: parent_id names the brand of the caller's context client. */
export const dataAvailabilityBodySchema = z.object({
  parent_id: idSchema,
  vendors: z.array(z.object({ vendor_name: text(200, { min: 1 }), vendor_type: text(100, { min: 1 }) })).check(
    z.minLength(1, 'Name at least one vendor'),
    z.maxLength(50, 'Name at most 50 vendors'),
  ),
  use_cases: z.array(text(100, { min: 1 })).check(z.minLength(1, 'Name at least one use case'), z.maxLength(20)),
});
export type DataAvailabilityBody = z.infer<typeof dataAvailabilityBodySchema>;

export const dataAvailabilityResponseSchema = z.object({
  /** Non-empty means available. */
  data: z.array(z.object({ vendor_name: z.string(), vendor_type: z.string(), region: z.string(), use_cases: z.array(z.string()), segments: z.int() })),
});

// ---- engine status -----------------------------------------------------------------------

export const DATA_STATES = ['absent', 'queued', 'generating', 'loading', 'ready', 'failed'] as const;
export const dataStatusSchema = z.object({
  client: z.string(),
  region: z.string(),
  state: z.enum(DATA_STATES),
  /** 0..1 while generating or loading. */
  progress: z.number(),
  people: z.int(),
});
export type DataStatus = z.infer<typeof dataStatusSchema>;
export const dataStatusResponseSchema = z.object({ data: z.array(dataStatusSchema) });
