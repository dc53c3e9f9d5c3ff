import * as z from 'zod/mini';
import { BRAND_NAME_MAX, CATEGORY_MAX, ID_ENV_SLUG_MAX, PRODUCT_NAME_MAX } from '../rules/brands';
import { ERROR_CODES, versionConflictSchema } from './error';
import { brandSchema as hierarchyBrandSchema } from './hierarchy';
import { idParamsSchema, idSchema, versionSchema } from './ids';
import { text } from './text';

/**
 * Brands and products of a client (spec 2 §3, §7; issue 19). Reads give the whole brand with
 * its products and their regions; a save sends the brand with products_attributes, as the
 * spec's calls do. The rules and messages are in rules/brands.ts.
 */

/** One segment in a site-visit slot: its catalogue identifier and its name when mapped. */
export const segmentRefSchema = z.object({ identifier: z.string(), name: z.string() });

/** The three optional slots (spec 2 §3); null when none is mapped. */
export const siteVisitSegmentMappingSchema = z.object({
  customer_site_visitors: z.optional(segmentRefSchema),
  customer_site_non_visitors: z.optional(segmentRefSchema),
  non_customer_site_visitors: z.optional(segmentRefSchema),
});
export type SiteVisitSegmentMapping = z.infer<typeof siteVisitSegmentMappingSchema>;

export const productRegionSchema = z.object({
  id: z.int(),
  region_id: z.int(),
  product_id: z.int(),
  id_env_product_slug: z.nullable(z.string()),
});
export type ProductRegion = z.infer<typeof productRegionSchema>;

export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  conversant_company_id: z.nullable(z.int()),
  brand_id: z.int(),
  /** The regions it is sold in, ascending. */
  region_ids: z.array(z.int()),
  product_regions: z.array(productRegionSchema),
  version: z.int(),
});
export type Product = z.infer<typeof productSchema>;

export const brandSchema = z.object({
  /** id, name, slug, category, conversant_company_id: as the hierarchy has them. */
  ...hierarchyBrandSchema.shape,
  client_id: z.int(),
  site_visit_segment_mapping: z.nullable(siteVisitSegmentMappingSchema),
  /** Goes up on every save of the brand (its products included); a save must be based on it. */
  version: z.int(),
  /** By name, case-insensitively. */
  products: z.array(productSchema),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandsResponseSchema = z.object({ data: z.array(brandSchema) });
export const brandResponseSchema = z.object({ data: brandSchema });

/** GET /api/products: every product of the client, with its brand's name. */
export const productListItemSchema = z.object({ ...productSchema.shape, brand_name: z.string() });
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productsResponseSchema = z.object({ data: z.array(productListItemSchema) });

/** ?region=<slug>: only brands with a product in that region of the client; '*' or none: all. */
export const brandsQuerySchema = z.object({ region: z.optional(text(64)) });
export const brandIdParamsSchema = idParamsSchema;
export const productIdParamsSchema = idParamsSchema;
/** A delete may say which version it saw (?version=N): a newer one is a 409 with the current brand. */
export const deleteQuerySchema = z.object({ version: z.optional(z.pipe(z.coerce.number(), versionSchema)) });

/**
 * A company ID as the form has it: a number, text (checked by the rule, so '12e3' gets 'Please
 * enter a valid ID' rather than a schema error), or empty / null for none.
 */
const companyIdInputSchema = z.optional(z.nullable(z.union([z.number(), text(40)])));

/** A slot to write: an empty identifier (or null) clears it. */
const segmentRefWriteSchema = z.optional(z.nullable(z.object({ identifier: text(200), name: z.optional(text(500)) })));
export const siteVisitSegmentMappingWriteSchema = z.object({
  customer_site_visitors: segmentRefWriteSchema,
  customer_site_non_visitors: segmentRefWriteSchema,
  non_customer_site_visitors: segmentRefWriteSchema,
});
export type SiteVisitSegmentMappingWrite = z.infer<typeof siteVisitSegmentMappingWriteSchema>;

export const productRegionWriteSchema = z.object({
  region_id: idSchema,
  /** Written only by a caller with id_env_product_slugs read; otherwise the stored one is kept. Empty clears it. */
  id_env_product_slug: z.optional(z.nullable(text(ID_ENV_SLUG_MAX))),
});

export const productWriteSchema = z.object({
  /** A saved product of this brand (updated); without it the product is created. */
  id: z.optional(z.nullable(idSchema)),
  /** Required and unique within the brand: the rules' messages, not the schema's. */
  name: text(PRODUCT_NAME_MAX * 4),
  conversant_company_id: companyIdInputSchema,
  /** Ignored: a product belongs to the brand it is sent with. */
  brand_id: z.optional(z.nullable(z.int())),
  region_ids: z.array(idSchema).check(z.maxLength(500)),
  product_regions_attributes: z.optional(z.array(productRegionWriteSchema).check(z.maxLength(500))),
});
export type ProductWrite = z.infer<typeof productWriteSchema>;

export const brandWriteSchema = z.object({
  /** Ignored: the path names the brand of an update. */
  id: z.optional(z.nullable(z.int())),
  name: text(BRAND_NAME_MAX * 4),
  /** Free text; empty is 'Other'. */
  category: z.optional(z.nullable(text(CATEGORY_MAX * 4))),
  conversant_company_id: companyIdInputSchema,
  /** When sent, it must be the X-Context client. */
  client_id: z.optional(z.nullable(idSchema)),
  products_attributes: z.array(productWriteSchema).check(z.maxLength(200)),
  /** Left out: kept as it is (create: none). null or all slots empty: none. */
  site_visit_segment_mapping: z.optional(z.nullable(siteVisitSegmentMappingWriteSchema)),
});
export type BrandWrite = z.infer<typeof brandWriteSchema>;

export const brandCreateBodySchema = z.object({ brand: brandWriteSchema });
export type BrandCreateBody = z.infer<typeof brandCreateBodySchema>;
export const brandUpdateBodySchema = z.object({ brand: brandWriteSchema, version: versionSchema });
export type BrandUpdateBody = z.infer<typeof brandUpdateBodySchema>;

/** A 422 of the rules: the first message, and every message by field path ('name', 'products.1.region_ids'). */
export const brandValidationSchema = z.object({
  error: z.object({
    code: z.literal(ERROR_CODES.validation),
    message: z.string(),
    details: z.object({ fields: z.record(z.string(), z.string()) }),
  }),
});

/** What uses a brand or product (a chart, a journey, a persona, ...), in its product and region. */
export const brandUseSchema = z.object({
  kind: z.enum(['chart', 'journey', 'persona', 'widget', 'audience', 'comparison', 'motivation_audience', 'activation', 'user']),
  id: z.int(),
  name: z.string(),
  /** The product's name. */
  product: z.string(),
  /** The region's slug. */
  region: z.string(),
});
export type BrandUseView = z.infer<typeof brandUseSchema>;

/** 409 IN_USE: a delete (or a region removal) refused while something uses it. */
export const brandInUseSchema = z.object({
  error: z.object({
    code: z.literal(ERROR_CODES.inUse),
    message: z.string(),
    details: z.object({ uses: z.array(brandUseSchema) }),
  }),
});
export const brandConflictSchema = versionConflictSchema(brandSchema);

/** Every 409 a brand or product write may answer, as one shape: a stale version (details.current) or IN_USE (details.uses). */
export const brandRefusalSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.object({ current: z.optional(brandSchema), uses: z.optional(z.array(brandUseSchema)) }),
  }),
});
