import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import {
  clientRegions,
  dataSets,
  demographicCategories,
  demographicValues,
  memberChunks,
  segments,
  vendorDataSources,
  vendors,
} from '../db/schema';

export async function upsertVendor(db: Executor, vendorName: string, vendorType: string): Promise<number> {
  await db.insert(vendors).values({ vendorName, vendorType }).onConflictDoNothing();
  const [row] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.vendorName, vendorName));
  if (!row) throw new Error(`vendor ${vendorName} missing after insert`);
  return row.id;
}

export async function regionOf(db: Executor, clientRegionId: number): Promise<number> {
  const [row] = await db.select({ regionId: clientRegions.regionId }).from(clientRegions).where(eq(clientRegions.id, clientRegionId));
  if (!row) throw new Error(`No client region ${clientRegionId}`);
  return row.regionId;
}

export function addVendorDataSource(db: Executor, vendorId: number, regionId: number, useCases: string[]) {
  return db.insert(vendorDataSources).values({ vendorId, regionId, useCases }).onConflictDoNothing();
}

/**
 * Forgets a client region's catalogue before it is made again (its members are the count
 * store's). Members the main database still holds from before the count store had its own
 * PGlite are dropped too.
 */
export async function clearPopulation(db: Executor, clientRegionId: number) {
  await db.delete(memberChunks).where(eq(memberChunks.clientRegionId, clientRegionId));
  await db.delete(segments).where(eq(segments.clientRegionId, clientRegionId));
  await db.delete(demographicCategories).where(eq(demographicCategories.clientRegionId, clientRegionId));
}

export function setDataSet(db: Executor, clientRegionId: number, people: number, seed: string, status: 'generating' | 'ready') {
  return db
    .insert(dataSets)
    .values({ clientRegionId, people, seed, status })
    .onConflictDoUpdate({ target: dataSets.clientRegionId, set: { people, seed, status, updatedAt: sql`now()` } });
}

export async function insertCategory(db: Executor, clientRegionId: number, name: string, position: number): Promise<number> {
  const [row] = await db.insert(demographicCategories).values({ clientRegionId, name, position }).returning({ id: demographicCategories.id });
  return row!.id;
}

export async function insertValues(db: Executor, categoryId: number, names: readonly string[]): Promise<number[]> {
  const rows = await db
    .insert(demographicValues)
    .values(names.map((name, position) => ({ categoryId, name, position })))
    .returning({ id: demographicValues.id, position: demographicValues.position });
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id);
}

export function insertSegment(db: Executor, row: typeof segments.$inferInsert) {
  return db.insert(segments).values(row);
}

/** Many segments in one statement (the seeder's batches). */
export async function insertSegments(db: Executor, rows: (typeof segments.$inferInsert)[]) {
  if (rows.length) await db.insert(segments).values(rows);
}
