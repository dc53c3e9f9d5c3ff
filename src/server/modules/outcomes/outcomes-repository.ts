import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { MarketOutcome, OutcomeFigures, SubmarketOutcome } from '@shared/rules/outcomes';
import type { Executor } from '../../db/client';
import { brands, clientRegions, clients, marketOutcomes, markets, mekkos, outcomeTimeframes, products, regions, submarketOutcomes, subMarkets, tasks } from '../../db/schema';

export type TimeframeRow = typeof outcomeTimeframes.$inferSelect;
export type MarketOutcomeRow = typeof marketOutcomes.$inferSelect;
export type SubmarketOutcomeRow = typeof submarketOutcomes.$inferSelect;

/** The charts one X-Context product in one region sees (as Grow's). */
export interface ChartScope {
  clientId: number;
  productId: number;
  regionId: number;
}

/** A timeframe's figures at the three levels, as a write stores them. */
export interface TimeframeFigures extends OutcomeFigures {
  market_outcomes: readonly MarketOutcome[];
  submarket_outcomes: readonly SubmarketOutcome[];
}

/** A timeframe with its stored market and audience figures. */
export interface StoredTimeframe {
  row: TimeframeRow;
  markets: MarketOutcomeRow[];
  submarkets: SubmarketOutcomeRow[];
}

const chartInScope = (scope: ChartScope) => and(eq(mekkos.clientId, scope.clientId), eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId));

/** The market and audience figures of these timeframes. */
async function figuresOf(db: Executor, rows: TimeframeRow[]): Promise<StoredTimeframe[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [m, s] = await Promise.all([
    db.select().from(marketOutcomes).where(inArray(marketOutcomes.timeframeId, ids)),
    db.select().from(submarketOutcomes).where(inArray(submarketOutcomes.timeframeId, ids)),
  ]);
  return rows.map((row) => ({ row, markets: m.filter((x) => x.timeframeId === row.id), submarkets: s.filter((x) => x.timeframeId === row.id) }));
}

/** A chart's timeframes, newest first. */
export async function timeframesOf(db: Executor, mekkoId: number): Promise<StoredTimeframe[]> {
  const rows = await db.select().from(outcomeTimeframes).where(eq(outcomeTimeframes.mekkoId, mekkoId)).orderBy(desc(outcomeTimeframes.year), desc(outcomeTimeframes.month));
  return figuresOf(db, rows);
}

/** The months a chart has timeframes for. */
export function monthsOf(db: Executor, mekkoId: number): Promise<{ year: number; month: number }[]> {
  return db.select({ year: outcomeTimeframes.year, month: outcomeTimeframes.month }).from(outcomeTimeframes).where(eq(outcomeTimeframes.mekkoId, mekkoId));
}

/** A timeframe whose chart is one of the scope's; another product's, region's or client's is not found. */
export async function findTimeframe(db: Executor, scope: ChartScope, id: number): Promise<TimeframeRow | null> {
  const [found] = await db.select({ t: outcomeTimeframes }).from(outcomeTimeframes).innerJoin(mekkos, eq(mekkos.id, outcomeTimeframes.mekkoId))
    .where(and(eq(outcomeTimeframes.id, id), chartInScope(scope)));
  return found?.t ?? null;
}

export async function withFigures(db: Executor, row: TimeframeRow): Promise<StoredTimeframe> {
  const [stored] = await figuresOf(db, [row]);
  return stored!;
}

/**
 * Moves the timeframe from `version` to the next before anything else of a write is done
 * (decision 007); null when it is not (or no longer) at `version` or not the scope's.
 */
export async function claimTimeframe(db: Executor, scope: ChartScope, id: number, version: number): Promise<TimeframeRow | null> {
  const [row] = await db
    .update(outcomeTimeframes)
    .set({ version: sql`${outcomeTimeframes.version} + 1`, updatedAt: sql`now()` })
    .where(and(
      eq(outcomeTimeframes.id, id),
      eq(outcomeTimeframes.version, version),
      inArray(outcomeTimeframes.mekkoId, db.select({ id: mekkos.id }).from(mekkos).where(chartInScope(scope))),
    ))
    .returning();
  return row ?? null;
}

/** Replaces the timeframe's market and audience figures with these. */
async function writeFigures(db: Executor, timeframeId: number, figures: TimeframeFigures): Promise<void> {
  await db.delete(marketOutcomes).where(eq(marketOutcomes.timeframeId, timeframeId));
  await db.delete(submarketOutcomes).where(eq(submarketOutcomes.timeframeId, timeframeId));
  if (figures.market_outcomes.length) {
    await db.insert(marketOutcomes).values(figures.market_outcomes.map((m) => ({ timeframeId, marketId: m.market_id, total: m.total, matched: m.matched, modeled: m.modeled })));
  }
  if (figures.submarket_outcomes.length) {
    await db.insert(submarketOutcomes).values(figures.submarket_outcomes.map((s) => ({ timeframeId, subMarketId: s.sub_market_id, marketId: s.market_id, total: s.total, matched: s.matched, modeled: s.modeled })));
  }
}

/** A typed timeframe ('entered'); the unique index refuses a second one for the month. */
export async function insertTimeframe(db: Executor, values: { mekkoId: number; clientId: number; year: number; month: number; createdBy: number }, figures: TimeframeFigures): Promise<TimeframeRow> {
  const [row] = await db.insert(outcomeTimeframes).values({ ...values, source: 'entered', total: figures.total, matched: figures.matched, modeled: figures.modeled }).returning();
  if (!row) throw new Error('insert returned no timeframe');
  await writeFigures(db, row.id, figures);
  return row;
}

