import { and, asc, desc, eq } from 'drizzle-orm';
import type { CurveParams } from '@shared/rules/curves';
import type { MediaPlanFile } from '@shared/schemas/plans';
import type { Executor } from '../../db/client';
import { brands, clients, curves, genericCurves, planImports, products, regions } from '../../db/schema';

/** A product in a region: what curves and imports belong to. */
export interface ProductScope {
  clientId: number;
  productId: number;
  regionId: number;
}

export type CurveRow = typeof curves.$inferSelect;
export type GenericCurveRow = typeof genericCurves.$inferSelect;
export type ImportRow = typeof planImports.$inferSelect;

const inProduct = (t: typeof curves | typeof planImports, s: ProductScope) =>
  and(eq(t.clientId, s.clientId), eq(t.productId, s.productId), eq(t.regionId, s.regionId));

export const genericLibrary = (db: Executor): Promise<GenericCurveRow[]> => db.select().from(genericCurves).orderBy(asc(genericCurves.id));

export const curvesOf = (db: Executor, scope: ProductScope): Promise<CurveRow[]> =>
  db.select().from(curves).where(inProduct(curves, scope)).orderBy(asc(curves.id));

/** The product's curves become these, one per media type, in one statement each (the caller's transaction). */
export async function replaceCurves(db: Executor, scope: ProductScope, values: readonly { mediaType: string; curveTypeName: string; isGeneric: boolean; params: CurveParams }[]): Promise<void> {
  await db.delete(curves).where(inProduct(curves, scope));
  if (values.length > 0) await db.insert(curves).values(values.map((v) => ({ ...scope, ...v, updatedAt: new Date() })));
}

export async function deleteCurve(db: Executor, scope: ProductScope, id: number): Promise<boolean> {
  const gone = await db.delete(curves).where(and(inProduct(curves, scope), eq(curves.id, id))).returning({ id: curves.id });
  return gone.length > 0;
}

export const importsOf = (db: Executor, scope: ProductScope): Promise<ImportRow[]> =>
  db.select().from(planImports).where(inProduct(planImports, scope)).orderBy(desc(planImports.createdAt), desc(planImports.id));

export async function findImport(db: Executor, id: number): Promise<ImportRow | null> {
  const [row] = await db.select().from(planImports).where(eq(planImports.id, id));
  return row ?? null;
}

/** An import of this product and region, or null (another product's is not found). */
export async function findImportIn(db: Executor, scope: ProductScope, id: number): Promise<ImportRow | null> {
  const [row] = await db.select().from(planImports).where(and(inProduct(planImports, scope), eq(planImports.id, id)));
  return row ?? null;
}

export async function insertImport(db: Executor, scope: ProductScope, projectId: string, createdBy: number | null): Promise<ImportRow> {
  const [row] = await db.insert(planImports).values({ ...scope, projectId, createdBy }).returning();
  return row!;
}

export async function setImportJob(db: Executor, id: number, jobId: string): Promise<void> {
  await db.update(planImports).set({ jobId }).where(eq(planImports.id, id));
}

/** Ends an import once: complete with its plan, or failed with why (a retry of a finished import changes nothing). */
export async function finishImport(db: Executor, id: number, outcome: { status: 'complete'; plan: MediaPlanFile } | { status: 'failed'; message: string }): Promise<boolean> {
  const done = await db.update(planImports)
    .set(outcome.status === 'complete' ? { status: 'complete', plan: outcome.plan, message: null, finishedAt: new Date() } : { status: 'failed', message: outcome.message, finishedAt: new Date() })
    .where(and(eq(planImports.id, id), eq(planImports.status, 'submitted')))
    .returning({ id: planImports.id });
  return done.length > 0;
}

export async function deleteImport(db: Executor, scope: ProductScope, id: number): Promise<boolean> {
  const gone = await db.delete(planImports).where(and(inProduct(planImports, scope), eq(planImports.id, id))).returning({ id: planImports.id });
  return gone.length > 0;
}

/** The slugs of an import's client, region, brand and product: what a plan file names. */
export async function slugsOf(db: Executor, scope: ProductScope): Promise<{ client: string; region: string; brand: string; product: string } | null> {
  const [row] = await db
    .select({ client: clients.slug, region: regions.slug, brand: brands.slug, product: products.slug })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(clients, eq(clients.id, scope.clientId))
    .innerJoin(regions, eq(regions.id, scope.regionId))
    .where(eq(products.id, scope.productId));
  return row ?? null;
}
