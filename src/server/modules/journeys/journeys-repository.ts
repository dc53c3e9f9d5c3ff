import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Figure } from '@shared/rules/uploads';
import { journeyBrands, journeys, journeyStages, journeySubMarkets } from '../../db/schema';

export type JourneyRow = typeof journeys.$inferSelect;
export type BrandRow = typeof journeyBrands.$inferSelect;
export type StageRow = typeof journeyStages.$inferSelect;
export type CellRow = typeof journeySubMarkets.$inferSelect;

/** The journeys one X-Context product in one region sees (as Grow's charts). */
export interface JourneyScope {
  clientId: number;
  productId: number;
  regionId: number;
}

/** What a journey write sets; ids, scope, version and timestamps are the repository's. */
export type JourneyValues = Pick<JourneyRow, 'name' | 'isDefault' | 'hasTransitionData'>;
export type CellValues = Pick<CellRow, 'population' | 'matchedId' | 'modeledId' | 'discussionClusterNodeId'>;

const inScope = (scope: JourneyScope) =>
  and(eq(journeys.clientId, scope.clientId), eq(journeys.productId, scope.productId), eq(journeys.regionId, scope.regionId));

/** The scope's journeys: the default first, then by name as people read it. */
export function listJourneys(db: Executor, scope: JourneyScope): Promise<JourneyRow[]> {
  return db.select().from(journeys).where(inScope(scope)).orderBy(desc(journeys.isDefault), asc(sql`lower(${journeys.name})`), asc(journeys.id));
}

/** One journey of the scope; another scope's is not found. */
export async function findJourney(db: Executor, scope: JourneyScope, id: number): Promise<JourneyRow | null> {
  const [row] = await db.select().from(journeys).where(and(inScope(scope), eq(journeys.id, id)));
  return row ?? null;
}

export function journeyNames(db: Executor, scope: JourneyScope): Promise<{ id: number; name: string }[]> {
  return db.select({ id: journeys.id, name: journeys.name }).from(journeys).where(inScope(scope));
}

/**
 * Moves the journey from `version` to the next before anything else of a write is done (decision
 * 007): its row lock makes a concurrent write on the same version wait, then find it moved on.
 */
