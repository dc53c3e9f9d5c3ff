import * as z from 'zod/mini';

export const productSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  /** client/region/brand/product */
  fullSlug: z.string(),
});

export const brandSchema = z.object({
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  category: z.string(),
  conversant_company_id: z.nullable(z.int()),
  products: z.array(productSchema),
});

export const regionSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  currency: z.string(),
  is_default: z.boolean(),
  molecula_index: z.nullable(z.string()),
  es_index: z.nullable(z.string()),
  brands: z.array(brandSchema),
});

export const featureFlagsSchema = z.record(z.string(), z.boolean());

export const clientSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  lite: z.boolean(),
  active: z.boolean(),
  conversant_company_id: z.nullable(z.int()),
  feature_flags: featureFlagsSchema,
  regions: z.array(regionSchema),
});

export const hierarchySchema = z.array(clientSchema);
export const hierarchyResponseSchema = z.object({ data: hierarchySchema });

export type Product = z.infer<typeof productSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type Region = z.infer<typeof regionSchema>;
export type Client = z.infer<typeof clientSchema>;
export type Hierarchy = z.infer<typeof hierarchySchema>;
