import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Figure } from '@shared/rules/uploads';
import { markets, mekkos, segments, subMarkets, tvCountSettings, vendors } from '../../db/schema';

export type ChartRow = typeof mekkos.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;
export type AudienceRow = typeof subMarkets.$inferSelect;

/** The charts one X-Context product in one region sees (spec 3 §3: a chart belongs to both). */
export interface ChartScope {
  clientId: number;
  productId: number;
  regionId: number;
}

/** What a chart write sets; ids, scope, version and timestamps are the repository's. */
export type ChartValues = Pick<ChartRow, 'name' | 'isDefault' | 'measurementLabel' | 'countType' | 'verticalType'>;
/** What an audience write sets. */
export type AudienceValues = Pick<
  AudienceRow,
  'name' | 'tag' | 'matchedShortId' | 'modeledShortId' | 'population' | 'weboClusterId' | 'discussionClusterNodeId'
>;

const inScope = (scope: ChartScope) =>
  and(eq(mekkos.clientId, scope.clientId), eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId));

export async function hasTvSettings(db: Executor, clientRegion: number): Promise<boolean> {
  const rows = await db.select({ id: tvCountSettings.clientRegionId }).from(tvCountSettings).where(eq(tvCountSettings.clientRegionId, clientRegion)).limit(1);
  return rows.length > 0;
}

// ---- charts ---------------------------------------------------------------------------------

/** The scope's charts: the default first, then by name as people read it. */
export function listCharts(db: Executor, scope: ChartScope): Promise<ChartRow[]> {
  return db.select().from(mekkos).where(inScope(scope)).orderBy(desc(mekkos.isDefault), asc(sql`lower(${mekkos.name})`), asc(mekkos.id));
}

/**
 * One chart of the scope; another scope's chart is not found. A write that adds rows under it
 * (a snapshot) locks it (share), so the chart cannot be deleted under the write.
 */
export async function findChart(db: Executor, scope: ChartScope, id: number, lock = false): Promise<ChartRow | null> {
  const query = db.select().from(mekkos).where(and(inScope(scope), eq(mekkos.id, id)));
  const [row] = await (lock ? query.for('share') : query);
  return row ?? null;
}

export function chartNames(db: Executor, scope: ChartScope): Promise<{ id: number; name: string }[]> {
  return db.select({ id: mekkos.id, name: mekkos.name }).from(mekkos).where(inScope(scope));
}

/**
 * Moves the chart from `version` to the next one before anything else of a write is done: the
 * row lock it takes makes a concurrent write on the same version wait, then find it moved on.
 * Null when the chart is not (or no longer) at `version`.
 */
