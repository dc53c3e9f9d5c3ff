import type { ContextSlugs } from '@shared/rules/context';
import {
  discussionNodeResponseSchema, discussionUploadResultSchema, type DiscussionNode, type DiscussionUploadResult,
} from '@shared/schemas/discussions';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { apiUpload, type UploadProgress } from '../../lib/api-upload';

export const DISCUSSIONS_PATH = '/api/discussion-cluster-nodes';

export { discussionKeys, discussionNodesQueryOptions } from '../../lib/discussion-queries';

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
