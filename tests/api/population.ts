import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { clientRegions, clients, regions } from '../../src/server/db/schema';
import { catalogSeedOf } from '../../src/server/engine/generator/generator';
import { seedPopulation } from '../../src/server/engine/population-seeder';

/**
 * The synthetic people the API tests count: small, so every database copy stays quick. The
 * catalogue is the demo's, so the demo Grow charts name the same segments here.
 */
export const TEST_POPULATION = { people: 30_000, segments: 60 } as const;
/** Client regions that get people; the others have no audience data (a real case too). */
export const POPULATED = [
  ['acme', 'us'],
  ['acme', 'uk'],
  ['globex', 'us'],
] as const;

export async function clientRegionIdOf(db: Db, client: string, region: string): Promise<number> {
  const [row] = await db
    .select({ id: clientRegions.id })
    .from(clientRegions)
    .innerJoin(clients, eq(clients.id, clientRegions.clientId))
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clients.slug, client), eq(regions.slug, region)));
  if (!row) throw new Error(`no client region ${client}/${region}`);
  return row.id;
}

export async function seedTestPopulation(db: Db) {
  for (const [client, region] of POPULATED) {
    await seedPopulation(db, await clientRegionIdOf(db, client, region), { ...TEST_POPULATION, seed: `test:${client}/${region}`, catalogSeed: catalogSeedOf(client) });
  }
}
