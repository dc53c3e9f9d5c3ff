import { can } from '@shared/permissions';
import { INDEX_REPORT_REFUSALS, indexReportFileName, reportHistoryFileName } from '@shared/rules/index-report';
import { isTaskInProgress } from '@shared/rules/notifications';
import { ERROR_CODES } from '@shared/schemas/error';
import type { IndexReportBody } from '@shared/schemas/index-reports';
import type { Task } from '@shared/schemas/notifications';
import type { Db, Executor } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import type { JobQueue } from '../../jobs/types';
import { AppError, forbidden, notFound } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import { checkRules, contextClientRegion } from '../insights/insights-service';
import { taskView } from '../notifications/task-view';
import { historyWorkbook } from './history-workbook';
import { INDEX_REPORT_JOB, XLSX_TYPE, type IndexReportRequest } from './index-report-request';
import * as repo from './reports-repository';

/** Who asks, from where, with what. */
export interface ReportScope {
  /** The database outside the write's transaction (the cached hierarchy reads it). */
  db: Db;
  auth: RequestAuth;
  ctx: RequestContext;
  data: DataManager;
}

/** What Report History shows of a download. */
export const ASSET_TYPE_INDEX_REPORT = 'Index Report';
/** Report History holds at most this many downloads, the newest. */
export const HISTORY_LIMIT = 100_000;

const list = (ids: number[]) => ids.join(', ');

/**
 * Checks an index report request against the context (spec 3 §5) and, in the write's
 * transaction, creates its task and queues the job that makes it.
 */
export async function requestIndexReport(scope: ReportScope, tx: Executor, jobs: JobQueue, body: IndexReportBody, requestId: string) {
  const { auth, ctx } = scope;
  const client = (await hierarchyFor(scope.db, auth)).find((c) => c.id === ctx.clientId);
  const region = client?.regions.find((r) => r.id === ctx.regionId);
  const brand = region?.brands.find((b) => b.id === ctx.brandId);
  const product = brand?.products.find((p) => p.id === ctx.productId);
  if (!client || !region || !brand || !product) throw notFound('The context product was not found.');
  if (client.lite) throw forbidden(INDEX_REPORT_REFUSALS.lite);
  if (body.tab === 'market_level') throw new AppError(422, ERROR_CODES.validation, INDEX_REPORT_REFUSALS.marketLevel, { field: 'tab' });

  const clientRegion = await contextClientRegion({ db: tx, ctx, data: scope.data });
  // Refused now, as the insights panel is, rather than failing in the job after its retries.
  const engine = scope.data.engineFor(clientRegion, auth.dataSource);
  if (typeof engine === 'string') throw new AppError(503, ERROR_CODES.dataNotReady, engine);
  const base = body.compare_base;
  await checkRules(scope, clientRegion, [body.audience.rules, ...(base.type === 'audience' ? [base.rules] : [])]);
  const categories = [...new Set(body.categories)];
  const known = new Set((await scope.data.catalog(clientRegion)).categories.map((c) => c.id));
  const unknown = categories.filter((id) => !known.has(id));
  if (unknown.length) {
    throw new AppError(422, ERROR_CODES.validation, `${ctx.clientSlug}/${ctx.regionSlug} has no demographic categor${unknown.length > 1 ? 'ies' : 'y'} ${list(unknown)}.`, { field: 'categories', unknown });
  }

  const slug = [ctx.clientSlug, ctx.regionSlug, ctx.brandSlug, ctx.productSlug].join('/');
  const request: IndexReportRequest = {
    ...body,
    categories,
    data_source: auth.dataSource,
    client_region_id: clientRegion,
    context: { slug, name: [client.name, region.name, brand.name, product.name].join(' / '), region: region.name },
  };
  return queueIndexReport(tx, jobs, { userId: auth.user.id, clientId: ctx.clientId }, request, requestId);
}

/** Creates an index report's task (received) and queues its job, in the caller's transaction. */
export async function queueIndexReport(tx: Executor, jobs: JobQueue, owner: { userId: number; clientId: number }, request: IndexReportRequest, requestId: string | null) {
  const task = await repo.insertTask(tx, {
    userId: owner.userId,
    clientId: owner.clientId,
    reportType: 'index_report',
    status: 'received',
    name: indexReportFileName(request.name, new Date()),
    uiName: request.name,
    productSlug: request.context.slug,
    requestId,
    request,
  });
  const jobId = await jobs.send(INDEX_REPORT_JOB, { taskId: task.id }, { userId: owner.userId, clientId: owner.clientId, context: request.context.slug }, { tx });
  const stored = await repo.setTaskJob(tx, task.id, jobId);
  return { task: taskView(stored), job_id: jobId } satisfies { task: Task; job_id: string };
}

const noSuchTask = (id: number) => notFound(`You have no notification ${id} in this client.`);

/**
 * A finished report's file, for its owner or a report admin (report_task_admin create) in the
 * same client; anyone else, another tenant included, is told there is no such task. The owner's
 * first download sets downloaded_at; every download is recorded for Report History.
 */
export async function downloadReport(scope: ReportScope, id: number) {
  const { auth, ctx } = scope;
  const task = await repo.taskInClient(scope.db, id, ctx.clientId);
  const owner = task?.userId === auth.user.id;
  if (!task || (!owner && !can(auth.permissions, 'report_task_admin', 'create'))) throw noSuchTask(id);
  if (task.reportType !== 'index_report') throw new AppError(409, ERROR_CODES.conflict, 'This notification has no report to download.');
  if (isTaskInProgress(task)) throw new AppError(409, ERROR_CODES.conflict, 'This report is still being made. Download it when it is ready.');
  if (task.status === 'failed') throw new AppError(409, ERROR_CODES.conflict, `This report could not be made: ${task.error ?? 'no reason was recorded'}`);
  const file = task.fileId === null ? null : await repo.fileOfClient(scope.db, task.fileId, ctx.clientId);
  if (!file) throw notFound("This report's file is no longer available.");
  // The person at the keyboard goes in the history, the administrator too while viewing as someone.
  const person = auth.parentUser ?? auth.user;
  await scope.db.transaction((tx) => repo.recordDownload(tx, task, { userId: person.id, email: person.email, owner }, ASSET_TYPE_INDEX_REPORT));
  return { name: file.name, contentType: file.contentType || XLSX_TYPE, bytes: file.bytes };
}

/** Report History of the context's client (spec 1 §2.8): every recorded download, newest first. */
export async function reportHistory(scope: ReportScope, env: string) {
  const rows = await repo.downloadsOfClient(scope.db, scope.ctx.clientId, HISTORY_LIMIT);
  return { name: reportHistoryFileName(env, new Date()), contentType: XLSX_TYPE, bytes: historyWorkbook(rows) };
}

