import type { AudienceRules } from '@shared/schemas/audience-rules';
import { eq } from 'drizzle-orm';
import { brands } from '../../db/schema';
import { contextClientRegion } from '../insights/insights-service';
import * as repo from './audience-repository';
import type { AudiencesScope } from './audience-service';

/** How many of the category's segments seed an optimized audience (the largest). */
const SEED_SEGMENTS = 3;

/**
 * The seed of "Build an Optimized Audience" (pve): the product's category buyers, i.e. the live
 * segments of the context region whose name or path names the brand's category (the demo's
 * 'Beverages' finds Behaviour > Beverages > Soda Drinkers, …), the largest few OR-ed. Null when the
 * region has none.
 */
export async function categorySeed(scope: AudiencesScope): Promise<{ category: string; rules: AudienceRules; segments: { id: number; name: string }[] } | null> {
  const [brand] = await scope.db.select({ category: brands.category }).from(brands).where(eq(brands.id, scope.ctx.brandId!));
  if (!brand) return null;
  const found = await repo.segmentsMatching(scope.db, await contextClientRegion(scope), [brand.category]);
  const chosen = found.slice(0, SEED_SEGMENTS);
  if (chosen.length === 0) return null;
  return { category: brand.category, rules: { include: { and: [chosen.map((s) => s.id)] }, exclude: [], values: [] }, segments: chosen.map((s) => ({ id: s.id, name: s.name })) };
}
