import { refusal, storedEndDate } from '@shared/rules/activations';
import type { Activation, ActivationDetail, ActivationsPage, ActivationsQuery, CreateActivationBody } from '@shared/schemas/activations';
import { ACTIVATION_STATES } from '@shared/schemas/activations';
import { audienceRulesSchema } from '@shared/schemas/audience-rules';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import type { JobQueue, JobRecord } from '../../jobs/types';
import { AppError, notFound } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './activations-repository';

export const DELIVERY_JOB = 'activation-delivery';

/** The caller, its X-Context product, and what a write needs beside its transaction. */
export interface ActivationScopeInput {
  auth: RequestAuth;
  ctx: RequestContext;
}
export interface WriteScope extends ActivationScopeInput {
  tx: Executor;
  jobs: JobQueue;
  data: DataManager;
  requestId: string;
}

const scopeOf = (ctx: RequestContext): repo.ActivationScope => ({ clientId: ctx.clientId, regionId: ctx.regionId!, productId: ctx.productId! });
const contextOf = (ctx: RequestContext) => [ctx.clientSlug, ctx.regionSlug, ctx.brandSlug, ctx.productSlug].filter(Boolean).join('/');
const today = () => new Date().toISOString().slice(0, 10);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
const asState = (s: string) => (ACTIVATION_STATES as readonly string[]).includes(s) ? (s as Activation['state']) : 'error';

