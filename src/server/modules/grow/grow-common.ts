import { GROW_TEXT, type FieldIssue } from '@shared/rules/grow';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Mekko } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { DataManager } from '../../engine/data-manager';
import { AppError, notFound, unavailable } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { writeAudit } from '../audit/audit-repository';
import { contextClientRegion } from '../insights/insights-service';
import { audiencesInModels } from '../snapshots/model-refresh';
import * as repo from './grow-repository';
import { namedShortIds, toMekko, type ChartParts, type Readiness } from './grow-views';

/**
 * What every Grow call works with: the database (a write's transaction), the caller, the
 * X-Context product and region, and the count engine's view of the region's data.
 */
export interface GrowScope {
  db: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  data: DataManager;
  requestId: string;
}

/** A write's answer: the whole chart, and the ids of items it made for the client's temporary keys. */
export interface ChartAnswer {
  data: Mekko;
  meta?: { created: Record<string, number> };
}

/**
 * The chart scope of a product-level X-Context (the context plugin has resolved every level):
 * the one rule of the chart, snapshot, settings and saved audience routes.
 */
export function chartScope(ctx: RequestContext): repo.ChartScope {
  if (ctx.productId === undefined || ctx.regionId === undefined) throw new Error('a Grow route needs a product X-Context');
  return { clientId: ctx.clientId, productId: ctx.productId, regionId: ctx.regionId };
}

/** Segments are judged only once the region's data is ready (spec 3 §2.2 invalid-identifier check). */
export function readinessOf(scope: Pick<GrowScope, 'ctx' | 'data'>): Readiness {
  const status = scope.data.statuses().find((s) => s.client === scope.ctx.clientSlug && s.region === scope.ctx.regionSlug);
  return status?.state === 'ready' ? { checked: true, people: status.people } : { checked: false, people: null };
}

export async function partsOf(scope: GrowScope, chart: repo.ChartRow): Promise<ChartParts> {
  const [markets, audiences] = await Promise.all([repo.marketsOf(scope.db, chart.id), repo.audiencesOf(scope.db, [chart.id])]);
  const shortIds = audiences.flatMap(namedShortIds);
  const segments = shortIds.length ? await repo.segmentsOf(scope.db, await contextClientRegion(scope), shortIds) : [];
  const inModels = await audiencesInModels(scope.db, audiences.map((a) => a.id));
  return { chart, markets, audiences, segments, inModels, readiness: readinessOf(scope) };
}

export async function viewOf(scope: GrowScope, chart: repo.ChartRow): Promise<Mekko> {
  return toMekko(await partsOf(scope, chart));
}

export const chartNotFound = (id: number) => notFound(`There is no Grow chart ${id} in this product and region: it may have been deleted.`);

/** The chart, when it is one of the X-Context product's in its region; 404 otherwise (another tenant's included). */
export async function chartInScope(db: Executor, ctx: RequestContext, id: number, lock = false): Promise<repo.ChartRow> {
  const chart = await repo.findChart(db, chartScope(ctx), id, lock);
  if (!chart) throw chartNotFound(id);
  return chart;
}
export const marketNotFound = (id: number) => notFound(`There is no market ${id} in this Grow chart: it may have been deleted.`);
export const audienceNotFound = (id: number) => notFound(`There is no audience ${id} in this Grow chart: it may have been deleted.`);

/** 422 with every issue, each naming its field (`body.name`), the first one as the message. */
export function invalid(issues: readonly FieldIssue[], where = 'body'): AppError {
  return new AppError(
    422,
    ERROR_CODES.validation,
    issues[0]?.message ?? 'The chart is not valid.',
    issues.map((i) => ({ path: `${where}.${i.field}`, message: i.message })),
  );
}

/** The 404 or 409 for a chart that was not at the version a write was based on. */
async function notAtVersion(scope: GrowScope, id: number): Promise<AppError> {
  const current = await repo.findChart(scope.db, chartScope(scope.ctx), id);
  if (!current) return chartNotFound(id);
  return new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('Grow chart'), { current: await viewOf(scope, current) });
}

/**
 * Every write to a chart, its markets or audiences starts here: the chart moves from the sent
 * version to the next (decision 007), or the write is refused with 404 or 409.
 */
export async function claim(scope: GrowScope, id: number, version: number): Promise<repo.ChartRow> {
  const row = await repo.claimChart(scope.db, chartScope(scope.ctx), id, version);
  if (!row) throw await notAtVersion(scope, id);
  return row;
}

/** The unique indexes are the last guard against a concurrent write: they give the checks' messages. */
export async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    switch (uniqueViolation(err)) {
      case 'mekkos_scope_name_key':
        throw invalid([{ field: 'name', message: GROW_TEXT.chartNameTaken }]);
      case 'markets_name_key':
        throw invalid([{ field: 'name', message: GROW_TEXT.marketNameTaken }]);
      case 'sub_markets_name_key':
        throw invalid([{ field: 'name', message: GROW_TEXT.audienceNameTaken }]);
      case 'mekkos_scope_default_key':
        // Another chart became the default in a write that committed meanwhile: a resend will do.
        throw unavailable('Another chart was made the default at the same time; send it again.');
      default:
        throw err;
    }
  }
}

export function audit(scope: GrowScope, action: string, chartId: number, details: Record<string, unknown>) {
  const { auth } = scope;
  return writeAudit(scope.db, {
    actorUserId: (auth.parentUser ?? auth.user).id,
    actingAsUserId: auth.parentUser ? auth.user.id : null,
    action,
    target: `mekko:${chartId}`,
    details,
    requestId: scope.requestId,
  });
}
