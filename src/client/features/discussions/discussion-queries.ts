import type { ContextSlugs } from '@shared/rules/context';
import { discussionUploadResultSchema, type DiscussionUploadResult } from '@shared/schemas/discussions';
import * as z from 'zod/mini';
import { api } from '../../lib/api-client';
import { apiUpload, type UploadProgress } from '../../lib/api-upload';
import { DISCUSSIONS_PATH } from '../../lib/discussion-queries';

export { DISCUSSIONS_PATH, discussionKeys, discussionNodesQueryOptions, saveNode } from '../../lib/discussion-queries';

export async function deleteNode(context: ContextSlugs, id: number): Promise<void> {
  await api(`${DISCUSSIONS_PATH}/${id}`, z.unknown(), { method: 'DELETE', context });
}

export function uploadBubbles(context: ContextSlugs, id: number, file: File, onProgress: (p: UploadProgress) => void): Promise<DiscussionUploadResult> {
  return apiUpload(`${DISCUSSIONS_PATH}/${id}/upload`, file, discussionUploadResultSchema, { context, onProgress });
}
