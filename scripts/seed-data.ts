/**
 * npm run seed:data -- --people N --segments S --seed X [--client acme --region us | --all]
 * Makes the deterministic synthetic people, segments and members of one client region (or all)
 * in the database the server uses (DATABASE_URL, or PGlite in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { openCountStore } from '../src/server/engine/sql/count-store';
import { clientRegions, clients, regions } from '../src/server/db/schema';
import { seedPopulation } from '../src/server/engine/population-seeder';

const { values } = parseArgs({
  options: {
    people: { type: 'string', default: '1000000' },
    segments: { type: 'string', default: '300' },
    seed: { type: 'string', default: 'demo' },
    client: { type: 'string', default: 'acme' },
    region: { type: 'string', default: 'us' },
    all: { type: 'boolean', default: false },
  },
});

const people = Number(values.people);
const segmentCount = Number(values.segments);
if (!Number.isInteger(people) || people < 1 || people > 2 ** 32 - 1) throw new Error(`--people must be a whole number from 1 to ${2 ** 32 - 1}`);
if (!Number.isInteger(segmentCount) || segmentCount < 1 || segmentCount > 100_000) throw new Error('--segments must be a whole number from 1 to 100000');

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const targets = await database.db
  .select({ id: clientRegions.id, client: clients.slug, region: regions.slug })
  .from(clientRegions)
  .innerJoin(clients, eq(clients.id, clientRegions.clientId))
  .innerJoin(regions, eq(regions.id, clientRegions.regionId))
  .where(values.all ? undefined : and(eq(clients.slug, values.client), eq(regions.slug, values.region)));
if (targets.length === 0) throw new Error(`No client region ${values.client}/${values.region}: run npm start once to seed the demo tenant`);

const store = await openCountStore(database, config.engineTimeLimitMs);
for (const target of targets) {
  const started = performance.now();
  let last = 0;
  const result = await seedPopulation(database.db, store, target.id, { people, segments: segmentCount, seed: `${values.seed}:${target.client}/${target.region}`, catalogSeed: `${values.seed}:${target.client}` }, (done, total) => {
    const pct = Math.floor((100 * done) / total);
    if (pct >= last + 10) {
      last = pct;
      process.stdout.write(`  ${target.client}/${target.region}: ${pct}%\n`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`${target.client}/${target.region}: ${result.people.toLocaleString()} people, ${result.segments} segments, ${result.attributeValues} attribute values, ${result.memberIds.toLocaleString()} memberships in ${seconds.toFixed(1)} s`);
}
await store.close();
await database.close();
