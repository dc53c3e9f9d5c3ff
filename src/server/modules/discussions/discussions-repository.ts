import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { discussionClusterNodes, discussionClusters } from '../../db/schema';

export type NodeRow = typeof discussionClusterNodes.$inferSelect;
export type ClusterRow = typeof discussionClusters.$inferSelect;

/** The client's discussion cluster nodes, by name. */
export function nodesOf(db: Executor, clientId: number): Promise<NodeRow[]> {
  return db.select().from(discussionClusterNodes).where(eq(discussionClusterNodes.clientId, clientId)).orderBy(asc(discussionClusterNodes.name), asc(discussionClusterNodes.id));
}

/** The clusters of these nodes, largest first. */
export function clustersOf(db: Executor, nodeIds: readonly number[]): Promise<ClusterRow[]> {
  if (nodeIds.length === 0) return Promise.resolve([]);
  return db.select().from(discussionClusters).where(inArray(discussionClusters.nodeId, [...nodeIds])).orderBy(asc(discussionClusters.nodeId), asc(discussionClusters.id));
}
