import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader, type ContextSlugs } from '@shared/rules/context';
import { discussionNodeListResponseSchema, discussionNodeResponseSchema, type DiscussionNode, type DiscussionNodeBody } from '@shared/schemas/discussions';
import { api } from './api-client';
import { entityListStore, readThrough } from './offline/read-through';

export const DISCUSSIONS_PATH = '/api/discussion-cluster-nodes';

/** The keys of the discussion nodes' reads: every screen's list is under ['discussions']. */
export const discussionKeys = {
  all: ['discussions'] as const,
  list: (context: string) => ['discussions', context] as const,
};

/**
 * The client's discussion cluster nodes by name, each with its word bubbles and uses (spec 2 §7,
 * spec 3 §7; issue 30): the journey's Discussion dropdown and stage panel, Grow's audience form
 * and insights, and Discussions Upload read it. `context` is the X-Context string. Written
 * through to the device (with the journeys' rows, where they were first kept), so the word
 * bubbles show offline like every other read.
 */
export const discussionNodesQueryOptions = (context: string) =>
  queryOptions({
    queryKey: discussionKeys.list(context),
    queryFn: ({ queryKey, signal }): Promise<DiscussionNode[]> =>
      readThrough(
        queryKey,
        async () => (await api('/api/discussion-cluster-nodes', discussionNodeListResponseSchema, { context: parseContextHeader(context), signal })).data,
        entityListStore<DiscussionNode>('journeys', `${context}#discussions`),
      ),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });

/**
 * Creates (id null) or updates a node: its name and description, and its word bubbles when given
 * (Grow's discussion cluster form; Discussions Upload's drawer leaves them to the upload).
 */
export async function saveNode(context: ContextSlugs | null, id: number | null, fields: DiscussionNodeBody['discussion_cluster_node']): Promise<DiscussionNode> {
  const body = { discussion_cluster_node: fields };
  const path = id === null ? DISCUSSIONS_PATH : `${DISCUSSIONS_PATH}/${id}`;
  return (await api(path, discussionNodeResponseSchema, { method: id === null ? 'POST' : 'PUT', body, context })).data;
}
