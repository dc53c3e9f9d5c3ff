import { eq } from 'drizzle-orm';
import type { CurveParams } from '@shared/rules/curves';
import type { Db, Executor } from './client';
import { defaultBounds, optimise, shapeOf } from '@shared/rules/scenarios';
import { curves, planImports, scenarios } from './schema';
import { DEMO_FIGURES_SCOPE } from './demo-figures';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { readPlan } from '../modules/plans/plan-import-job';
import { DEMO_PLANS_DIR, filePlanSource } from '../modules/plans/plan-source';
import * as repo from '../modules/plans/plans-repository';
import { insertScenario } from '../modules/plans/scenarios-repository';

const spend = (b: number, c: number, d: number, a = 0, e = 1): { curveTypeName: string; params: CurveParams } => ({ curveTypeName: 'Spend', params: { a, b, c, d, e, cpp_or_cpm: null, cpp: null } });

/**
 * The demo product's uploaded curve set (issue 31): weekly curves, TV bought in TRPs at a CPP,
 * online video in impressions at a CPM, the rest in spend; the generic library is every
 * install's (migration 0019).
 */
export const DEMO_CURVES: Record<string, { curveTypeName: string; params: CurveParams }> = {
  TV: { curveTypeName: 'TRP', params: { a: 0, b: 2.4, c: 90, d: 1400, e: 1, cpp_or_cpm: 0, cpp: 2500 } },
  'Online Video': { curveTypeName: 'TRP', params: { a: 0, b: 1.5, c: 4_000_000, d: 600, e: 1, cpp_or_cpm: 1, cpp: 18 } },
  Display: spend(1.1, 35_000, 280),
  Social: spend(1.4, 55_000, 470),
  Search: spend(0.85, 25_000, 400, 20),
  Audio: spend(1.9, 45_000, 230, 0, 0.8),
  'Out of Home': spend(2.1, 70_000, 320),
  Print: spend(1.4, 40_000, 160),
};

/** The demo's imported plan; the other demo files wait to be imported (FZ-2027-BROKEN fails, saying why). */
export const DEMO_IMPORTED_PLAN = 'FZ-2027-SPRING';

/** The demo's two saved scenarios: the imported plan as it is, and its split optimised within ±30 %. */
export const DEMO_SCENARIOS = { asPlanned: 'Spring burst as planned', optimised: 'Spring burst, optimised split' } as const;

/**
 * Run on every start of a demo: acme/us/fizz-cola/fizz-original gets its curve set when it has
 * no curves, one imported plan and two saved scenarios of it when it has none; from then on they
 * are the users' to change.
 */
export async function seedPlanDemoIfEmpty(db: Db): Promise<boolean> {
  const scope = await findProductScope(db, DEMO_FIGURES_SCOPE);
  if (!scope) return false;
  const where = { clientId: scope.clientId, productId: scope.productId, regionId: scope.regionId };
  let seeded = false;
  const [anyCurve] = await db.select({ id: curves.id }).from(curves).where(eq(curves.productId, scope.productId)).limit(1);
  if (!anyCurve) {
    await repo.replaceCurves(db, where, Object.entries(DEMO_CURVES).map(([mediaType, c]) => ({ mediaType, isGeneric: false, ...c })));
    seeded = true;
  }
  const [anyImport] = await db.select({ id: planImports.id }).from(planImports).where(eq(planImports.productId, scope.productId)).limit(1);
  const slugs = await repo.slugsOf(db, where);
  if (!anyImport && slugs) {
    const read = await readPlan(filePlanSource([DEMO_PLANS_DIR]), DEMO_IMPORTED_PLAN, slugs);
    if ('message' in read) throw new Error(`The demo plan ${DEMO_IMPORTED_PLAN} does not import: ${read.message}`);
    await db.transaction(async (tx) => {
      const row = await repo.insertImport(tx, where, DEMO_IMPORTED_PLAN, null);
      await repo.finishImport(tx, row.id, { status: 'complete', plan: read.plan });
    });
    seeded = true;
  }
  // The saved scenarios of the demo's import (also for a demo made before they existed).
  const spring = (await repo.importsOf(db, where)).find((i) => i.projectId === DEMO_IMPORTED_PLAN && i.plan);
  if (spring?.plan && (await seedScenarios(db, where, spring.id, spring.plan.start_week, spring.plan.flights))) seeded = true;
  return seeded;
}

async function seedScenarios(db: Executor, where: repo.ProductScope, importId: number, startWeek: string, flights: { media_type: string; weekly_budget: number[] }[]): Promise<boolean> {
  const [any] = await db.select({ id: scenarios.id }).from(scenarios).where(eq(scenarios.productId, where.productId)).limit(1);
  if (any) return false;
  const planned = flights.map((f) => ({ ...f, min: null, max: null }));
  const total = flights.reduce((s, f) => s + f.weekly_budget.reduce((t, x) => t + x, 0), 0);
  await insertScenario(db, { ...where, name: DEMO_SCENARIOS.asPlanned, budget: total, startWeek, flights: planned, sourceImportId: importId });
  const lines = flights.map((f) => {
    const spend = f.weekly_budget.reduce((t, x) => t + x, 0);
    const c = DEMO_CURVES[f.media_type]!;
    return { media_type: f.media_type, curve: { curve_type_name: c.curveTypeName, params: c.params }, shape: shapeOf(f.weekly_budget), planned: spend, ...defaultBounds(spend) };
  });
  const best = optimise(lines, total);
  if (!best.ok) throw new Error(`The demo scenario does not optimise: ${best.message}`);
  const optimisedFlights = flights.map((f, i) => {
    const was = lines[i]!.planned;
    const scale = was > 0 ? best.spends[i]! / was : 0;
    return { media_type: f.media_type, weekly_budget: f.weekly_budget.map((x) => Math.round(x * scale)), min: Math.round(lines[i]!.min), max: Math.round(lines[i]!.max) };
  });
  await insertScenario(db, { ...where, name: DEMO_SCENARIOS.optimised, budget: total, startWeek, flights: optimisedFlights, sourceImportId: importId });
  return true;
}
