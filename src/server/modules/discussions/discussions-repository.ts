import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Bubble } from '@shared/rules/discussions';
import type { Executor } from '../../db/client';
import {
  discussionClusterNodes, discussionClusters, journeyBrands, journeys, journeyStages, journeySubMarkets, markets, mekkos, subMarkets,
} from '../../db/schema';

export type NodeRow = typeof discussionClusterNodes.$inferSelect;
export type ClusterRow = typeof discussionClusters.$inferSelect;

/** The client's discussion cluster nodes, by name. */
export function nodesOf(db: Executor, clientId: number): Promise<NodeRow[]> {
  return db.select().from(discussionClusterNodes).where(eq(discussionClusterNodes.clientId, clientId))
    .orderBy(asc(sql`lower(${discussionClusterNodes.name})`), asc(discussionClusterNodes.id));
}

/** One node of the client (another client's is not found); locked for a write when asked. */
export async function findNode(db: Executor, clientId: number, id: number, lock = false): Promise<NodeRow | null> {
  const query = db.select().from(discussionClusterNodes).where(and(eq(discussionClusterNodes.clientId, clientId), eq(discussionClusterNodes.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The clusters (word bubbles) of these nodes, in their file's order. */
export function clustersOf(db: Executor, nodeIds: readonly number[]): Promise<ClusterRow[]> {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db.select().from(discussionClusters).where(inArray(discussionClusters.nodeId, [...nodeIds]))
    .orderBy(asc(discussionClusters.nodeId), asc(discussionClusters.position), asc(discussionClusters.id));
}

/** The Grow audiences that use these nodes, named 'Chart › Market › Audience'. */
export function audiencesUsing(db: Executor, nodeIds: readonly number[]): Promise<{ nodeId: number | null; id: number; name: string }[]> {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db.select({
    nodeId: subMarkets.discussionClusterNodeId,
    id: subMarkets.id,
    name: sql<string>`${mekkos.name} || ' › ' || ${markets.name} || ' › ' || ${subMarkets.name}`,
  }).from(subMarkets)
    .innerJoin(markets, eq(markets.id, subMarkets.marketId))
    .innerJoin(mekkos, eq(mekkos.id, subMarkets.mekkoId))
    .where(inArray(subMarkets.discussionClusterNodeId, [...nodeIds]))
    .orderBy(asc(subMarkets.id));
}

/** The journey cells that use these nodes, named 'Journey › Brand › Stage'. */
export function cellsUsing(db: Executor, nodeIds: readonly number[]): Promise<{ nodeId: number | null; id: number; name: string }[]> {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db.select({
    nodeId: journeySubMarkets.discussionClusterNodeId,
    id: journeySubMarkets.id,
    name: sql<string>`${journeys.name} || ' › ' || ${journeyBrands.name} || ' › ' || ${journeyStages.name}`,
  }).from(journeySubMarkets)
    .innerJoin(journeys, eq(journeys.id, journeySubMarkets.journeyId))
    .innerJoin(journeyBrands, eq(journeyBrands.id, journeySubMarkets.journeyBrandId))
    .innerJoin(journeyStages, eq(journeyStages.id, journeySubMarkets.journeyStageId))
    .where(inArray(journeySubMarkets.discussionClusterNodeId, [...nodeIds]))
    .orderBy(asc(journeySubMarkets.id));
}

export async function insertNode(db: Executor, clientId: number, values: { name: string; description: string }): Promise<NodeRow> {
  const [row] = await db.insert(discussionClusterNodes).values({ clientId, ...values }).returning();
  return row!;
}

export async function updateNode(db: Executor, id: number, values: { name: string; description: string }): Promise<void> {
  await db.update(discussionClusterNodes).set({ ...values, updatedAt: new Date() }).where(eq(discussionClusterNodes.id, id));
}

export async function deleteNode(db: Executor, id: number): Promise<void> {
  await db.delete(discussionClusterNodes).where(eq(discussionClusterNodes.id, id));
}

/** Replaces a node's word bubbles with these, in this order (spec 2 §5's upload; the caller's transaction). */
export async function replaceClusters(db: Executor, nodeId: number, bubbles: readonly Bubble[]): Promise<void> {
  await db.delete(discussionClusters).where(eq(discussionClusters.nodeId, nodeId));
  if (bubbles.length > 0) {
    await db.insert(discussionClusters).values(bubbles.map((b, position) => ({ nodeId, name: b.name, theme: b.theme, reach: b.reach, size: b.size, position })));
  }
  await db.update(discussionClusterNodes).set({ updatedAt: new Date() }).where(eq(discussionClusterNodes.id, nodeId));
}

/** The client's discussion cluster nodes among these ids (others' are not found). */
export async function clientNodeIds(db: Executor, clientId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: discussionClusterNodes.id }).from(discussionClusterNodes)
    .where(and(eq(discussionClusterNodes.clientId, clientId), inArray(discussionClusterNodes.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}