export async function claimChart(db: Executor, scope: ChartScope, id: number, version: number): Promise<ChartRow | null> {
  const [row] = await db
    .update(mekkos)
    .set({ version: sql`${mekkos.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(mekkos.id, id), eq(mekkos.version, version)))
    .returning();
  return row ?? null;
}

/** The scope has at most one default chart (a partial unique index): this one gives it up first. */
export async function clearDefault(db: Executor, scope: ChartScope, exceptId?: number): Promise<void> {
  await db
    .update(mekkos)
    .set({ isDefault: false, version: sql`${mekkos.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(mekkos.isDefault, true), exceptId === undefined ? undefined : ne(mekkos.id, exceptId)));
}

export async function insertChart(db: Executor, scope: ChartScope, values: ChartValues, createdBy: number): Promise<ChartRow> {
  const [row] = await db.insert(mekkos).values({ ...scope, ...values, createdBy }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateChart(db: Executor, id: number, values: Partial<ChartValues>): Promise<ChartRow> {
  const [row] = await db.update(mekkos).set(values).where(eq(mekkos.id, id)).returning();
  if (!row) throw new Error('update found no chart');
  return row;
}

/** Markets, audiences and snapshots go with it (foreign keys cascade). */
export async function deleteChart(db: Executor, id: number): Promise<void> {
  await db.delete(mekkos).where(eq(mekkos.id, id));
}

// ---- markets and audiences --------------------------------------------------------------------

export function marketsOf(db: Executor, mekkoId: number): Promise<MarketRow[]> {
  return db.select().from(markets).where(eq(markets.mekkoId, mekkoId)).orderBy(asc(markets.position), asc(markets.id));
}

/** The audiences of these charts, each market's in order. */
export function audiencesOf(db: Executor, mekkoIds: readonly number[]): Promise<AudienceRow[]> {
  if (mekkoIds.length === 0) return Promise.resolve([]);
  return db.select().from(subMarkets).where(inArray(subMarkets.mekkoId, [...mekkoIds])).orderBy(asc(subMarkets.marketId), asc(subMarkets.position), asc(subMarkets.id));
}

export async function insertMarkets(db: Executor, mekkoId: number, values: readonly { name: string; position: number }[]): Promise<MarketRow[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(markets).values(values.map((v) => ({ ...v, mekkoId }))).returning();
  return rows.sort((a, b) => a.position - b.position);
}

export async function renameMarket(db: Executor, id: number, name: string): Promise<void> {
  await db.update(markets).set({ name }).where(eq(markets.id, id));
}

/** Its audiences go with it (the foreign key cascades). */
export async function deleteMarket(db: Executor, id: number): Promise<void> {
  await db.delete(markets).where(eq(markets.id, id));
}

export async function insertAudiences(
  db: Executor,
  values: readonly (AudienceValues & { mekkoId: number; marketId: number; position: number })[],
): Promise<AudienceRow[]> {
  if (values.length === 0) return [];
  return db.insert(subMarkets).values([...values]).returning();
}

export async function updateAudience(db: Executor, id: number, values: AudienceValues & { marketId: number; position: number }): Promise<void> {
  await db.update(subMarkets).set(values).where(eq(subMarkets.id, id));
}

export async function deleteAudiences(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(subMarkets).where(inArray(subMarkets.id, [...ids]));
}

/** Positions 0..n-1 in the order of `ids`, in one statement. */
function positionsCase(idColumn: SQL | typeof markets.id | typeof subMarkets.id, ids: readonly number[]): SQL {
  const whens = sql.join(ids.map((id, i) => sql`when ${id}::int then ${i}::int`), sql` `);
  return sql`case ${idColumn} ${whens} end`;
}

export async function setMarketPositions(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(markets).set({ position: positionsCase(markets.id, ids) }).where(inArray(markets.id, [...ids]));
}

export async function setAudiencePositions(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(subMarkets).set({ position: positionsCase(subMarkets.id, ids) }).where(inArray(subMarkets.id, [...ids]));
}

// ---- segments ---------------------------------------------------------------------------------

export interface SegmentRow {
  shortId: number;
  identifier: string;
  name: string;
  pathParts: string[];
  vendorType: string;
  deleted: boolean;
  peopleCount: number;
  allowCreateAudienceSingle: boolean;
}

const segmentColumns = {
  shortId: segments.shortId,
  identifier: segments.identifier,
  name: segments.name,
  pathParts: segments.pathParts,
  vendorType: vendors.vendorType,
  deleted: segments.deleted,
  peopleCount: segments.peopleCount,
  allowCreateAudienceSingle: segments.allowCreateAudienceSingle,
};

/** The client region's segments among these short ids (deleted ones included); others' are not found. */
export function segmentsOf(db: Executor, clientRegion: number, shortIds: readonly number[]): Promise<SegmentRow[]> {
  if (shortIds.length === 0) return Promise.resolve([]);
  return db
    .select(segmentColumns)
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(eq(segments.clientRegionId, clientRegion), inArray(segments.shortId, [...new Set(shortIds)])))
    .orderBy(asc(segments.shortId));
}

/** Live segments of the client region under these top > middle paths, lowest short id first (vertical templates). */
export function liveSegmentsUnder(db: Executor, clientRegion: number, paths: readonly (readonly [string, string])[]): Promise<SegmentRow[]> {
  if (paths.length === 0) return Promise.resolve([]);
  const pairs = sql.join(paths.map(([top, middle]) => sql`(${top}::text, ${middle}::text)`), sql`, `);
  return db
    .select(segmentColumns)
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(
      eq(segments.clientRegionId, clientRegion),
      eq(segments.deleted, false),
      sql`(${segments.pathParts}->>0, ${segments.pathParts}->>1) in (${pairs})`,
    ))
    .orderBy(asc(segments.shortId));
}

/** An audience's market-level demographic figures (the Grow uploader, issue 29). */
/** What the Grow uploader sets on an audience: its market-level figures and its discussion cluster node. */
export async function setAudienceUpload(db: Executor, id: number, values: { demographics: Figure[]; discussionClusterNodeId: number | null }): Promise<void> {
  await db.update(subMarkets).set(values).where(eq(subMarkets.id, id));
}
