import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../src/server/db/client';
import { clientRegions, clients, regions } from '../../src/server/db/schema';
import { catalogSeedOf } from '../../src/server/engine/generator/generator';
import { BUYER_BRANDS } from '../../src/server/engine/generator/buyers';
import { seedPopulation } from '../../src/server/engine/population-seeder';
import { openCountStore } from '../../src/server/engine/sql/count-store';

/**
 * The synthetic people the API tests count: small, so every database copy stays quick. The
 * catalogue is the demo's, so the demo Grow charts name the same segments here.
 */
export const TEST_POPULATION = { people: 30_000, segments: 60 } as const;
/**
 * Brands with buyer data here (issue 32): two of the demo's, the demo context's own (Fizz Cola)
 * and another, so a context change is tried, in acme/us only. Each brand is ~100 sets, which
 * every file that counts loads: in both acme regions they made the API phase 185 s longer in a
 * clean run (447 s against 262 s); the other regions' pages say they have no buyer data.
 */
export const TEST_BUYER_BRANDS = 2;
export const TEST_BUYER_REGION = ['acme', 'us'] as const;
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

/** Seeds the populated regions: the catalogue in the database, the members in its count store. */
export async function seedTestPopulation(database: Database) {
  const db = database.db;
  const store = await openCountStore(database, 15_000);
  try {
    for (const [client, region] of POPULATED) {
      await seedPopulation(db, store, await clientRegionIdOf(db, client, region), { ...TEST_POPULATION, seed: `test:${client}/${region}`, catalogSeed: catalogSeedOf(client), buyers: client === TEST_BUYER_REGION[0] && region === TEST_BUYER_REGION[1] ? (BUYER_BRANDS[client] ?? []).slice(0, TEST_BUYER_BRANDS) : [] });
    }
  } finally {
    await store.close();
  }
}