export function toView({ activation: a, audienceName, destination }: repo.ListedActivation): Activation {
  return {
    id: a.id,
    audience_id: a.audienceId,
    audience_name: audienceName,
    destination,
    state: asState(a.state),
    last_refresh: iso(a.lastRefresh),
    sent_date: iso(a.sentDate),
    end_date: a.endDate.toISOString(),
    member_count: a.memberCount,
    error: a.error,
    job_id: a.jobId,
    file_name: a.filePath ? a.filePath.split(/[\\/]/).pop() ?? null : null,
    version: a.version,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

const jobView = (job: JobRecord) => ({
  id: job.id,
  type: job.type,
  state: job.state,
  attempts: job.attempts,
  max_attempts: job.maxAttempts,
  progress: job.progress,
  message: job.message,
  error: job.error,
  created_at: job.createdAt,
  started_at: job.startedAt,
  finished_at: job.finishedAt,
});

export async function listActivations(db: Db, ctx: RequestContext, query: ActivationsQuery): Promise<ActivationsPage> {
  const { rows, total } = await repo.listActivations(db, scopeOf(ctx), query);
  return { data: rows.map(toView), meta: { page: query.page, per_page: query.per_page, total } };
}

async function found(db: Executor, ctx: RequestContext, id: number, lock = false) {
  const row = await repo.findActivation(db, scopeOf(ctx), id, lock);
  if (!row) throw notFound(`There is no activation ${id} in ${contextOf(ctx)}.`);
  return row;
}

/** An activation with its delivery job as the queue last saw it (none once the queue has forgotten it). */
export async function getActivation(db: Db, jobs: JobQueue, ctx: RequestContext, id: number): Promise<ActivationDetail> {
  const view = toView(await found(db, ctx, id));
  const job = view.job_id ? await jobs.get(view.job_id).catch(() => null) : null;
  return { ...view, job: job ? jobView(job) : null };
}

export const listDestinations = (db: Db, ctx: RequestContext) => repo.listDestinations(db, ctx.clientId);
export const listActivatableAudiences = (db: Db, ctx: RequestContext) => repo.activatableAudiences(db, scopeOf(ctx));

/** Delivering reads the region's stored members: while they are being made, 503 DATA_NOT_READY rather than a delivery of no one. */
async function requireData(scope: WriteScope) {
  const clientRegion = await contextClientRegion({ db: scope.tx, ctx: scope.ctx, data: scope.data });
  const engine = scope.data.engineFor(clientRegion, scope.auth.dataSource);
  if (typeof engine === 'string') throw new AppError(503, ERROR_CODES.dataNotReady, engine);
}

async function sendDelivery(scope: WriteScope, activationId: number): Promise<string> {
  return scope.jobs.send(DELIVERY_JOB, { activationId }, { userId: scope.auth.user.id, clientId: scope.ctx.clientId, context: contextOf(scope.ctx) }, { tx: scope.tx });
}

function audit(scope: WriteScope, action: string, id: number, details: Record<string, unknown>) {
  return auditWrite({ ...scope, db: scope.tx }, action, `activation:${id}`, details);
}

/**
 * Activates a saved audience of the context's product and region to a destination of its client:
 * the activation is made In Progress and its delivery job queued in the same transaction, so
 * neither exists without the other.
 */
export async function createActivation(scope: WriteScope, body: CreateActivationBody): Promise<Activation> {
  const { tx, ctx } = scope;
  const audience = await repo.findAudience(tx, scopeOf(ctx), body.audience_id);
  if (!audience) throw notFound(`There is no saved audience ${body.audience_id} in ${contextOf(ctx)}.`);
  const destination = await repo.findDestination(tx, ctx.clientId, body.destination_id);
  if (!destination) throw notFound(`${ctx.clientSlug} has no destination ${body.destination_id}.`);
  if (!audienceRulesSchema.safeParse(audience.rules).success) {
    throw new AppError(422, ERROR_CODES.validation, `"${audience.name}" has no audience rule to deliver.`, [{ path: 'body.audience_id', message: 'This audience has no rule to deliver.' }]);
  }
  if (body.end_date !== null && body.end_date < today()) {
    throw new AppError(422, ERROR_CODES.validation, 'End date cannot be in the past.', [{ path: 'body.end_date', message: 'End date cannot be in the past.' }]);
  }
  await requireData(scope);
  const row = await repo.insertActivation(tx, {
    ...scopeOf(ctx),
    audienceId: audience.id,
    destinationId: destination.id,
    state: 'in_progress',
    endDate: new Date(storedEndDate(body.end_date)),
    createdBy: scope.auth.user.id,
  });
  const jobId = await sendDelivery(scope, row.id);
  await repo.updateActivation(tx, row.id, { jobId });
  await audit(scope, 'activation.create', row.id, { audience_id: audience.id, destination_id: destination.id, end_date: body.end_date, job_id: jobId });
  return toView(await found(tx, ctx, row.id));
}

/** Re-sends an activation: a new delivery job, In Progress again; 409 while one runs or after its end date. */
export async function refreshActivation(scope: WriteScope, id: number): Promise<Activation> {
  const { tx, ctx } = scope;
  const current = await found(tx, ctx, id, true);
  const why = refusal('refresh', asState(current.activation.state), current.activation.endDate.toISOString(), today());
  if (why) throw conflict(why);
  await requireData(scope);
  const jobId = await sendDelivery(scope, id);
  await repo.updateActivation(tx, id, { state: 'in_progress', jobId, error: null });
  await audit(scope, 'activation.refresh', id, { job_id: jobId });
  return toView(await found(tx, ctx, id));
}

/**
 * Cancels an activation: state Canceled at once; its job (answered as `jobToCancel`) is stopped
 * by the caller once this transaction has committed. A job that finishes first anyway cannot
 * complete it (the job changes only an activation still being delivered) and removes its file.
 */
export async function cancelActivation(scope: WriteScope, id: number): Promise<{ activation: Activation; jobToCancel: string | null }> {
  const { tx, ctx } = scope;
  const current = await found(tx, ctx, id, true);
  const state = asState(current.activation.state);
  const why = refusal('cancel', state, current.activation.endDate.toISOString(), today());
  if (why) throw conflict(why);
  await repo.updateActivation(tx, id, { state: 'canceled' });
  await audit(scope, 'activation.cancel', id, { from: state, job_id: current.activation.jobId });
  const jobToCancel = state === 'in_progress' || state === 'finalizing' ? current.activation.jobId : null;
  return { activation: toView(await found(tx, ctx, id)), jobToCancel };
}
