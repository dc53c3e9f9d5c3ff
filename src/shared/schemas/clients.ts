import * as z from 'zod/mini';
import { DATA_STATES } from './data-status';
import { ERROR_CODES, versionConflictSchema } from './error';
import { idSchema, versionSchema } from './ids';
import { text } from './text';

/**
 * Clients, regions, the admin dashboard and languages (spec 2 §3, §7; issue 19). The payloads
 * carry loose types (a string, a number); the domain rules with their messages are in
 * rules/clients.ts, so the form and the server say the same thing.
 */

// ---- clients -----------------------------------------------------------------------------

export const adminClientRegionSchema = z.object({
  /** The client region's id. */
  id: z.int(),
  region_id: z.int(),
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  is_default: z.boolean(),
  /** Grow charts of this client region show market level only (spec 3 §6, excluded_regions). */
  market_level_only: z.boolean(),
});
export type AdminClientRegion = z.infer<typeof adminClientRegionSchema>;

export const adminClientSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  conversant_company_id: z.nullable(z.int()),
  language: z.string(),
  feature_flags: z.record(z.string(), z.boolean()),
  active: z.boolean(),
  version: z.int(),
  regions: z.array(adminClientRegionSchema),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const adminClientsResponseSchema = z.object({ data: z.array(adminClientSchema) });
export const adminClientResponseSchema = z.object({ data: adminClientSchema });
export const adminClientConflictSchema = versionConflictSchema(adminClientSchema);

const clientRegionWriteSchema = z.object({
  region_id: idSchema,
  currency: text(10),
  is_default: z.boolean(),
  market_level_only: z.optional(z.boolean()),
});

export const clientWriteSchema = z.object({
  name: text(1000),
  slug: text(1000),
  /** A number, checked by the company-ID rule (an integer in range) for its message. */
  conversant_company_id: z.nullable(z.number()),
  language: z.optional(text(20)),
  feature_flags: z.optional(z.record(text(100), z.boolean())),
  active: z.optional(z.boolean()),
  regions: z.array(clientRegionWriteSchema).check(z.maxLength(1000)),
});
export type ClientWrite = z.infer<typeof clientWriteSchema>;

export const clientCreateBodySchema = z.object({ client: clientWriteSchema });
export const clientUpdateBodySchema = z.object({ client: clientWriteSchema, version: versionSchema });
export type ClientCreateBody = z.infer<typeof clientCreateBodySchema>;
export type ClientUpdateBody = z.infer<typeof clientUpdateBodySchema>;

// ---- regions -----------------------------------------------------------------------------

export const adminRegionSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  /** How many clients have it. */
  client_count: z.int(),
});
export type AdminRegion = z.infer<typeof adminRegionSchema>;

export const adminRegionsResponseSchema = z.object({ data: z.array(adminRegionSchema) });
export const adminRegionResponseSchema = z.object({ data: adminRegionSchema });
export const adminRegionConflictSchema = versionConflictSchema(adminRegionSchema);

const regionWriteSchema = z.object({ name: text(1000), slug: text(1000) });
export const regionCreateBodySchema = z.object({ region: regionWriteSchema });
/**
 * Regions have no version column: an edit sends the name and slug it was based on (`base`), and
 * is refused with 409 when the region no longer has them.
 */
export const regionUpdateBodySchema = z.object({ region: regionWriteSchema, base: regionWriteSchema });
export type RegionCreateBody = z.infer<typeof regionCreateBodySchema>;
export type RegionUpdateBody = z.infer<typeof regionUpdateBodySchema>;

// ---- in use ------------------------------------------------------------------------------

/** What keeps a region on a client (409 IN_USE details.uses). */
export const regionUseSchema = z.object({
  kind: z.enum(['product', 'chart', 'journey', 'persona', 'comparison', 'audience', 'motivation_audience']),
  id: z.int(),
  name: z.string(),
  /** The product it belongs to (brand / product), for everything but a product. */
  product: z.nullable(z.string()),
  region: z.string(),
});
export type RegionUse = z.infer<typeof regionUseSchema>;

/** 409 IN_USE: a client update that would remove a region the client has products or work in. */
export const regionInUseSchema = z.object({
  error: z.object({
    code: z.literal(ERROR_CODES.inUse),
    message: z.string(),
    details: z.object({ uses: z.array(regionUseSchema) }),
  }),
});

/** Every 409 of a client update, as one object (OpenAPI documents one error shape): a stale version or a region in use. */
export const clientRefusalSchema = z.object({
  error: z.object({
    code: z.enum([ERROR_CODES.versionConflict, ERROR_CODES.inUse]),
    message: z.string(),
    details: z.object({ current: z.optional(adminClientSchema), uses: z.optional(z.array(regionUseSchema)) }),
  }),
});

// ---- dashboard ---------------------------------------------------------------------------

/** A client region's data: the count engine's state, or 'none' when it has no data set ("No data"). */
export const READINESS_STATES = [...DATA_STATES, 'none'] as const;
export type Readiness = (typeof READINESS_STATES)[number];

export const dashboardRegionSchema = z.object({
  region_id: z.int(),
  slug: z.string(),
  name: z.string(),
  state: z.enum(READINESS_STATES),
  /** 0..1 while generating or loading. */
  progress: z.number(),
  people: z.int(),
});

export const dashboardClientSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Active users whose hierarchy grants name this client (global '*' grants are not counted per client). */
  users: z.int(),
  brands: z.int(),
  products: z.int(),
  /** Grow and Measure charts (mekkos). */
  charts: z.int(),
  journeys: z.int(),
  audiences: z.int(),
  /** ISO time of the newest audit entry by the client's users or about the client, or of the newest write to its work; null when none. */
  last_activity: z.nullable(z.string()),
  regions: z.array(dashboardRegionSchema),
});
export type DashboardClient = z.infer<typeof dashboardClientSchema>;
export const dashboardResponseSchema = z.object({ data: z.array(dashboardClientSchema) });

// ---- languages ---------------------------------------------------------------------------

export const languageSchema = z.object({ value: z.string(), text: z.string() });
export const languagesResponseSchema = z.object({ data: z.array(languageSchema) });
export type Language = z.infer<typeof languageSchema>;
