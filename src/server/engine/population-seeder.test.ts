import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { clientRegions, clients, dataSets, demographicCategories, demographicValues, regions, segments, vendorDataSources } from '../db/schema';
import { CHUNK_BYTES } from './bitmap/portable';
import { seedPopulation } from './population-seeder';
import { openCountStore, type CountStore } from './sql/count-store';
import type { SetKind } from './sql/member-chunks-repository';

const OPTIONS = { people: 70_000, segments: 40, seed: 'seeder-test' };

describe('seedPopulation', () => {
  let database: Database;
  let dir: string;
  let clientRegionId: number;
  let store: CountStore;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seeder-'));
    database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const [client] = await database.db.insert(clients).values({ slug: 'seeder', name: 'Seeder' }).returning();
    const [region] = await database.db.insert(regions).values({ slug: 'sx', name: 'Seeder Region' }).returning();
    const [cr] = await database.db.insert(clientRegions).values({ clientId: client!.id, regionId: region!.id }).returning();
    clientRegionId = cr!.id;
    store = await openCountStore(database, 15_000);
    await seedPopulation(database.db, store, clientRegionId, OPTIONS);
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** People in a stored set, read back from the count store. */
  const storedCount = async (kind: SetKind, id: number) => {
    const { bits } = await store.setChunks(clientRegionId, kind, id);
    let n = 0;
    for (const byte of bits) for (let b = byte; b; b &= b - 1) n++;
    return n;
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
    for (const s of await database.db.select().from(segments).where(eq(segments.clientRegionId, clientRegionId))) {
      expect(await storedCount('segment', s.shortId)).toBe(s.peopleCount);
      expect(s.name).toBe(s.pathParts.join(' > '));
    }
    const [age] = await database.db.select().from(demographicCategories).where(eq(demographicCategories.name, 'Age'));
    const ageValues = await database.db.select().from(demographicValues).where(eq(demographicValues.categoryId, age!.id));
    let people = 0;
    for (const v of ageValues) people += await storedCount('attribute', v.id);
    expect(people).toBe(70_000);
  });

  it('reads many sets in one call, each in the order asked with its own people, an unknown set empty, within a chunk range too', async () => {
    const rows = (await database.db.select({ id: segments.shortId, people: segments.peopleCount }).from(segments).where(eq(segments.clientRegionId, clientRegionId))).slice(0, 6).reverse();
    expect(new Set(rows.map((r) => r.people)).size).toBeGreaterThan(1);
    const asked = [...rows.map((r) => ({ kind: 'segment' as const, id: r.id })), { kind: 'segment' as const, id: 987_654_321 }];
    const people = (bits: Uint8Array) => bits.reduce((n, byte) => n + [...byte.toString(2)].filter((b) => b === '1').length, 0);
    const whole = await store.setsChunks(clientRegionId, asked);
    expect(whole.map((set) => people(set.bits))).toEqual([...rows.map((r) => r.people), 0]);
    const part = await store.setsChunks(clientRegionId, asked, { from: 3, to: 7 });
    for (const [i, set] of part.entries()) {
      expect([...set.chunks].every((c) => c >= 3 && c < 7)).toBe(true);
      // The range's chunks are the whole read's chunks 3..6, bits and all.
      const at = [...whole[i]!.chunks].flatMap((c, k) => (c >= 3 && c < 7 ? [k] : []));
      expect([...set.chunks]).toEqual(at.map((k) => whole[i]!.chunks[k]));
      expect(people(set.bits)).toBe(at.reduce((n, k) => n + people(whole[i]!.bits.subarray(k * CHUNK_BYTES, (k + 1) * CHUNK_BYTES)), 0));
    }
    expect(await store.setsChunks(clientRegionId, [])).toEqual([]);
  });

  it('replaces rather than duplicates when run again, with the same numbers', async () => {
    const sizes = async () => {
      const rows = await database.db.select().from(segments).where(eq(segments.clientRegionId, clientRegionId));
      return Promise.all(rows.sort((a, b) => a.shortId - b.shortId).map((s) => storedCount('segment', s.shortId)));
    };
    const before = await sizes();
    await seedPopulation(database.db, store, clientRegionId, OPTIONS);
    expect(await database.db.$count(segments, eq(segments.clientRegionId, clientRegionId))).toBe(40);
    expect(await database.db.$count(demographicValues)).toBe(201);
    expect(await sizes()).toEqual(before);
  }, 60_000);
});
