import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, clientRegions, clients, productRegions, products, regions } from '../../db/schema';

/** Clients with their regions. */
export function clientRegionRows(db: Executor) {
  return db
    .select({ client: clients, region: regions, clientRegion: clientRegions })
    .from(clients)
    .leftJoin(clientRegions, eq(clientRegions.clientId, clients.id))
    .leftJoin(regions, eq(regions.id, clientRegions.regionId))
    .orderBy(asc(clients.name), asc(regions.name));
}

/** Brands and their products, with the regions each product is sold in. */
export function brandProductRows(db: Executor, clientIds: number[]) {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .select({ brand: brands, product: products, regionId: productRegions.regionId })
    .from(brands)
    .innerJoin(products, eq(products.brandId, brands.id))
    .innerJoin(productRegions, eq(productRegions.productId, products.id))
    .where(inArray(brands.clientId, clientIds))
    .orderBy(asc(brands.category), asc(brands.name), asc(products.name));
}

/** The ids behind a full client/region/brand/product slug path, when the product is sold there. */
export async function findProductScope(db: Executor, slugs: { client: string; region: string; brand: string; product: string }) {
  const [row] = await db
    .select({ clientId: clients.id, regionId: regions.id, productId: products.id })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(clients, eq(clients.id, brands.clientId))
    .innerJoin(productRegions, eq(productRegions.productId, products.id))
    .innerJoin(regions, eq(regions.id, productRegions.regionId))
    .where(and(eq(clients.slug, slugs.client), eq(regions.slug, slugs.region), eq(brands.slug, slugs.brand), eq(products.slug, slugs.product)));
  return row;
}
