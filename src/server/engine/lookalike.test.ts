import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookalikeLift } from '@shared/rules/audience-kinds';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { openDatabase, type Database } from '../db/client';
import { clientRegions, clients, demographicCategories, demographicValues, regions, segments } from '../db/schema';
import { DataManager } from './data-manager';
import { SHORT_ID_SPAN } from './generator/generator';
import { seedPopulation } from './population-seeder';
import type { CountEngine } from './questions';
import { openCountStore, type CountStore } from './sql/count-store';
import { decodeChunk } from './sql/chunk-codec';

/**
 * The lookalike model and kept sets through the data manager (issue 16), on generated people
 * whose segments lean on categories: stored in PGlite, loaded into 1 and 2 bitmap workers.
 */
const PEOPLE = 200_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

let database: Database;
let dir: string;
let clientRegionId: number;
/** The seed: the generated segment nearest 2 % of the people. */
let seedId: number;
let seedSize: number;
let vendorId: number;
const opened: { close(): Promise<void> }[] = [];

/** A segment row for a kept set (the API makes it before building, so a reload lists it). */
async function segmentRow(n: number): Promise<number> {
  const shortId = clientRegionId * SHORT_ID_SPAN + 90_000 + n;
  await database.db.insert(segments).values({ clientRegionId, shortId, identifier: `kept-${n}`, name: `Kept ${n}`, pathParts: ['Kept', `${n}`], vendorId });
  return shortId;
}

async function openManager(workers: number): Promise<{ data: DataManager; store: CountStore }> {
  const store = await openCountStore(database, 60_000);
  const data = new DataManager(database.db, store, { timeLimitMs: 60_000, workers, demo: null }, quiet);
  opened.push(data);
  await data.start();
  await data.whenIdle();
  return { data, store };
}

/** A stored set's people, read back from the count store. */
async function stored(store: CountStore, setId: number): Promise<Set<number>> {
  const { chunks, bits } = await store.setChunks(clientRegionId, 'segment', setId);
  const ids = new Set<number>();
  chunks.forEach((chunk, i) => {
    for (const id of decodeChunk(chunk, `x${Buffer.from(bits.subarray(i * 8192, (i + 1) * 8192)).toString('hex')}`)) ids.add(id);
  });
  return ids;
}

const rule = (...groups: number[][]): AudienceRules => ({ include: { and: groups }, exclude: [], values: [] });

function engines(data: DataManager): { bitmaps: CountEngine; sql: CountEngine } {
  const bitmaps = data.engineFor(clientRegionId, 'molecula');
  const sql = data.engineFor(clientRegionId, 'es');
  if (typeof bitmaps === 'string' || typeof sql === 'string') throw new Error(`not ready: ${String(bitmaps)} ${String(sql)}`);
  return { bitmaps, sql };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookalike-'));
  database = await openDatabase({ dataDir: dir });
  await database.migrate();
  const [client] = await database.db.insert(clients).values({ slug: 'lookalike', name: 'Lookalike' }).returning();
  const [region] = await database.db.insert(regions).values({ slug: 'lk', name: 'Lookalike Region' }).returning();
  const [cr] = await database.db.insert(clientRegions).values({ clientId: client!.id, regionId: region!.id }).returning();
  clientRegionId = cr!.id;
  const store = await openCountStore(database, 60_000);
  opened.push(store);
  await seedPopulation(database.db, store, clientRegionId, { people: PEOPLE, segments: 80, seed: 'lookalike-test' });
  const rows = await database.db.select().from(segments).where(and(eq(segments.clientRegionId, clientRegionId), eq(segments.deleted, false)));
  const seed = rows.reduce((best, s) => (Math.abs(s.peopleCount - 0.02 * PEOPLE) < Math.abs(best.peopleCount - 0.02 * PEOPLE) ? s : best));
  seedId = seed.shortId;
  seedSize = seed.peopleCount;
  vendorId = seed.vendorId;
}, 120_000);

