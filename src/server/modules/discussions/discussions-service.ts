import type { DiscussionClusterNode } from '@shared/schemas/journeys';
import type { Executor } from '../../db/client';
import * as repo from './discussions-repository';

/** The client's discussion cluster nodes that have clusters, by name (spec 3 §2.4: the others are not offered). */
export async function listNodes(db: Executor, clientId: number): Promise<DiscussionClusterNode[]> {
  const nodes = await repo.nodesOf(db, clientId);
  const clusters = await repo.clustersOf(db, nodes.map((n) => n.id));
  return nodes.flatMap((n) => {
    const own = clusters.filter((c) => c.nodeId === n.id).map((c) => ({ id: c.id, name: c.name, size: c.size }));
    return own.length ? [{ id: n.id, name: n.name, description: n.description, discussion_clusters: own }] : [];
  });
}
