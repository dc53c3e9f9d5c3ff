import { eq } from 'drizzle-orm';
import type { CurveParams } from '@shared/rules/curves';
import type { Db } from './client';
import { curves, planImports } from './schema';
import { DEMO_FIGURES_SCOPE } from './demo-figures';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { readPlan } from '../modules/plans/plan-import-job';
import { DEMO_PLANS_DIR, filePlanSource } from '../modules/plans/plan-source';
import * as repo from '../modules/plans/plans-repository';

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

/**
 * Run on every start of a demo: acme/us/fizz-cola/fizz-original gets its curve set when it has
 * no curves, and one imported plan when it has none; from then on they are the users' to change.
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
  return seeded;
}