afterAll(async () => {
  for (const o of opened.reverse()) await o.close();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([1, 2])('a lookalike with %i bitmap worker(s)', (workers) => {
  let data: DataManager;
  let store: CountStore;
  beforeAll(async () => {
    ({ data, store } = await openManager(workers));
  }, 120_000);

  it('has exactly the size asked, none of the seed, counted the same by both engines, and a held-out lift above 1.5', async () => {
    expect(seedSize).toBeGreaterThan(0.01 * PEOPLE);
    expect(seedSize).toBeLessThan(0.04 * PEOPLE);
    const shortId = await segmentRow(workers * 10);
    const size = 5 * seedSize;
    const build = await data.buildLookalike(clientRegionId, { seed: rule([seedId]), size, shortId });
    expect(build.size).toBe(size);
    expect(build.seedSize).toBe(seedSize);
    expect(build.holdout).toBeGreaterThan(0.15 * seedSize);
    expect(build.holdout).toBeLessThan(0.25 * seedSize);
    expect(build.candidates).toBe(PEOPLE - (seedSize - build.holdout));

    const members = await stored(store, shortId);
    expect(members.size).toBe(size);
    const seed = await stored(store, seedId);
    expect([...seed].filter((id) => members.has(id))).toEqual([]);

    const { bitmaps, sql } = engines(data);
    expect(await sql.count(clientRegionId, rule([shortId]))).toBe(size);
    expect(await bitmaps.count(clientRegionId, rule([shortId]))).toBe(size);
    expect(await sql.count(clientRegionId, rule([shortId], [seedId]))).toBe(0);
    expect(await bitmaps.count(clientRegionId, rule([shortId, seedId]))).toBe(size + seedSize);
    expect(await sql.intersections(clientRegionId, [rule([shortId]), rule([seedId]), rule([shortId, seedId])])).toEqual(
      await bitmaps.intersections(clientRegionId, [rule([shortId]), rule([seedId]), rule([shortId, seedId])]),
    );

    const { lift } = lookalikeLift(build.holdout, build.recovered, build.size, build.candidates);
    expect(lift).toBeGreaterThan(1.5);
  }, 120_000);

  it('of a random model has a lift of about 1 (0.8 to 1.25, over three salts)', async () => {
    const lifts: number[] = [];
    for (const salt of ['a', 'b', 'c']) {
      const shortId = await segmentRow(workers * 10 + 1 + lifts.length);
      const build = await data.buildLookalike(clientRegionId, { seed: rule([seedId]), size: 5 * seedSize, shortId, model: 'random', randomSeed: salt });
      expect(build.size).toBe(5 * seedSize);
      lifts.push(lookalikeLift(build.holdout, build.recovered, build.size, build.candidates).lift);
    }
    const mean = lifts.reduce((a, b) => a + b, 0) / lifts.length;
    expect(mean).toBeGreaterThan(0.8);
    expect(mean).toBeLessThan(1.25);
  }, 120_000);

  it('keeps a rule as a segment (a motivation audience), and drops a kept set from both engines', async () => {
    const [value] = await database.db
      .select({ id: demographicValues.id })
      .from(demographicValues)
      .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
      .where(eq(demographicCategories.clientRegionId, clientRegionId))
      .limit(1);
    const rules: AudienceRules = { include: { and: [[seedId]] }, exclude: [], values: [[value!.id]] };
    const shortId = await segmentRow(workers * 10 + 5);
    const { bitmaps, sql } = engines(data);
    const expected = await sql.count(clientRegionId, rules);
    expect(expected).toBeGreaterThan(0);
    expect(await data.materialize(clientRegionId, rules, shortId)).toBe(expected);
    expect(await sql.count(clientRegionId, rule([shortId]))).toBe(expected);
    expect(await bitmaps.count(clientRegionId, rule([shortId]))).toBe(expected);

    await data.dropSet(clientRegionId, shortId);
    expect((await stored(store, shortId)).size).toBe(0);
    expect(await sql.count(clientRegionId, rule([shortId]))).toBe(0);
    await expect(bitmaps.count(clientRegionId, rule([shortId]))).rejects.toThrow(/Unknown segment/);
  }, 120_000);

  it('refuses more people than are outside the seed', async () => {
    await expect(data.buildLookalike(clientRegionId, { seed: rule([seedId]), size: PEOPLE, shortId: await segmentRow(workers * 10 + 6) })).rejects.toThrow(/outside the seed/);
  });
});

describe('kept sets across a reload and between worker counts', () => {
  it('are loaded again from the store, and 1 and 2 workers choose nearly the same people', async () => {
    // The lookalikes of the runs above (their segment rows exist): a fresh data manager loads them from the store.
    const { data } = await openManager(2);
    const { bitmaps } = engines(data);
    const one = clientRegionId * SHORT_ID_SPAN + 90_010;
    const two = clientRegionId * SHORT_ID_SPAN + 90_020;
    expect(await bitmaps.count(clientRegionId, rule([one]))).toBe(5 * seedSize);
    expect(await bitmaps.count(clientRegionId, rule([two]))).toBe(5 * seedSize);
    // The same model; only the people of the cut's bin may be split differently between shards.
    expect(await bitmaps.count(clientRegionId, rule([one], [two]))).toBeGreaterThan(0.95 * 5 * seedSize);
  }, 120_000);
});
