import { and, eq, isNull } from 'drizzle-orm';
import { SITE_VISIT_SLOTS, type SiteVisitMapping } from '@shared/rules/brands';
import { siteGroupIdentifier } from '@shared/rules/analysis';
import type { Executor } from './client';
import { brands, clients } from './schema';
import { DEMO_GROW_SEGMENT_POOL } from './demo-grow';
import { buildCatalog, catalogSeedOf } from '../engine/generator/generator';

/**
 * The demo's site-visit segment mapping (issue 19): acme's Fizz Cola maps its three slots to
 * three live, regular-sized segments of acme's catalogue. The catalogue is known before the
 * people are generated (the same seed as the population seeder), so it is written with the rest
 * of the demo; the segments exist in acme/us (and every acme region) once the data is there.
 */
export const DEMO_BRAND_MAPPING = { client: 'acme', brand: 'fizz-cola' } as const;

/**
 * The three segments, in slot order: the brand's own site-visit groups of the generated buyer
 * data (issue 32: buyers.ts makes them for every brand with a site), which the Site Visitation
 * page reads.
 */
export function demoSiteVisitMapping(client: string, brand: string = DEMO_BRAND_MAPPING.brand): SiteVisitMapping {
  const { segments } = buildCatalog({ people: 1, segments: DEMO_GROW_SEGMENT_POOL, seed: 'x', catalogSeed: catalogSeedOf(client) });
  const mapping: SiteVisitMapping = {};
  for (const slot of SITE_VISIT_SLOTS) {
    const identifier = siteGroupIdentifier(brand, slot);
    const segment = segments.find((s) => s.identifier === identifier);
    if (!segment) throw new Error(`seed: ${client}/${brand} has no site-visit segment ${identifier}`);
    mapping[slot] = { identifier, name: segment.name };
  }
  return mapping;
}

/** Gives Fizz Cola its mapping unless it has one; running it again changes nothing. */
export async function seedBrandsDemo(tx: Executor): Promise<boolean> {
  const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, DEMO_BRAND_MAPPING.client));
  if (!client) return false;
  const rows = await tx
    .update(brands)
    .set({ siteVisitSegmentMapping: demoSiteVisitMapping(DEMO_BRAND_MAPPING.client) })
    .where(and(eq(brands.clientId, client.id), eq(brands.slug, DEMO_BRAND_MAPPING.brand), isNull(brands.siteVisitSegmentMapping)))
    .returning({ id: brands.id });
  return rows.length > 0;
}
