import { queryOptions } from '@tanstack/react-query';
import type { ContextSlugs } from '@shared/rules/context';
import {
  discussionNodeListResponseSchema, discussionNodeResponseSchema, discussionUploadResultSchema,
  type DiscussionNode, type DiscussionUploadResult,
} from '@shared/schemas/discussions';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { apiUpload, type UploadProgress } from '../../lib/api-upload';

export const DISCUSSIONS_PATH = '/api/discussion-cluster-nodes';

/** The keys of the discussion nodes' reads: the journey's dropdown and Grow's form share the list. */
export const discussionKeys = {
  all: ['discussions'] as const,
  list: (client: string) => ['discussions', client] as const,
};

/** The client's discussion cluster nodes, by name, with their bubbles and uses (spec 2 §7). */
export const discussionNodesQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: discussionKeys.list(context.client),
    queryFn: async ({ signal }): Promise<DiscussionNode[]> => (await api(DISCUSSIONS_PATH, discussionNodeListResponseSchema, { context, signal })).data,
  });

export interface NodeFields {
  name: string;
  description: string;
}

export async function saveNode(context: ContextSlugs, id: number | null, fields: NodeFields): Promise<DiscussionNode> {
  const body = { discussion_cluster_node: fields };
  const path = id === null ? DISCUSSIONS_PATH : `${DISCUSSIONS_PATH}/${id}`;
  return (await api(path, discussionNodeResponseSchema, { method: id === null ? 'POST' : 'PUT', body, context })).data;
}

export async function deleteNode(context: ContextSlugs, id: number): Promise<void> {
  await api(`${DISCUSSIONS_PATH}/${id}`, z.unknown(), { method: 'DELETE', context });
}

export function uploadBubbles(context: ContextSlugs, id: number, file: File, onProgress: (p: UploadProgress) => void): Promise<DiscussionUploadResult> {
  return apiUpload(`${DISCUSSIONS_PATH}/${id}/upload`, file, discussionUploadResultSchema, { context, onProgress });
}
