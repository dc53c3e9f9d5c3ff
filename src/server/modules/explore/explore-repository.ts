import { and, asc, desc, eq, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customWidgets, motivationAudiences, personas } from '../../db/schema';
import type { ChartScope as ProductScope } from '../grow/grow-repository';

export type { ProductScope };
export type PersonaRow = typeof personas.$inferSelect;
export type WidgetRow = typeof customWidgets.$inferSelect;
export type MotivationRow = typeof motivationAudiences.$inferSelect;

/** What a persona write sets; ids, scope, version and timestamps are the repository's. */
export type PersonaValues = Pick<PersonaRow, 'name' | 'identifiers' | 'isDefault' | 'icon'>;
export type WidgetValues = Pick<WidgetRow, 'name' | 'tab' | 'rows'>;

const inScope = (scope: ProductScope) =>
  and(eq(personas.clientId, scope.clientId), eq(personas.productId, scope.productId), eq(personas.regionId, scope.regionId));

// ---- personas ---------------------------------------------------------------------------------

/** The scope's personas: the all-data one first, then by name as people read it. */
export function listPersonas(db: Executor, scope: ProductScope): Promise<PersonaRow[]> {
  return db.select().from(personas).where(inScope(scope)).orderBy(desc(personas.isAllData), asc(sql`lower(${personas.name})`), asc(personas.id));
}

export async function findPersona(db: Executor, scope: ProductScope, id: number): Promise<PersonaRow | null> {
  const [row] = await db.select().from(personas).where(and(inScope(scope), eq(personas.id, id)));
  return row ?? null;
}

/**
 * The scope's all-data persona, made when it has none yet. Two first requests at once both
 * insert: the partial unique index keeps one, and the other reads it.
 */
export async function ensureAllData(db: Executor, scope: ProductScope, name: string): Promise<PersonaRow> {
  const find = () => db.select().from(personas).where(and(inScope(scope), eq(personas.isAllData, true)));
  const [found] = await find();
  if (found) return found;
  await db
    .insert(personas)
    .values({ ...scope, name, identifiers: null, isAllData: true })
    .onConflictDoNothing();
  const [made] = await find();
  if (!made) throw new Error('the all-data persona was neither found nor made');
  return made;
}

export function personaNames(db: Executor, scope: ProductScope): Promise<{ id: number; name: string }[]> {
  return db.select({ id: personas.id, name: personas.name }).from(personas).where(inScope(scope));
}

export async function countPersonas(db: Executor, scope: ProductScope): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(personas).where(and(inScope(scope), eq(personas.isAllData, false)));
  return Number(row?.n ?? 0);
}

/** Moves the persona from `version` to the next (the row lock orders concurrent writes); null when not at it. */
export async function claimPersona(db: Executor, scope: ProductScope, id: number, version: number): Promise<PersonaRow | null> {
  const [row] = await db
    .update(personas)
    .set({ version: sql`${personas.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(personas.id, id), eq(personas.version, version)))
    .returning();
  return row ?? null;
}

/** The scope has at most one default persona (a partial unique index): the others give it up first. */
export async function clearDefault(db: Executor, scope: ProductScope, exceptId?: number): Promise<void> {
  await db
    .update(personas)
    .set({ isDefault: false, version: sql`${personas.version} + 1`, updatedAt: sql`now()` })
    .where(and(inScope(scope), eq(personas.isDefault, true), exceptId === undefined ? undefined : ne(personas.id, exceptId)));
}

export async function insertPersona(db: Executor, scope: ProductScope, values: PersonaValues, createdBy: number | null): Promise<PersonaRow> {
  const [row] = await db.insert(personas).values({ ...scope, ...values, createdBy }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePersona(db: Executor, id: number, values: Partial<PersonaValues>): Promise<PersonaRow> {
  const [row] = await db.update(personas).set(values).where(eq(personas.id, id)).returning();
  if (!row) throw new Error('update found no persona');
  return row;
}

/** Its custom widgets go with it (the foreign key cascades). */
export async function deletePersona(db: Executor, id: number): Promise<void> {
  await db.delete(personas).where(eq(personas.id, id));
}

// ---- custom widgets ---------------------------------------------------------------------------

export function widgetsOf(db: Executor, personaId: number): Promise<WidgetRow[]> {
  return db.select().from(customWidgets).where(eq(customWidgets.personaId, personaId)).orderBy(asc(customWidgets.position), asc(customWidgets.id));
}

/** A widget under a persona of the scope; another scope's is not found. */
export async function findWidget(db: Executor, scope: ProductScope, id: number): Promise<WidgetRow | null> {
  const [row] = await db
    .select({ widget: customWidgets })
    .from(customWidgets)
    .innerJoin(personas, eq(personas.id, customWidgets.personaId))
    .where(and(inScope(scope), eq(customWidgets.id, id)));
  return row?.widget ?? null;
}

export async function widgetStats(db: Executor, personaId: number): Promise<{ count: number; last: number }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, last: max(customWidgets.position) })
    .from(customWidgets)
    .where(eq(customWidgets.personaId, personaId));
  return { count: Number(row?.count ?? 0), last: row?.last ?? -1 };
}

export async function insertWidgets(
  db: Executor,
  values: readonly (WidgetValues & { personaId: number; kind: string; position: number })[],
): Promise<WidgetRow[]> {
  if (values.length === 0) return [];
  return db.insert(customWidgets).values([...values]).returning();
}

/** Moves the widget (of a persona of the scope) from `version` to the next; null when not at it. */
export async function claimWidget(db: Executor, scope: ProductScope, id: number, version: number): Promise<WidgetRow | null> {
  const owned = db.select({ id: personas.id }).from(personas).where(inScope(scope));
  const [row] = await db
    .update(customWidgets)
    .set({ version: sql`${customWidgets.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(customWidgets.id, id), eq(customWidgets.version, version), sql`${customWidgets.personaId} in ${owned}`))
    .returning();
  return row ?? null;
}

export async function updateWidget(db: Executor, id: number, values: Partial<WidgetValues>): Promise<WidgetRow> {
  const [row] = await db.update(customWidgets).set(values).where(eq(customWidgets.id, id)).returning();
  if (!row) throw new Error('update found no widget');
  return row;
}

export async function deleteWidget(db: Executor, id: number): Promise<void> {
  await db.delete(customWidgets).where(eq(customWidgets.id, id));
}

// ---- motivation audience requests ---------------------------------------------------------------

export async function insertMotivation(
  db: Executor,
  scope: ProductScope,
  values: Pick<MotivationRow, 'name' | 'description' | 'rules'>,
  createdBy: number | null,
): Promise<MotivationRow> {
  const [row] = await db.insert(motivationAudiences).values({ ...scope, ...values, createdBy }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
