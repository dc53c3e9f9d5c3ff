import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { demographicCategories, demographicValues, segments } from '../../db/schema';

/** The client region's demographic categories, in their order. */
export function categoriesOf(db: Executor, clientRegionId: number): Promise<{ name: string }[]> {
  return db.select({ name: demographicCategories.name }).from(demographicCategories)
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicCategories.position), asc(demographicCategories.id));
}

/** Live (not deleted) segments of the client region among these identifiers: identifier -> short id. */
export async function liveSegments(db: Executor, clientRegionId: number, identifiers: readonly string[]): Promise<Map<string, number>> {
  if (identifiers.length === 0) return new Map();
  const rows = await db.select({ identifier: segments.identifier, shortId: segments.shortId }).from(segments)
    .where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.deleted, false), inArray(segments.identifier, [...new Set(identifiers)])));
  return new Map(rows.map((r) => [r.identifier, r.shortId]));
}

/** The first demographic category of the client region and its values, for a template's example block. */
export async function firstCategoryValues(db: Executor, clientRegionId: number): Promise<{ category: string; values: string[] } | null> {
  const [category] = await db.select({ id: demographicCategories.id, name: demographicCategories.name }).from(demographicCategories)
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicCategories.position), asc(demographicCategories.id)).limit(1);
  if (!category) return null;
  const values = await db.select({ name: demographicValues.name }).from(demographicValues)
    .where(eq(demographicValues.categoryId, category.id)).orderBy(asc(demographicValues.position), asc(demographicValues.id));
  return { category: category.name, values: values.map((v) => v.name) };
}
