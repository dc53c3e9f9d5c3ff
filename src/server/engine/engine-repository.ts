import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { clientRegions, clients, dataSets, demographicCategories, demographicValues, regions, segments } from '../db/schema';
import type { SetKind } from './sql/member-chunks-repository';

export interface RegionData {
  clientRegionId: number;
  clientId: number;
  regionId: number;
  client: string;
  region: string;
  /** Null when the region has no data set yet. */
  people: number | null;
  status: string | null;
}

/** Every client region, with its data set if it has one. */
export function regionsWithData(db: Executor): Promise<RegionData[]> {
  return db
    .select({ clientRegionId: clientRegions.id, clientId: clientRegions.clientId, regionId: clientRegions.regionId, client: clients.slug, region: regions.slug, people: dataSets.people, status: dataSets.status })
    .from(clientRegions)
    .innerJoin(clients, eq(clients.id, clientRegions.clientId))
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .leftJoin(dataSets, eq(dataSets.clientRegionId, clientRegions.id))
    .orderBy(asc(clientRegions.id));
}

/** The sets the bitmap engine loads: every segment (zero-count ones too) and every attribute value. */
export async function regionSets(db: Executor, clientRegionId: number): Promise<{ kind: SetKind; id: number }[]> {
  const segs = await db.select({ id: segments.shortId }).from(segments).where(eq(segments.clientRegionId, clientRegionId)).orderBy(asc(segments.shortId));
  const values = await db
    .select({ id: demographicValues.id })
    .from(demographicValues)
    .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicValues.id));
  return [...segs.map((s) => ({ kind: 'segment' as const, id: s.id })), ...values.map((v) => ({ kind: 'attribute' as const, id: v.id }))];
}

/** What the API checks a question against: each segment short id (deleted or not) and the categories. */
export async function regionCatalog(db: Executor, clientRegionId: number) {
  const segs = await db.select({ id: segments.shortId, deleted: segments.deleted }).from(segments).where(eq(segments.clientRegionId, clientRegionId));
  const rows = await db
    .select({ categoryId: demographicCategories.id, category: demographicCategories.name, valueId: demographicValues.id, value: demographicValues.name })
    .from(demographicCategories)
    .innerJoin(demographicValues, eq(demographicValues.categoryId, demographicCategories.id))
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicCategories.position), asc(demographicValues.position));
  const categories = new Map<number, { id: number; name: string; values: { id: number; name: string }[] }>();
  for (const r of rows) {
    const c = categories.get(r.categoryId) ?? { id: r.categoryId, name: r.category, values: [] };
    c.values.push({ id: r.valueId, name: r.value });
    categories.set(r.categoryId, c);
  }
  return { segments: new Map(segs.map((s) => [s.id, s.deleted])), categories: [...categories.values()] };
}
export type RegionCatalog = Awaited<ReturnType<typeof regionCatalog>>;
