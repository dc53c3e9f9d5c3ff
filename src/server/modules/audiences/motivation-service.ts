import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import type { motivationAudienceListResponseSchema } from '@shared/schemas/audiences';
import { ERROR_CODES } from '@shared/schemas/error';
import type * as z from 'zod/mini';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/types';
import { AppError } from '../../lib/errors';
import { auditWrite } from '../audit/audit-repository';
import { chartScope } from '../grow/grow-common';
import { contextClientRegion } from '../insights/insights-service';
import type { AudiencesScope } from './audience-service';
import { MOTIVATION_JOB, type MotivationPayload } from './lookalike-request';
import * as repo from './motivation-repository';

type Listed = z.infer<typeof motivationAudienceListResponseSchema>['data'][number];
type JobStatus = Listed['attributes']['job_status'];
const STATUSES: readonly string[] = ['pending', 'processing', 'complete', 'failed'];

export function motivationView(row: repo.MotivationRow): Listed {
  const status = (STATUSES.includes(row.jobStatus) ? row.jobStatus : 'pending') as JobStatus;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Spec 3 §4: cleared while pending or processing.
    attributes: { job_status: status, count: { people: status === 'complete' ? row.peopleCount : null } },
    audience_id: row.audienceId,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listMotivations(scope: AudiencesScope) {
  return (await repo.listMotivations(scope.db, chartScope(scope.ctx))).map(motivationView);
}

/**
 * Queues the job that makes a stored motivation request (in the request's transaction, so the
 * request and its job exist together or not at all).
 */
export async function queueMotivation(
  scope: { db: Executor; auth: AudiencesScope['auth']; ctx: AudiencesScope['ctx']; data: AudiencesScope['data'] },
  jobs: JobQueue,
  motivationId: number,
): Promise<string> {
  const context = [scope.ctx.clientSlug, scope.ctx.regionSlug, scope.ctx.brandSlug, scope.ctx.productSlug].join('/');
  const payload: MotivationPayload = { motivationId, clientRegionId: await contextClientRegion(scope), context };
  const jobId = await jobs.send(MOTIVATION_JOB, payload, { userId: scope.auth.user.id, clientId: scope.ctx.clientId, context }, { tx: scope.db });
  await repo.setMotivationJob(scope.db, motivationId, jobId);
  return jobId;
}

/**
 * Deletes a motivation request of the scope: one still being made has its job cancelled. The
 * audience a complete one became stays (an audience like any other, deleted from the overview).
 */
/**
 * Deletes a request in the caller's transaction; its job, when one is still queued or running,
 * is for the caller to cancel once that transaction has committed (on PGlite the queue's own
 * statements would wait behind it for ever).
 */
export async function deleteMotivation(scope: AudiencesScope, id: number): Promise<{ message: string; jobToCancel: string | null }> {
  const row = await repo.findMotivation(scope.db, chartScope(scope.ctx), id);
  if (!row) throw new AppError(404, ERROR_CODES.notFound, `There is no motivation audience ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'motivation_audience', id } });
  await repo.deleteMotivation(scope.db, row.id);
  await auditWrite(scope, 'motivation_audience.delete', `motivation_audience:${row.id}`, { name: row.name });
  const running = row.jobId !== null && (row.jobStatus === 'pending' || row.jobStatus === 'processing');
  return { message: AUDIENCES_TEXT.deleted(row.name), jobToCancel: running ? row.jobId : null };
}
