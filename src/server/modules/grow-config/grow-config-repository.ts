import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientRegions, clients, mekkos, regions, tvCountSettings } from '../../db/schema';

/** A product in a region of a client: where a Grow chart lives. */
export interface ChartScope {
  clientId: number;
  productId: number;
  regionId: number;
}

export async function featureFlags(db: Executor, clientId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ flags: clients.featureFlags }).from(clients).where(eq(clients.id, clientId));
  return row?.flags ?? {};
}

export async function clientRegion(db: Executor, clientId: number, regionId: number) {
  const [row] = await db
    .select({ id: clientRegions.id, marketLevelOnly: clientRegions.marketLevelOnly })
    .from(clientRegions)
    .where(and(eq(clientRegions.clientId, clientId), eq(clientRegions.regionId, regionId)));
  return row ?? null;
}

/** Slugs of the client's regions whose charts are market level only. */
export async function marketLevelOnlySlugs(db: Executor, clientId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: regions.slug })
    .from(clientRegions)
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clientRegions.clientId, clientId), eq(clientRegions.marketLevelOnly, true)))
    .orderBy(asc(regions.slug));
  return rows.map((r) => r.slug);
}

export async function tvSettings(db: Executor, clientRegionId: number) {
  const [row] = await db.select().from(tvCountSettings).where(eq(tvCountSettings.clientRegionId, clientRegionId));
  return row ?? null;
}

/**
 * A chart of the scope; a chart of another client, product or region is not found. A write that
 * adds rows under it locks it (share), so the chart cannot be deleted under the write.
 */
export async function findChart(db: Executor, scope: ChartScope, id: number, lock = false) {
  const query = db
    .select({ id: mekkos.id, name: mekkos.name })
    .from(mekkos)
    .where(and(eq(mekkos.id, id), eq(mekkos.clientId, scope.clientId), eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId)));
  const [row] = await (lock ? query.for('share') : query);
  return row ?? null;
}
