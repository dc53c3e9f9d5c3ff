import { checkCurveRow, CURVE_TEXT, CURVE_TYPES, emptyCurveRow, paramsOfRow, type CurveParams, type CurveRow } from '@shared/rules/curves';
import type { CreateCurvesResult, Curve, CurveInput, ImportedPlan, ImportedPlanDetail } from '@shared/schemas/plans';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { JobQueue } from '../../jobs/types';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import * as repo from './plans-repository';

/**
 * Scenario Planner Management (spec 2 §2, §4, §5, §7; issue 31): a product's response curves,
 * the generic library, and media plans imported by Project ID through a job. Scoped to the
 * X-Context product: another product's curve or import is not found.
 */

export interface PlanScope {
  db: Db;
  auth: RequestAuth;
  ctx: RequestContext;
  jobs: JobQueue;
  requestId: string;
}

export const PLAN_IMPORT_JOB = 'plan-import';

const contextOf = (ctx: RequestContext) => [ctx.clientSlug, ctx.regionSlug, ctx.brandSlug, ctx.productSlug].join('/');

export function productScope(ctx: RequestContext): repo.ProductScope {
  if (ctx.productId === undefined || ctx.regionId === undefined) throw new Error('a plans route needs a product X-Context');
  return { clientId: ctx.clientId, productId: ctx.productId, regionId: ctx.regionId };
}

const curveView = (row: { id: number; mediaType: string; curveTypeName: string; params: CurveParams }, isGeneric: boolean, errors: string[] = []): Curve => ({
  id: row.id,
  media_type: row.mediaType,
  curve_type_name: row.curveTypeName,
  is_generic: isGeneric,
  params: { a: row.params.a, b: row.params.b, c: row.params.c, d: row.params.d, e: row.params.e, cpp_or_cpm: row.params.cpp_or_cpm ?? null, cpp: row.params.cpp ?? null },
  error_messages: errors,
});

export async function genericCurves(db: Db): Promise<Curve[]> {
  return (await repo.genericLibrary(db)).map((r) => curveView(r, true));
}

export async function productCurves(scope: Pick<PlanScope, 'db' | 'ctx'>): Promise<Curve[]> {
  return (await repo.curvesOf(scope.db, productScope(scope.ctx))).map((r) => curveView(r, r.isGeneric));
}

export const curveTypes = () => CURVE_TYPES;

/** A sent curve as the table's row: every field as text, so the table's own checks read it. */
function rowOf(input: CurveInput): CurveRow {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  const p = input.params;
  return { ...emptyCurveRow(), media_type: input.media_type, curve_type_name: input.curve_type_name, a: text(p.a), b: text(p.b), c: text(p.c), d: text(p.d), e: text(p.e), cpp_or_cpm: text(p.cpp_or_cpm), cpp: text(p.cpp) };
}

/**
 * Apply (spec 2 §4, §7): the product's curves become the valid ones sent, one per media type: a
 * generic one copies the library's numbers, an uploaded one passes §5's checks. A refused curve
 * is named in error_messages by its index, and its media type keeps the curve it had.
 */
