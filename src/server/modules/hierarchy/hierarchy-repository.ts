import { asc, eq, inArray } from 'drizzle-orm';
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