/** An edit's figures (the timeframe is claimed already): it becomes 'entered'. */
export async function updateFigures(db: Executor, id: number, figures: TimeframeFigures): Promise<TimeframeRow> {
  const [row] = await db.update(outcomeTimeframes).set({ source: 'entered', total: figures.total, matched: figures.matched, modeled: figures.modeled }).where(eq(outcomeTimeframes.id, id)).returning();
  if (!row) throw new Error('update found no timeframe');
  await writeFigures(db, id, figures);
  return row;
}

/** Its market and audience figures go with it (foreign keys cascade). */
export async function deleteTimeframe(db: Executor, id: number): Promise<void> {
  await db.delete(outcomeTimeframes).where(eq(outcomeTimeframes.id, id));
}

/**
 * Records a chart's month (the record jobs): a new timeframe, or the month's earlier recording
 * replaced (its version moves on); a month typed or edited by hand ('entered') is left alone.
 * @returns the stored timeframe, or null when the month was 'entered'
 */
export async function recordMonth(db: Executor, chart: { id: number; clientId: number }, month: { year: number; month: number }, figures: TimeframeFigures, createdBy: number | null): Promise<TimeframeRow | null> {
  const [row] = await db
    .insert(outcomeTimeframes)
    .values({ mekkoId: chart.id, clientId: chart.clientId, year: month.year, month: month.month, source: 'recorded', recordedAt: sql`now()`, createdBy, total: figures.total, matched: figures.matched, modeled: figures.modeled })
    .onConflictDoUpdate({
      target: [outcomeTimeframes.mekkoId, outcomeTimeframes.year, outcomeTimeframes.month],
      set: {
        total: sql`excluded.total`,
        matched: sql`excluded.matched`,
        modeled: sql`excluded.modeled`,
        recordedAt: sql`now()`,
        version: sql`${outcomeTimeframes.version} + 1`,
        updatedAt: sql`now()`,
      },
      setWhere: ne(outcomeTimeframes.source, 'entered'),
    })
    .returning();
  if (!row) return null;
  await writeFigures(db, row.id, figures);
  return row;
}

// ---- charts and contexts for the jobs --------------------------------------------------------

export type ChartRow = typeof mekkos.$inferSelect;

/** The scope's charts: the default first, then by name (Grow's order: the first is the default or the first chart). */
export function chartsOf(db: Executor, scope: ChartScope): Promise<ChartRow[]> {
  return db.select().from(mekkos).where(chartInScope(scope)).orderBy(desc(mekkos.isDefault), asc(sql`lower(${mekkos.name})`), asc(mekkos.id));
}

/** Every chart of every product and region, with its client region and the slugs of its context (the month-close job). */
export function allChartsWithContext(db: Executor) {
  return db
    .select({
      chart: mekkos,
      clientRegionId: clientRegions.id,
      slug: sql<string>`${clients.slug} || '/' || ${regions.slug} || '/' || ${brands.slug} || '/' || ${products.slug}`,
    })
    .from(mekkos)
    .innerJoin(clients, eq(clients.id, mekkos.clientId))
    .innerJoin(regions, eq(regions.id, mekkos.regionId))
    .innerJoin(products, eq(products.id, mekkos.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(clientRegions, and(eq(clientRegions.clientId, mekkos.clientId), eq(clientRegions.regionId, mekkos.regionId)))
    .orderBy(asc(mekkos.clientId), asc(mekkos.productId), asc(mekkos.regionId), desc(mekkos.isDefault), asc(sql`lower(${mekkos.name})`), asc(mekkos.id));
}

/** The chart ids and market ids of a chart, and its audiences with the market each is in now. */
export async function chartShape(db: Executor, mekkoId: number) {
  const [m, a] = await Promise.all([
    db.select({ id: markets.id, name: markets.name }).from(markets).where(eq(markets.mekkoId, mekkoId)).orderBy(asc(markets.position), asc(markets.id)),
    db.select({ id: subMarkets.id, name: subMarkets.name, marketId: subMarkets.marketId }).from(subMarkets).where(eq(subMarkets.mekkoId, mekkoId)).orderBy(asc(subMarkets.position), asc(subMarkets.id)),
  ]);
  return { markets: m.map((x) => ({ id: x.id, name: x.name, sub_markets: a.filter((s) => s.marketId === x.id).map((s) => ({ id: s.id, name: s.name })) })) };
}

// ---- tasks ---------------------------------------------------------------------------------------

/** The 'Record this month' task, in progress until its job completes it. */
export async function insertRecordTask(db: Executor, values: { userId: number; clientId: number; name: string; productSlug: string; requestId: string | null }) {
  const [row] = await db.insert(tasks).values({ ...values, reportType: 'outcome_completed', status: 'processing' }).returning();
  if (!row) throw new Error('insert returned no task');
  return row;
}

export async function setTaskJob(db: Executor, id: number, jobId: string) {
  await db.update(tasks).set({ jobId }).where(eq(tasks.id, id));
}

/** Completes (or fails) an outcome task still in progress; false when it is gone or already ended. */
export async function finishTask(db: Executor, id: number, values: { status: 'completed' | 'failed'; error?: string | null; request?: unknown }): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ status: values.status, error: values.error ?? null, ...(values.request !== undefined ? { request: values.request } : {}) })
    .where(and(eq(tasks.id, id), eq(tasks.reportType, 'outcome_completed'), inArray(tasks.status, ['received', 'processing'])))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function taskById(db: Executor, id: number) {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row ?? null;
}
