import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SiteVisitMapping } from '@shared/rules/brands';
import type { Executor } from '../../db/client';
import { brands, clientRegions, productRegions, products, regions, segments, userHierarchyPermissions, users } from '../../db/schema';

export type BrandRow = typeof brands.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductRegionRow = typeof productRegions.$inferSelect;

/** A brand with its products (by name) and each product's regions (by region id). */
export interface BrandBundle {
  brand: BrandRow;
  products: { product: ProductRow; regions: ProductRegionRow[] }[];
}

/** Brand writes of one client take turns (names and slugs are checked against the client's others). */
export async function lockClientBrands(tx: Executor, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(190015, ${clientId})`);
}

/** The client's brands (or those of `ids`) with their products and product regions. */
export async function brandBundles(db: Executor, clientId: number, ids?: number[]): Promise<BrandBundle[]> {
  if (ids?.length === 0) return [];
  const brandRows = await db
    .select()
    .from(brands)
    .where(and(eq(brands.clientId, clientId), ids ? inArray(brands.id, ids) : undefined))
    .orderBy(asc(sql`lower(${brands.name})`), asc(brands.id));
  if (brandRows.length === 0) return [];
  const productRows = await db
    .select()
    .from(products)
    .where(inArray(products.brandId, brandRows.map((b) => b.id)))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
  const regionRows = productRows.length === 0
    ? []
    : await db.select().from(productRegions).where(inArray(productRegions.productId, productRows.map((p) => p.id))).orderBy(asc(productRegions.regionId));
  return brandRows.map((brand) => ({
    brand,
    products: productRows.filter((p) => p.brandId === brand.id).map((product) => ({ product, regions: regionRows.filter((r) => r.productId === product.id) })),
  }));
}

/** A product of one of the client's brands, with its brand. */
export async function findProduct(db: Executor, clientId: number, id: number): Promise<{ product: ProductRow; brand: BrandRow } | null> {
  const [row] = await db
    .select({ product: products, brand: brands })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(brands.clientId, clientId), eq(products.id, id)));
  return row ?? null;
}

/** The client's regions: id, slug and name. */
export function clientRegionsOf(db: Executor, clientId: number) {
  return db
    .select({ id: regions.id, slug: regions.slug, name: regions.name })
    .from(clientRegions)
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(eq(clientRegions.clientId, clientId))
    .orderBy(asc(regions.name));
}

/** Other brands of the client (not `exceptId`): names and slugs, for the uniqueness checks. */
export function otherBrands(db: Executor, clientId: number, exceptId?: number) {
  return db
    .select({ name: brands.name, slug: brands.slug })
    .from(brands)
    .where(and(eq(brands.clientId, clientId), exceptId === undefined ? undefined : ne(brands.id, exceptId)));
}

/** The client's live segments among `identifiers` (any of its regions; zero-count ones included), with their names. */
export async function clientSegments(db: Executor, clientId: number, identifiers: string[]): Promise<Map<string, string>> {
  if (identifiers.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([segments.identifier], { identifier: segments.identifier, name: segments.name })
    .from(segments)
    .innerJoin(clientRegions, eq(clientRegions.id, segments.clientRegionId))
    .where(and(eq(clientRegions.clientId, clientId), eq(segments.deleted, false), inArray(segments.identifier, identifiers)))
    .orderBy(segments.identifier, segments.clientRegionId);
  return new Map(rows.map((r) => [r.identifier, r.name]));
}

/** Whether the client has a segment catalogue yet (its regions' data may still be generating). */
export async function hasSegmentCatalogue(db: Executor, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: segments.id })
    .from(segments)
    .innerJoin(clientRegions, eq(clientRegions.id, segments.clientRegionId))
    .where(eq(clientRegions.clientId, clientId))
    .limit(1);
  return row !== undefined;
}

export interface BrandValues {
  name: string;
  category: string;
  conversantCompanyId: number | null;
  siteVisitSegmentMapping: SiteVisitMapping | null;
}

export async function insertBrand(tx: Executor, clientId: number, slug: string, values: BrandValues): Promise<BrandRow> {
  const [row] = await tx.insert(brands).values({ clientId, slug, ...values }).returning();
  if (!row) throw new Error('insert returned no brand');
  return row;
}

/** Moves the brand from `version` to the next (locking it); null when it is not at `version`. */
export async function claimBrand(tx: Executor, clientId: number, id: number, version: number): Promise<BrandRow | null> {
  const [row] = await tx
    .update(brands)
    .set({ version: version + 1 })
    .where(and(eq(brands.clientId, clientId), eq(brands.id, id), eq(brands.version, version)))
    .returning();
  return row ?? null;
}

/** Moves the brand to its next version whatever it is (a product of it was deleted). */
export async function bumpBrand(tx: Executor, id: number): Promise<void> {
  await tx.update(brands).set({ version: sql`${brands.version} + 1` }).where(eq(brands.id, id));
}

export async function updateBrand(tx: Executor, id: number, values: BrandValues): Promise<void> {
  await tx.update(brands).set(values).where(eq(brands.id, id));
}

export interface ProductValues {
  name: string;
  conversantCompanyId: number | null;
}

/** The brand's new products in one insert; their ids by slug (slugs are unique within a brand). */
export async function insertProducts(tx: Executor, brandId: number, rows: { slug: string; values: ProductValues }[]): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const inserted = await tx.insert(products).values(rows.map((r) => ({ brandId, slug: r.slug, ...r.values }))).returning({ id: products.id, slug: products.slug });
  return new Map(inserted.map((r) => [r.slug, r.id]));
}

export async function updateProduct(tx: Executor, id: number, values: ProductValues): Promise<void> {
  await tx.update(products).set({ ...values, version: sql`${products.version} + 1` }).where(eq(products.id, id));
}

export async function insertProductRegions(tx: Executor, rows: { productId: number; regionId: number; idEnvProductSlug: string | null }[]): Promise<void> {
  if (rows.length > 0) await tx.insert(productRegions).values(rows);
}

export async function deleteProductRegions(tx: Executor, productId: number, regionIds: number[]): Promise<void> {
  if (regionIds.length > 0) await tx.delete(productRegions).where(and(eq(productRegions.productId, productId), inArray(productRegions.regionId, regionIds)));
}

export async function setIdEnvSlug(tx: Executor, productId: number, regionId: number, slug: string | null): Promise<void> {
  await tx.update(productRegions).set({ idEnvProductSlug: slug }).where(and(eq(productRegions.productId, productId), eq(productRegions.regionId, regionId)));
}

export async function deleteBrand(tx: Executor, id: number): Promise<void> {
  await tx.delete(brands).where(eq(brands.id, id));
}

export async function deleteProduct(tx: Executor, id: number): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** A thing that uses a product (in a region). */
export interface UseRow {
  kind: string;
  id: number;
  name: string;
  productId: number;
  regionId: number;
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Everything that names one of the products, in any region (each row says which): charts (their markets,
 * audiences, snapshots and outcome timeframes hang off them), journeys, named personas, custom
 * widgets of the all-data persona, audiences (lookalikes and shared ones too), comparisons,
 * motivation audience requests and activations. Each of these tables deletes its rows with the
 * product (on delete cascade), so a delete must be refused while any exists.
 */
export async function usesOf(db: Executor, productIds: number[]): Promise<UseRow[]> {
  if (productIds.length === 0) return [];
  const result = (await db.execute(sql`
    select kind, id, name, product_id as "productId", region_id as "regionId" from (
      select 'chart' as kind, id, name, product_id, region_id from mekkos
      union all select 'journey', id, name, product_id, region_id from journeys
      union all select 'persona', id, name, product_id, region_id from personas where not is_all_data
      union all select 'widget', w.id, w.name, p.product_id, p.region_id from custom_widgets w join personas p on p.id = w.persona_id where p.is_all_data
      union all select 'audience', id, name, product_id, region_id from audiences
      union all select 'comparison', id, name, product_id, region_id from comparisons
      union all select 'motivation_audience', id, name, product_id, region_id from motivation_audiences
      union all select 'activation', a.id, au.name, a.product_id, a.region_id from activations a join audiences au on au.id = a.audience_id
    ) u
    where product_id in (${idList(productIds)})
    order by kind, lower(name), id
  `)) as unknown as { rows: UseRow[] };
  return result.rows.map((r) => ({ ...r, id: Number(r.id), productId: Number(r.productId), regionId: Number(r.regionId) }));
}

/**
 * Users whose hierarchy permissions name the brand (client/region/brand, or one of its products'
 * paths); with `product`, only paths of that product.
 */
export function userGrantsOn(db: Executor, path: { client: string; brand: string; product?: string }) {
  const part = (n: number) => sql`split_part(${userHierarchyPermissions.slug}, '/', ${n})`;
  return db
    .select({ userId: users.id, email: users.email, slug: userHierarchyPermissions.slug })
    .from(userHierarchyPermissions)
    .innerJoin(users, eq(users.id, userHierarchyPermissions.userId))
    .where(and(
      sql`${part(1)} = ${path.client}`,
      sql`${part(3)} = ${path.brand}`,
      path.product === undefined ? undefined : sql`${part(4)} = ${path.product}`,
    ))
    .orderBy(asc(users.email));
}
