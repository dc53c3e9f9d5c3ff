import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comparisons, users } from '../../db/schema';

export type ComparisonRow = typeof comparisons.$inferSelect;
export interface ComparisonScope {
  clientId: number;
  productId: number;
  regionId: number;
}
export interface ListedComparison {
  comparison: ComparisonRow;
  creator: { id: number; first: string; last: string } | null;
}

const inScope = (s: ComparisonScope) => and(eq(comparisons.clientId, s.clientId), eq(comparisons.productId, s.productId), eq(comparisons.regionId, s.regionId));
const listed = { comparison: comparisons, creatorId: users.id, first: users.firstName, last: users.lastName };
const toListed = (r: { comparison: ComparisonRow; creatorId: number | null; first: string | null; last: string | null }): ListedComparison => ({
  comparison: r.comparison,
  creator: r.creatorId === null ? null : { id: r.creatorId, first: r.first ?? '', last: r.last ?? '' },
});

export async function listComparisons(db: Executor, scope: ComparisonScope): Promise<ListedComparison[]> {
  const rows = await db.select(listed).from(comparisons).leftJoin(users, eq(users.id, comparisons.createdBy)).where(inScope(scope)).orderBy(desc(comparisons.updatedAt), desc(comparisons.id));
  return rows.map(toListed);
}

export async function findComparison(db: Executor, scope: ComparisonScope, id: number): Promise<ListedComparison | null> {
  const [row] = await db.select(listed).from(comparisons).leftJoin(users, eq(users.id, comparisons.createdBy)).where(and(inScope(scope), eq(comparisons.id, id)));
  return row ? toListed(row) : null;
}

/** Whether another comparison of the scope has this name (trimmed, case-insensitively). */
export async function nameTaken(db: Executor, scope: ComparisonScope, name: string, except: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: comparisons.id })
    .from(comparisons)
    .where(and(inScope(scope), sql`lower(btrim(${comparisons.name})) = lower(btrim(${name}))`, except === null ? undefined : sql`${comparisons.id} <> ${except}`));
  return rows.length > 0;
}

export async function insertComparison(db: Executor, values: typeof comparisons.$inferInsert): Promise<ComparisonRow> {
  const [row] = await db.insert(comparisons).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function claimComparison(db: Executor, scope: ComparisonScope, id: number, version: number): Promise<ComparisonRow | null> {
  const [row] = await db
    .update(comparisons)
    .set({ version: sql`${comparisons.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(comparisons.id, id), eq(comparisons.version, version)))
    .returning();
  return row ?? null;
}

export async function updateComparison(db: Executor, id: number, values: Partial<typeof comparisons.$inferInsert>): Promise<void> {
  await db.update(comparisons).set({ ...values, updatedAt: sql`now()` }).where(eq(comparisons.id, id));
}

/** Stores a recount without moving the version (counts are not an edit). */
export async function storeResult(db: Executor, id: number, result: unknown, error: string | null): Promise<void> {
  await db.update(comparisons).set({ result, error }).where(eq(comparisons.id, id));
}

export async function deleteComparison(db: Executor, id: number): Promise<void> {
  await db.delete(comparisons).where(eq(comparisons.id, id));
}
