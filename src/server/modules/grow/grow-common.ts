import { GROW_TEXT, type FieldIssue } from '@shared/rules/grow';
import type { FieldConflict, FieldValues } from '@shared/rules/merge';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Mekko } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { DataManager } from '../../engine/data-manager';
import { AppError, unavailable } from '../../lib/errors';
import { claimExact, claimLatest, claimMerged, type Claimable } from '../../lib/versioned';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
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

/** A 404 that names what is gone (`details.gone`): an edit queued before someone deleted it is told apart from a bad id. */
const gone = (kind: 'chart' | 'market' | 'audience', id: number, message: string) => new AppError(404, ERROR_CODES.notFound, message, { gone: { kind, id } });

export const chartNotFound = (id: number) => gone('chart', id, `There is no Grow chart ${id} in this product and region: it may have been deleted.`);

/** The chart, when it is one of the X-Context product's in its region; 404 otherwise (another tenant's included). */
export async function chartInScope(db: Executor, ctx: RequestContext, id: number, lock = false): Promise<repo.ChartRow> {
  const chart = await repo.findChart(db, chartScope(ctx), id, lock);
  if (!chart) throw chartNotFound(id);
  return chart;
}
export const marketNotFound = (id: number) => gone('market', id, `There is no market ${id} in this Grow chart: it may have been deleted.`);
export const audienceNotFound = (id: number) => gone('audience', id, `There is no audience ${id} in this Grow chart: it may have been deleted.`);

/** 422 with every issue, each naming its field (`body.name`), the first one as the message. */
export function invalid(issues: readonly FieldIssue[], where = 'body'): AppError {
  return new AppError(
    422,
    ERROR_CODES.validation,
    issues[0]?.message ?? 'The chart is not valid.',
    issues.map((i) => ({ path: `${where}.${i.field}`, message: i.message })),
  );
}

/** The 409 for a chart that was not at the version a write was based on, with the fields in conflict when known. */
async function conflictOf(scope: GrowScope, current: repo.ChartRow, conflicts?: FieldConflict[]): Promise<AppError> {
  const details = { current: await viewOf(scope, current), ...(conflicts ? { conflicts } : {}) };
  return new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('Grow chart'), details);
}

/** A chart as the versioned claims see it (src/server/lib/versioned.ts). */
function claimable(scope: GrowScope, id: number): Claimable<repo.ChartRow> {
  return {
    claim: (version) => repo.claimChart(scope.db, chartScope(scope.ctx), id, version),
    current: async () => {
      const current = await repo.findChart(scope.db, chartScope(scope.ctx), id);
      if (!current) throw chartNotFound(id);
      return current;
    },
    conflict: (current, conflicts) => conflictOf(scope, current, conflicts),
  };
}

/**
 * Every write to a chart, its markets or audiences starts with a claim: the chart moves from the
 * sent version to the next (decision 007), or the write is refused with 404 or 409. This strict
 * claim is for a write that replaces the chart as a whole (its delete).
 */
export function claim(scope: GrowScope, id: number, version: number): Promise<repo.ChartRow> {
  return claimExact(claimable(scope, id), version);
}

/**
 * The claim of a write that changes no field anyone else could have changed (adding a market or
 * an audience, deleting one, removing the invalid ones): it applies over whatever version the
 * chart has now, and is checked against the chart as it is (issue 12: edits to different items merge).
 */
export function claimAny(scope: GrowScope, id: number, version: number): Promise<repo.ChartRow> {
  return claimLatest(claimable(scope, id), version, 'chart');
}

/**
 * The claim of a field edit, merged over a newer version when it says what it saw (`base`);
 * `theirsOf` reads the server's values (and throws the item's 404 when it is gone).
 * @returns the claimed chart and the values to write (the merge of mine and theirs)
 */
export async function claimEdit<T extends FieldValues>(
  scope: GrowScope,
  id: number,
  sent: { version: number; base?: FieldValues | undefined },
  mine: T,
  theirsOf: (chart: repo.ChartRow) => Promise<FieldValues>,
): Promise<{ chart: repo.ChartRow; values: T }> {
  const { row, values } = await claimMerged(claimable(scope, id), sent, mine, theirsOf, 'chart');
  return { chart: row, values };
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
  return auditWrite(scope, action, `mekko:${chartId}`, details);
}

