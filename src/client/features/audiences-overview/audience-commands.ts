import { parseContextHeader } from '@shared/rules/context';
import {
  audienceResponseSchema, deleteAnswerSchema, lookalikeResponseSchema, shareAudienceResponseSchema,
  type AudienceDetail, type CreateLookalikeBody,
} from '@shared/schemas/audiences';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { tasksQueryRoot } from '../../lib/task-poller';
import { audienceKeys } from './audiences-queries';

/**
 * The overview's and detail page's writes (issue 16). Sent directly, not through the outbox, as
 * an index report is: each needs the server's answer in place (a delete refused because a chart
 * uses the audience names its users; a lookalike is a job the server starts; a share's answer
 * says where it went), and none means anything made offline. Every one refreshes the context's
 * overview, details and home list.
 */
const refresh = (context: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: audienceKeys.all(context) }),
    queryClient.invalidateQueries({ queryKey: ['home-entities', context] }),
  ]);

/**
 * Deletes an audience (a lookalike or optimized one through its own route, which also stops a
 * job still building it); a 409 (used by a chart, journey or activation) rejects with the
 * server's message naming the users.
 */
export async function deleteAudience(context: string, audience: Pick<AudienceDetail, 'id' | 'kind'>): Promise<string> {
  const route = audience.kind === 'lookalike' || audience.kind === 'pve' ? 'lookalikes' : 'audiences';
  const answer = await api(`/api/${route}/${audience.id}`, deleteAnswerSchema, { method: 'DELETE', context: parseContextHeader(context) });
  queryClient.removeQueries({ queryKey: audienceKeys.detail(context, audience.id) });
  void refresh(context);
  return answer.data.message;
}

/** Copies an audience ('Copy of {name}', made unique by the server). */
export async function copyAudience(context: string, audience: Pick<AudienceDetail, 'id'>): Promise<AudienceDetail> {
  const answer = await api(`/api/audiences/${audience.id}/copy`, audienceResponseSchema, { method: 'POST', body: {}, context: parseContextHeader(context) });
  void refresh(context);
  return answer.data;
}

/** Starts the job that builds a lookalike (or an optimized audience); it is pending at first. */
export async function createLookalike(context: string, body: CreateLookalikeBody): Promise<AudienceDetail> {
  const answer = await api('/api/lookalikes', lookalikeResponseSchema, { method: 'POST', body, context: parseContextHeader(context) });
  queryClient.setQueryData(audienceKeys.detail(context, answer.data.id), answer.data);
  void refresh(context);
  // The notification centre shows the job at once.
  void queryClient.invalidateQueries({ queryKey: tasksQueryRoot });
  return answer.data;
}

export async function shareAudience(context: string, audienceId: number, target: { client_id: number; region_id: number; product_id: number }): Promise<string> {
  const answer = await api(`/api/audiences/${audienceId}/share`, shareAudienceResponseSchema, { method: 'POST', body: target, context: parseContextHeader(context) });
  void queryClient.invalidateQueries({ queryKey: audienceKeys.detail(context, audienceId) });
  return answer.data.message;
}