export async function claimJourney(db: Executor, scope: JourneyScope, id: number, version: number): Promise<JourneyRow | null> {
  const [row] = await db
    .update(journeys)
    .set({ version: sql`${journeys.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(journeys.id, id), eq(journeys.version, version)))
    .returning();
  return row ?? null;
}

/** The scope has at most one default journey (a partial unique index): the other gives it up first. */
export async function clearDefault(db: Executor, scope: JourneyScope, exceptId?: number): Promise<void> {
  await db
    .update(journeys)
    .set({ isDefault: false, version: sql`${journeys.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(journeys.isDefault, true), exceptId === undefined ? undefined : ne(journeys.id, exceptId)));
}

export async function insertJourney(db: Executor, scope: JourneyScope, values: JourneyValues, createdBy: number): Promise<JourneyRow> {
  const [row] = await db.insert(journeys).values({ ...scope, ...values, createdBy }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateJourney(db: Executor, id: number, values: JourneyValues): Promise<JourneyRow> {
  const [row] = await db.update(journeys).set(values).where(eq(journeys.id, id)).returning();
  if (!row) throw new Error('update found no journey');
  return row;
}

/** Its brands, stages and cells go with it (foreign keys cascade). */
export async function deleteJourney(db: Executor, id: number): Promise<void> {
  await db.delete(journeys).where(eq(journeys.id, id));
}

// ---- brands, stages and cells ------------------------------------------------------------------

export interface JourneyItems {
  brands: BrandRow[];
  stages: StageRow[];
  cells: CellRow[];
}

/** The items of these journeys: brands by order, stages by priority. */
export async function itemsOf(db: Executor, journeyIds: readonly number[]): Promise<JourneyItems> {
  if (journeyIds.length === 0) return { brands: [], stages: [], cells: [] };
  const ids = [...journeyIds];
  const [brands, stages, cells] = await Promise.all([
    db.select().from(journeyBrands).where(inArray(journeyBrands.journeyId, ids)).orderBy(asc(journeyBrands.order), asc(journeyBrands.id)),
    db.select().from(journeyStages).where(inArray(journeyStages.journeyId, ids)).orderBy(asc(journeyStages.priority), asc(journeyStages.id)),
    db.select().from(journeySubMarkets).where(inArray(journeySubMarkets.journeyId, ids)).orderBy(asc(journeySubMarkets.id)),
  ]);
  return { brands, stages, cells };
}

/** The brands and stages a save sends: `id` null for a new one. */
export interface SavedBrand { id: number | null; name: string; order: number }
export interface SavedStage { id: number | null; name: string; priority: number; icon: string }

/**
 * Makes the journey's brands (or stages) these: the ones not named go (their cells with them),
 * named ones are updated, new ones inserted.
 * @returns the ids, in the order given
 */
export async function saveBrands(db: Executor, journeyId: number, brands: readonly SavedBrand[]): Promise<number[]> {
  const kept = brands.flatMap((b) => (b.id === null ? [] : [b.id]));
  await db.delete(journeyBrands).where(and(eq(journeyBrands.journeyId, journeyId), kept.length ? notInArray(journeyBrands.id, kept) : undefined));
  const ids: number[] = [];
  for (const b of brands) {
    if (b.id !== null) {
      await db.update(journeyBrands).set({ name: b.name, order: b.order }).where(and(eq(journeyBrands.id, b.id), eq(journeyBrands.journeyId, journeyId)));
      ids.push(b.id);
    } else {
      const [row] = await db.insert(journeyBrands).values({ journeyId, name: b.name, order: b.order }).returning({ id: journeyBrands.id });
      if (!row) throw new Error('insert returned no brand');
      ids.push(row.id);
    }
  }
  return ids;
}

export async function saveStages(db: Executor, journeyId: number, stages: readonly SavedStage[]): Promise<number[]> {
  const kept = stages.flatMap((s) => (s.id === null ? [] : [s.id]));
  await db.delete(journeyStages).where(and(eq(journeyStages.journeyId, journeyId), kept.length ? notInArray(journeyStages.id, kept) : undefined));
  const ids: number[] = [];
  for (const s of stages) {
    if (s.id !== null) {
      await db.update(journeyStages).set({ name: s.name, priority: s.priority, icon: s.icon }).where(and(eq(journeyStages.id, s.id), eq(journeyStages.journeyId, journeyId)));
      ids.push(s.id);
    } else {
      const [row] = await db.insert(journeyStages).values({ journeyId, name: s.name, priority: s.priority, icon: s.icon }).returning({ id: journeyStages.id });
      if (!row) throw new Error('insert returned no stage');
      ids.push(row.id);
    }
  }
  return ids;
}

/** Writes every cell (one per brand and stage): an existing pair keeps its row and id. */
export async function saveCells(db: Executor, journeyId: number, cells: readonly (CellValues & { journeyBrandId: number; journeyStageId: number })[]): Promise<void> {
  if (cells.length === 0) return;
  await db
    .insert(journeySubMarkets)
    .values(cells.map((c) => ({ ...c, journeyId })))
    .onConflictDoUpdate({
      target: [journeySubMarkets.journeyBrandId, journeySubMarkets.journeyStageId],
      set: {
        population: sql`excluded.population`,
        matchedId: sql`excluded.matched_id`,
        modeledId: sql`excluded.modeled_id`,
        discussionClusterNodeId: sql`excluded.discussion_cluster_node_id`,
      },
    });
}

/** Clears the named segments of these cells' matched or modeled fields ('Remove Invalid Audience(s)'). */
export async function clearSegments(db: Executor, journeyId: number, shortIds: readonly number[]): Promise<void> {
  if (shortIds.length === 0) return;
  const ids = [...shortIds];
  await db.update(journeySubMarkets)
    .set({
      matchedId: sql`case when ${inArray(journeySubMarkets.matchedId, ids)} then null else ${journeySubMarkets.matchedId} end`,
      modeledId: sql`case when ${inArray(journeySubMarkets.modeledId, ids)} then null else ${journeySubMarkets.modeledId} end`,
    })
    .where(eq(journeySubMarkets.journeyId, journeyId));
}

/** A cell's market-level demographic figures (the Journeys uploader, issue 29). */
export async function setCellDemographics(db: Executor, journeyId: number, brandId: number, stageId: number, figures: Figure[]): Promise<void> {
  await db.update(journeySubMarkets).set({ demographics: figures })
    .where(and(eq(journeySubMarkets.journeyId, journeyId), eq(journeySubMarkets.journeyBrandId, brandId), eq(journeySubMarkets.journeyStageId, stageId)));
}
