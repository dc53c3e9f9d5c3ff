import { and, eq, sql } from 'drizzle-orm';
import { ALL_DATA_PERSONA_NAME } from '@shared/rules/explore';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Db, Executor } from './client';
import { customWidgets, demographicCategories, demographicValues, personas } from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { ensureAllData, insertPersona, insertWidgets, listPersonas, widgetsOf } from '../modules/explore/explore-repository';
import { DEMO_EXPLORE, type DemoExploreScope, type DemoPersona } from './demo-explore';
import { clientRegionIdOf, segmentPicker } from './seed-grow';

/** The region's demographic value ids by 'Category\u0000Value'; empty before its data is generated. */
async function valueIdsOf(db: Executor, clientRegionId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ category: demographicCategories.name, value: demographicValues.name, id: demographicValues.id })
    .from(demographicValues)
    .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
    .where(eq(demographicCategories.clientRegionId, clientRegionId));
  return new Map(rows.map((r) => [`${r.category}\u0000${r.value}`, r.id]));
}

/** The persona's value groups as ids, or null while the region has not every value yet. */
function valuesOf(persona: DemoPersona, ids: ReadonlyMap<string, number>): number[][] | null {
  const groups = (persona.values ?? []).map((g) => g.map(([category, value]) => ids.get(`${category}\u0000${value}`)));
  return groups.every((g) => g.every((id) => id !== undefined)) ? (groups as number[][]) : null;
}

async function scopeOf(tx: Executor, s: DemoExploreScope) {
  const scope = await findProductScope(tx, s);
  const clientRegionId = await clientRegionIdOf(tx, s.client, s.region);
  return scope && clientRegionId !== null ? { scope, clientRegionId } : null;
}

/** Writes one scope's personas (those it has no persona of that name for) and the all-data persona's widgets (when it has none). */
async function seedScope(tx: Executor, s: DemoExploreScope): Promise<boolean> {
  const found = await scopeOf(tx, s);
  if (!found) return false;
  const { scope, clientRegionId } = found;
  let wrote = false;
  const allData = await ensureAllData(tx, scope, ALL_DATA_PERSONA_NAME);
  const existing = await listPersonas(tx, scope);
  const named = new Set(existing.map((p) => p.name.trim().toLowerCase()));
  let hasDefault = existing.some((p) => p.isDefault);
  const pick = segmentPicker(s.client, clientRegionId);
  const valueIds = await valueIdsOf(tx, clientRegionId);
  for (const p of s.personas) {
    if (named.has(p.name.toLowerCase())) continue;
    // Two leaves may fall back to one segment: a group names each once.
    const unique = (ids: number[]) => [...new Set(ids)];
    const [first = [], ...rest] = p.include.map((g) => g.map((leaf) => pick('matched', leaf)));
    const identifiers: AudienceRules = {
      include: { and: [unique([...first, ...(p.deleted ?? []).map((leaf) => pick('deleted', leaf))]), ...rest.map(unique)] },
      exclude: unique((p.exclude ?? []).map((leaf) => pick('matched', leaf))),
      values: valuesOf(p, valueIds) ?? [],
    };
    const isDefault = (p.default ?? false) && !hasDefault;
    hasDefault ||= isDefault;
    await insertPersona(tx, scope, { name: p.name, identifiers, isDefault, icon: p.icon ?? null }, null);
    wrote = true;
  }
  if ((await widgetsOf(tx, allData.id)).length === 0) {
    await insertWidgets(tx, s.widgets.map((w, position) => ({
      personaId: allData.id,
      kind: w.kind,
      name: w.name,
      tab: w.tab,
      position,
      rows: w.rows.map((r) => ({ attribute: r.attribute, value: r.value, count: r.count ?? null, percent: r.percent ?? null })),
    })));
    wrote = true;
  }
  return wrote;
}

/** The demo's personas and custom widgets; running it again changes nothing. */
export async function seedExploreDemo(tx: Executor): Promise<boolean> {
  let wrote = false;
  for (const s of DEMO_EXPLORE) wrote = (await seedScope(tx, s)) || wrote;
  return wrote;
}

/** For a database seeded before Explore existed: its personas are written when it has none at all (as Grow's charts). */
export async function seedExploreDemoIfEmpty(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: personas.id }).from(personas).where(eq(personas.isAllData, false)).limit(1);
  const [widget] = await db.select({ id: customWidgets.id }).from(customWidgets).limit(1);
  if (any || widget) return false;
  return db.transaction((tx) => seedExploreDemo(tx));
}

/**
 * Gives the demo's personas that name demographic values their values once the region's data
 * has them (the seed runs before it is generated): only a persona still as the seed wrote it
 * (version 1, no values), which moves to version 2. Runs on every demo start; answers how many.
 */
export async function completeExploreDemo(db: Db): Promise<number> {
  let done = 0;
  for (const s of DEMO_EXPLORE) {
    const found = await scopeOf(db, s);
    if (!found) continue;
    const valueIds = await valueIdsOf(db, found.clientRegionId);
    for (const p of s.personas) {
      const values = p.values ? valuesOf(p, valueIds) : null;
      if (!values) continue;
      const rows = await db
        .update(personas)
        .set({
          identifiers: sql`jsonb_set(${personas.identifiers}, '{values}', ${JSON.stringify(values)}::jsonb)`,
          version: sql`${personas.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(
          eq(personas.productId, found.scope.productId),
          eq(personas.regionId, found.scope.regionId),
          eq(personas.name, p.name),
          eq(personas.version, 1),
          sql`coalesce(jsonb_array_length(${personas.identifiers}->'values'), 0) = 0`,
        ))
        .returning({ id: personas.id });
      done += rows.length;
    }
  }
  return done;
}
