import { and, eq, isNull } from 'drizzle-orm';
import { SITE_VISIT_SLOTS, type SiteVisitMapping } from '@shared/rules/brands';
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

/** The three segments, in slot order: the first live regular ones of the catalogue that every demo size has. */
export function demoSiteVisitMapping(client: string): SiteVisitMapping {
  const { segments } = buildCatalog({ people: 1, segments: DEMO_GROW_SEGMENT_POOL, seed: 'x', catalogSeed: catalogSeedOf(client) });
  const picked = segments.filter((s) => s.kind === 'regular' && !s.deleted && s.vendorType !== 'modeled');
  const mapping: SiteVisitMapping = {};
  SITE_VISIT_SLOTS.forEach((slot, i) => {
    const segment = picked[i];
    if (!segment) throw new Error(`seed: ${client} has fewer than three live segments among the first ${DEMO_GROW_SEGMENT_POOL}`);
    mapping[slot] = { identifier: segment.identifier, name: segment.name };
  });
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
