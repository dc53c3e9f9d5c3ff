import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { prepareJobTables } from '../../src/server/jobs/queue';
import { seedDemo } from '../../src/server/db/seed';
import { seedTestPopulation } from './population';
import { completeExploreDemo } from '../../src/server/db/seed-explore';

/** API_TEMPLATE_DIR lets two test runs on one checkout keep their templates apart. */
export const TEMPLATE_DIR = path.resolve(process.env.API_TEMPLATE_DIR ?? '.tmp/api-template');

/** Builds one migrated, seeded PGlite directory; each test file starts from a copy of it. */
export default async function setup() {
  if (process.env.DATABASE_URL) return;
  fs.rmSync(TEMPLATE_DIR, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: TEMPLATE_DIR });
  await database.migrate();
  await seedDemo(database.db, 'demo-password');
  await seedTestPopulation(database);
  await completeExploreDemo(database.db);
  await prepareJobTables(database);
  await database.close();
}
