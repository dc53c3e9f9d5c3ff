import { randomUUID } from 'node:crypto';
import { AUDIENCES_TEXT, LOOKALIKE, lookalikeSize } from '@shared/rules/audience-kinds';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { AudienceDetail, CreateLookalikeBody } from '@shared/schemas/audiences';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/types';
import { AppError } from '../../lib/errors';
import { chartScope } from '../grow/grow-common';
import { checkRules, contextClientRegion, engineOf, timed } from '../insights/insights-service';
import * as repo from './audience-repository';
import { audienceAudit, listedInScope, rulesOf, storedDetail, type AudiencesScope } from './audience-service';
import { LOOKALIKE_JOB, type LookalikePayload } from './lookalike-request';

const invalid = (path: string, message: string) => new AppError(422, ERROR_CODES.validation, message, [{ path, message }]);

/** A lookalike checked before its transaction: its seed's rule, name and the people it will be. */
export interface PreparedLookalike {
  body: CreateLookalikeBody;
  seed: AudienceRules;
  seedRow: repo.AudienceRow | null;
  clientRegionId: number;
  size: number;
}

/**
 * Checks a lookalike request before its transaction: the seed (an audience of the scope, ready and
 * with a rule; or a rule of the region's segments), and what the reach asks against the seed and
 * the region (lookalikeSize: a seed of at least LOOKALIKE.minSeed people, a reach the region has
 * outside the seed), 422 naming the field; 503 while the region's data is not ready.
 */
export async function prepareLookalike(scope: AudiencesScope, body: CreateLookalikeBody): Promise<PreparedLookalike> {
  const asker = { db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx };
  const clientRegionId = await contextClientRegion(scope);
  let seed: AudienceRules;
  let seedRow: repo.AudienceRow | null = null;
  if (body.seed_audience_id !== undefined) {
    seedRow = (await listedInScope(scope, body.seed_audience_id)).audience;
    const rules = rulesOf(seedRow);
    if (seedRow.status !== 'ready') throw invalid('body.seed_audience_id', `'${seedRow.name}' is still being built: make its lookalike once it is ready.`);
    if (!rules) throw invalid('body.seed_audience_id', AUDIENCES_TEXT.noSegmentsInRegion);
    seed = rules;
  } else {
    seed = body.seed_rules!;
  }
  const engine = engineOf(asker, clientRegionId);
  await checkRules(asker, clientRegionId, [seed]);
  const counts = await timed(asker, () => engine.ruleCounts(clientRegionId, seed));
  const { size, error } = lookalikeSize(body.reach, counts.count, counts.people);
  if (error) throw invalid(error === AUDIENCES_TEXT.seedTooSmall ? (seedRow ? 'body.seed_audience_id' : 'body.seed_rules') : 'body.reach', error);
  return { body, seed, seedRow, clientRegionId, size };
}

/** What queues a lookalike: where, of what seed, how far, by whom. */
export interface LookalikeOrder {
  scope: repo.AudienceScope;
  clientRegionId: number;
  /** client/region/brand/product: its page's and its notification's context. */
  context: string;
  name: string;
  seed: AudienceRules;
  seedRow: repo.AudienceRow | null;
  reach: CreateLookalikeBody['reach'];
  optimized: boolean;
  userId: number;
  dataSource: LookalikePayload['dataSource'];
}

/**
 * Makes the pending lookalike (or optimized audience) and queues its job, in the caller's
 * transaction: a hidden segment of the client region for its people (short id, identifier), the
 * audience naming that segment, and the job that builds it. Answers the audience and its job.
 */
export async function queueLookalike(db: Executor, jobs: JobQueue, o: LookalikeOrder): Promise<{ row: repo.AudienceRow; jobId: string }> {
  const identifier = randomUUID();
  const shortId = await repo.allocateSegment(db, o.clientRegionId, { identifier, name: o.name, folder: o.optimized ? 'Optimized' : 'Lookalikes' });
  const row = await repo.insertDerived(db, {
    ...o.scope,
    name: o.name,
    description: null,
    type: 'lookalike',
    audienceType: o.optimized ? 'pve' : null,
    rules: { include: { and: [[shortId]] }, exclude: [], values: [] },
    identifier,
    shortId,
    status: 'pending',
    reach: o.reach,
    seedAudienceId: o.seedRow?.id ?? null,
    seedIdentifier: o.seedRow?.identifier ?? null,
    seedName: o.seedRow?.name ?? null,
    createdBy: o.userId,
  });
  const payload: LookalikePayload = { audienceId: row.id, clientRegionId: o.clientRegionId, seed: o.seed, reach: o.reach, dataSource: o.dataSource, context: o.context };
  const jobId = await jobs.send(LOOKALIKE_JOB, payload, { userId: o.userId, clientId: o.scope.clientId, context: o.context }, { tx: db });
  return { row: await repo.updateAudience(db, row.id, { jobId }), jobId };
}

/** The lookalike of a checked request (prepareLookalike), in the write's transaction: the pending audience and its job. */
export async function createLookalike(scope: AudiencesScope, jobs: JobQueue, p: PreparedLookalike): Promise<{ data: AudienceDetail; meta: { job_id: string } }> {
  const name = p.body.name.trim();
  const context = [scope.ctx.clientSlug, scope.ctx.regionSlug, scope.ctx.brandSlug, scope.ctx.productSlug].join('/');
  const { row, jobId } = await queueLookalike(scope.db, jobs, {
    scope: chartScope(scope.ctx),
    clientRegionId: p.clientRegionId,
    context,
    name,
    seed: p.seed,
    seedRow: p.seedRow,
    reach: p.body.reach,
    optimized: p.body.audience_type === 'pve',
    userId: scope.auth.user.id,
    dataSource: scope.auth.dataSource,
  });
  await audienceAudit(scope, 'lookalike.create', row.id, { name, seed: p.seedRow?.id ?? null, reach: p.body.reach, size: p.size, holdout_share: LOOKALIKE.holdoutShare });
  return { data: await storedDetail(scope, row.id), meta: { job_id: jobId } };
}

/** The scope's lookalikes and optimized audiences, newest first. */
export async function listLookalikes(scope: AudiencesScope) {
  const { rows } = await repo.listAudiences(scope.db, chartScope(scope.ctx), { search: '', sort: 'created_at', dir: 'desc', page: 1, pageSize: 10_000 });
  return rows.filter((r) => r.audience.type === 'lookalike' && r.audience.sharedFromClientId === null);
}

/** A lookalike of the scope (404 for any other audience). */
export async function lookalikeInScope(scope: AudiencesScope, id: number) {
  const listed = await listedInScope(scope, id);
  if (listed.audience.type !== 'lookalike') throw new AppError(404, ERROR_CODES.notFound, `There is no lookalike ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'lookalike', id } });
  return listed;
}