export async function applyCurves(scope: PlanScope, sent: readonly CurveInput[]): Promise<CreateCurvesResult> {
  const where = productScope(scope.ctx);
  const library = await repo.genericLibrary(scope.db);
  const errorMessages: Record<string, string[]> = {};
  const next = new Map<string, { mediaType: string; curveTypeName: string; isGeneric: boolean; params: CurveParams }>();
  const refusedMedia = new Set<string>();
  sent.forEach((input, i) => {
    const media = input.media_type.trim();
    if (next.has(media)) {
      errorMessages[String(i)] = [CURVE_TEXT.duplicate(media)];
      return;
    }
    if (input.is_generic) {
      const generic = library.find((g) => g.mediaType === media);
      if (!generic) {
        errorMessages[String(i)] = [media ? `There is no generic curve for ${media}.` : CURVE_TEXT.mediaTypeRequired];
        refusedMedia.add(media);
        return;
      }
      next.set(media, { mediaType: media, curveTypeName: generic.curveTypeName, isGeneric: true, params: generic.params });
      return;
    }
    const row = rowOf(input);
    const issues = checkCurveRow(row);
    if (Object.keys(issues).length > 0) {
      errorMessages[String(i)] = [...new Set(Object.values(issues))];
      refusedMedia.add(media);
      return;
    }
    next.set(media, { mediaType: media, curveTypeName: row.curve_type_name, isGeneric: false, params: paramsOfRow(row) });
  });
  await scope.db.transaction(async (tx) => {
    const current = await repo.curvesOf(tx, where);
    // A media type whose new curve was refused keeps the one it had.
    for (const kept of current.filter((c) => refusedMedia.has(c.mediaType) && !next.has(c.mediaType))) {
      next.set(kept.mediaType, { mediaType: kept.mediaType, curveTypeName: kept.curveTypeName, isGeneric: kept.isGeneric, params: kept.params });
    }
    await repo.replaceCurves(tx, where, [...next.values()]);
    await auditWrite({ ...scope, db: tx }, 'curves.apply', `product:${where.productId}`, {
      region: where.regionId, curves: [...next.values()].map((c) => `${c.mediaType}${c.isGeneric ? ' (generic)' : ''}`), refused: Object.keys(errorMessages).length,
    });
  });
  return { curves: await productCurves(scope), error_messages: errorMessages };
}

export async function deleteCurve(scope: PlanScope, id: number): Promise<void> {
  const where = productScope(scope.ctx);
  await scope.db.transaction(async (tx) => {
    if (!(await repo.deleteCurve(tx, where, id))) throw notFound(`There is no curve ${id} in ${contextOf(scope.ctx)}.`);
    await auditWrite({ ...scope, db: tx }, 'curves.delete', `curve:${id}`, {});
  });
}

// ---- imported plans -------------------------------------------------------------------------------

export function importView(row: repo.ImportRow): ImportedPlan {
  const plan = row.plan;
  return {
    id: row.id,
    scenario_planner_id: row.projectId,
    import_success: row.status === 'submitted' ? null : row.status === 'complete',
    created_at: row.createdAt.toISOString(),
    message: row.message,
    name: plan?.name ?? null,
    weeks: plan?.flights[0]?.weekly_budget.length ?? null,
    media_types: plan?.flights.map((f) => f.media_type) ?? [],
    total_budget: plan ? plan.flights.reduce((s, f) => s + f.weekly_budget.reduce((t, x) => t + x, 0), 0) : null,
  };
}

export async function listImports(scope: Pick<PlanScope, 'db' | 'ctx'>): Promise<ImportedPlan[]> {
  return (await repo.importsOf(scope.db, productScope(scope.ctx))).map(importView);
}

/** One imported plan of the product, with its flights. */
export async function getImport(scope: Pick<PlanScope, 'db' | 'ctx'>, id: number): Promise<ImportedPlanDetail> {
  const row = await repo.findImportIn(scope.db, productScope(scope.ctx), id);
  if (!row) throw notFound(`There is no imported plan ${id} in ${contextOf(scope.ctx)}.`);
  return { ...importView(row), plan: row.plan };
}

/** Submits an import (spec 2 §7 import_scenario): the row and its job in one transaction; the job fills it. */
export async function importScenario(scope: PlanScope, projectId: string): Promise<ImportedPlan> {
  const where = productScope(scope.ctx);
  const row = await scope.db.transaction(async (tx) => {
    const made = await repo.insertImport(tx, where, projectId, scope.auth.user.id);
    const jobId = await scope.jobs.send(PLAN_IMPORT_JOB, { importId: made.id }, { userId: scope.auth.user.id, clientId: scope.ctx.clientId, context: contextOf(scope.ctx) }, { tx });
    await repo.setImportJob(tx, made.id, jobId);
    await auditWrite({ ...scope, db: tx }, 'plans.import', `plan_import:${made.id}`, { project_id: projectId });
    return { ...made, jobId };
  });
  return importView(row);
}

export async function deleteImport(scope: PlanScope, id: number): Promise<void> {
  const where = productScope(scope.ctx);
  await scope.db.transaction(async (tx) => {
    if (!(await repo.deleteImport(tx, where, id))) throw notFound(`There is no imported plan ${id} in ${contextOf(scope.ctx)}.`);
    await auditWrite({ ...scope, db: tx }, 'plans.delete_import', `plan_import:${id}`, {});
  });
}
