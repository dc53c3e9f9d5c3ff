import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { toolboxCategories, toolboxUnits } from '../../db/schema';

export type CategoryRow = typeof toolboxCategories.$inferSelect;
/** What a write sets; id, client and version are the repository's. */
export type CategoryValues = Pick<CategoryRow, 'name' | 'status' | 'priority'>;

/** The client's categories in priority order (ties: the older first). */
export function listCategories(db: Executor, clientId: number): Promise<CategoryRow[]> {
  return db.select().from(toolboxCategories).where(eq(toolboxCategories.clientId, clientId)).orderBy(asc(toolboxCategories.priority), asc(toolboxCategories.id));
}

/**
 * One of the client's categories; another client's is not found. `lock: true` holds it until the
 * transaction ends: a unit write that names it (which takes a share lock) waits for a rename or a
 * deletion, and a deletion waits for such a write, so no unit is left naming a missing category.
 */
export async function findCategory(db: Executor, clientId: number, id: number, lock = false): Promise<CategoryRow | null> {
  const query = db.select().from(toolboxCategories).where(and(eq(toolboxCategories.clientId, clientId), eq(toolboxCategories.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row ?? null;
}

export async function insertCategory(db: Executor, clientId: number, values: CategoryValues): Promise<CategoryRow> {
  const [row] = await db.insert(toolboxCategories).values({ ...values, clientId }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Writes the category if it is still at `version`, and moves it to the next; null when it is not. */
export async function updateCategory(db: Executor, clientId: number, id: number, version: number, values: CategoryValues): Promise<CategoryRow | null> {
  const [row] = await db
    .update(toolboxCategories)
    .set({ ...values, version: version + 1 })
    .where(and(eq(toolboxCategories.clientId, clientId), eq(toolboxCategories.id, id), eq(toolboxCategories.version, version)))
    .returning();
  return row ?? null;
}

/** Sets these categories' priorities, each to its next version, in one statement; another client's are left alone. */
export async function setPriorities(db: Executor, clientId: number, changes: readonly { id: number; priority: number }[]): Promise<void> {
  if (changes.length === 0) return;
  const cases = sql.join(changes.map((c) => sql`when ${c.id} then ${c.priority}`), sql` `);
  await db
    .update(toolboxCategories)
    .set({ priority: sql`(case ${toolboxCategories.id} ${cases} end)::int`, version: sql`${toolboxCategories.version} + 1` })
    .where(and(eq(toolboxCategories.clientId, clientId), inArray(toolboxCategories.id, changes.map((c) => c.id))));
}

export async function deleteCategory(db: Executor, clientId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(toolboxCategories)
    .where(and(eq(toolboxCategories.clientId, clientId), eq(toolboxCategories.id, id)))
    .returning({ id: toolboxCategories.id });
  return rows.length > 0;
}

const namesCategory = (clientId: number, name: string) =>
  and(eq(toolboxUnits.clientId, clientId), sql`lower(${toolboxUnits.featureModuleCategory}) = lower(${name})`);

/** The client's units that name the category (whatever its case). */
export function unitsNaming(db: Executor, clientId: number, name: string) {
  return db.select({ id: toolboxUnits.id, name: toolboxUnits.name }).from(toolboxUnits).where(namesCategory(clientId, name)).orderBy(asc(toolboxUnits.name));
}

/** Renames the category in every unit of the client that names it (each unit moves to its next version). */
export async function renameInUnits(db: Executor, clientId: number, from: string, to: string): Promise<number> {
  const rows = await db
    .update(toolboxUnits)
    .set({ featureModuleCategory: to, version: sql`${toolboxUnits.version} + 1` })
    .where(namesCategory(clientId, from))
    .returning({ id: toolboxUnits.id });
  return rows.length;
}

/**
 * The client's category of this name (whatever its case), as it is spelled, held (share lock) until
 * the transaction ends so it is neither renamed nor deleted under a unit write; null when none.
 */
export async function lockCategoryNamed(db: Executor, clientId: number, name: string): Promise<string | null> {
  const [row] = await db
    .select({ name: toolboxCategories.name })
    .from(toolboxCategories)
    .where(and(eq(toolboxCategories.clientId, clientId), sql`lower(${toolboxCategories.name}) = lower(${name})`))
    .for('share');
  return row?.name ?? null;
}
