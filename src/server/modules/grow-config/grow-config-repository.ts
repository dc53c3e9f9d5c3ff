import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientRegions, regions, tvCountSettings } from '../../db/schema';

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
