import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { clientRegions, clients, dataSets, demographicCategories, demographicValues, regions, segments, vendorDataSources } from '../db/schema';
import { seedPopulation } from './population-seeder';

const OPTIONS = { people: 70_000, segments: 40, seed: 'seeder-test' };

describe('seedPopulation', () => {
  let database: Database;
  let dir: string;
  let clientRegionId: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-'));
    database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const [client] = await database.db.insert(clients).values({ slug: 'seeder', name: 'Seeder' }).returning();
    const [region] = await database.db.insert(regions).values({ slug: 'sx', name: 'Seeder Region' }).returning();
    const [cr] = await database.db.insert(clientRegions).values({ clientId: client!.id, regionId: region!.id }).returning();
    clientRegionId = cr!.id;
    await seedPopulation(database.db, clientRegionId, OPTIONS);
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const storedCounts = async (kind: number) => {
    const result = (await database.db.execute(
      sql`select set_id, sum(bit_count(bits))::int as n from member_chunks where client_region_id = ${clientRegionId} and set_kind = ${kind} group by set_id`,
    )) as unknown as { rows: { set_id: number; n: number }[] };
    return new Map(result.rows.map((r) => [Number(r.set_id), Number(r.n)]));
  };

  it('writes the catalogue: 15 categories, 201 values, the segments, vendors with data sources', async () => {
    const db = database.db;
    expect(await db.$count(demographicCategories, eq(demographicCategories.clientRegionId, clientRegionId))).toBe(15);
    expect(await db.$count(demographicValues)).toBe(201);
    expect(await db.$count(segments, eq(segments.clientRegionId, clientRegionId))).toBe(40);
    expect(await db.$count(vendorDataSources)).toBeGreaterThan(0);
    const [set] = await db.select().from(dataSets).where(eq(dataSets.clientRegionId, clientRegionId));
    expect(set).toMatchObject({ people: 70_000, status: 'ready' });
  });

  it('stores members whose counts match each segment and partition everyone per category', async () => {
    const segmentCounts = await storedCounts(1);
    for (const s of await database.db.select().from(segments).where(eq(segments.clientRegionId, clientRegionId))) {
      expect(segmentCounts.get(s.shortId) ?? 0).toBe(s.peopleCount);
      expect(s.name).toBe(s.pathParts.join(' > '));
    }
    const valueCounts = await storedCounts(2);
    const [age] = await database.db.select().from(demographicCategories).where(eq(demographicCategories.name, 'Age'));
    const ageValues = await database.db.select().from(demographicValues).where(eq(demographicValues.categoryId, age!.id));
    expect(ageValues.reduce((sum, v) => sum + (valueCounts.get(v.id) ?? 0), 0)).toBe(70_000);
  });

  it('replaces rather than duplicates when run again, with the same numbers', async () => {
    const before = await storedCounts(1);
    await seedPopulation(database.db, clientRegionId, OPTIONS);
    expect(await database.db.$count(segments, eq(segments.clientRegionId, clientRegionId))).toBe(40);
    expect(await database.db.$count(demographicValues)).toBe(201);
    expect(await storedCounts(1)).toEqual(before);
  }, 60_000);
});
