import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { scenarios, users } from '../../db/schema';
import type { ProductScope } from './plans-repository';

export type ScenarioRow = typeof scenarios.$inferSelect;
export interface ListedScenario {
  scenario: ScenarioRow;
  creator: { id: number; first: string; last: string } | null;
}

const inScope = (s: ProductScope) => and(eq(scenarios.clientId, s.clientId), eq(scenarios.productId, s.productId), eq(scenarios.regionId, s.regionId));
const listed = { scenario: scenarios, creatorId: users.id, first: users.firstName, last: users.lastName };
const toListed = (r: { scenario: ScenarioRow; creatorId: number | null; first: string | null; last: string | null }): ListedScenario => ({
  scenario: r.scenario,
  creator: r.creatorId === null ? null : { id: r.creatorId, first: r.first ?? '', last: r.last ?? '' },
});

export async function listScenarios(db: Executor, scope: ProductScope): Promise<ListedScenario[]> {
  const rows = await db.select(listed).from(scenarios).leftJoin(users, eq(users.id, scenarios.createdBy)).where(inScope(scope)).orderBy(desc(scenarios.updatedAt), desc(scenarios.id));
  return rows.map(toListed);
}

export async function findScenario(db: Executor, scope: ProductScope, id: number): Promise<ListedScenario | null> {
  const [row] = await db.select(listed).from(scenarios).leftJoin(users, eq(users.id, scenarios.createdBy)).where(and(inScope(scope), eq(scenarios.id, id)));
  return row ? toListed(row) : null;
}

/** Whether another scenario of the product has this name (trimmed, case-insensitively). */
export async function nameTaken(db: Executor, scope: ProductScope, name: string, except: number | null): Promise<boolean> {
  const rows = await db.select({ id: scenarios.id }).from(scenarios)
    .where(and(inScope(scope), sql`lower(btrim(${scenarios.name})) = lower(btrim(${name}))`, except === null ? undefined : sql`${scenarios.id} <> ${except}`));
  return rows.length > 0;
}

export async function insertScenario(db: Executor, values: typeof scenarios.$inferInsert): Promise<ScenarioRow> {
  const [row] = await db.insert(scenarios).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Moves it from `version` to the next (the write's claim, decision 007); null when it is not at `version`. */
export async function claimScenario(db: Executor, scope: ProductScope, id: number, version: number): Promise<ScenarioRow | null> {
  const [row] = await db.update(scenarios)
    .set({ version: sql`${scenarios.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(scenarios.id, id), eq(scenarios.version, version)))
    .returning();
  return row ?? null;
}

export async function updateScenario(db: Executor, id: number, values: Partial<typeof scenarios.$inferInsert>): Promise<void> {
  await db.update(scenarios).set({ ...values, updatedAt: sql`now()` }).where(eq(scenarios.id, id));
}

export async function deleteScenario(db: Executor, id: number): Promise<void> {
  await db.delete(scenarios).where(eq(scenarios.id, id));
}
