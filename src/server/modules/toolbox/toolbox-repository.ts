import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientRegions, toolboxUnits } from '../../db/schema';

export type UnitRow = typeof toolboxUnits.$inferSelect;
/** What a write sets; id, client and version are the repository's. */
export type UnitValues = Pick<UnitRow, 'name' | 'status' | 'regionIds' | 'useClientHierarchy' | 'featureModuleCategory' | 'iframed' | 'url'>;

export function listUnits(db: Executor, clientId: number, type: 'all' | 'iframed' | 'external') {
  const byType = type === 'all' ? undefined : eq(toolboxUnits.iframed, type === 'iframed');
  return db.select().from(toolboxUnits).where(and(eq(toolboxUnits.clientId, clientId), byType)).orderBy(asc(toolboxUnits.name));
}

/** One of the client's units; another client's unit is not found. */
export async function findUnit(db: Executor, clientId: number, id: number): Promise<UnitRow | null> {
  const [row] = await db.select().from(toolboxUnits).where(and(eq(toolboxUnits.clientId, clientId), eq(toolboxUnits.id, id)));
  return row ?? null;
}

/** Whether another unit of the client (not `exceptId`) has this name (the unique index answers it). */
export async function nameTaken(db: Executor, clientId: number, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: toolboxUnits.id })
    .from(toolboxUnits)
    .where(and(eq(toolboxUnits.clientId, clientId), eq(toolboxUnits.name, name), exceptId === undefined ? undefined : ne(toolboxUnits.id, exceptId)))
    .limit(1);
  return rows.length > 0;
}

/** The client's region ids, as strings (the form region_ids holds them in). */
export async function clientRegionIds(db: Executor, clientId: number): Promise<string[]> {
  const rows = await db.select({ regionId: clientRegions.regionId }).from(clientRegions).where(eq(clientRegions.clientId, clientId));
  return rows.map((r) => String(r.regionId));
}

export async function insertUnit(db: Executor, clientId: number, values: UnitValues): Promise<UnitRow> {
  const [row] = await db.insert(toolboxUnits).values({ ...values, clientId }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Writes the unit if it is still at `version`, and moves it to the next; null when it is not. */
export async function updateUnit(db: Executor, clientId: number, id: number, version: number, values: UnitValues): Promise<UnitRow | null> {
  const [row] = await db
    .update(toolboxUnits)
    .set({ ...values, version: version + 1 })
    .where(and(eq(toolboxUnits.clientId, clientId), eq(toolboxUnits.id, id), eq(toolboxUnits.version, version)))
    .returning();
  return row ?? null;
}

/** Deletes the unit if it is still at `version`; false when it is not. */
export async function deleteUnit(db: Executor, clientId: number, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(toolboxUnits)
    .where(and(eq(toolboxUnits.clientId, clientId), eq(toolboxUnits.id, id), eq(toolboxUnits.version, version)))
    .returning({ id: toolboxUnits.id });
  return rows.length > 0;
}
