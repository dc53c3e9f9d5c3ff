import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RoaringBitmap32 } from '../bitmap/roaring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { openDatabase, type Database } from '../../db/client';
import { clientRegions, clients, regions } from '../../db/schema';
import { audienceSet, countRule, everyoneCounts, intersections, ruleCounts, widgetCounts, type BitmapSource } from '../bitmap/bitmap-questions';
import { generateMembers } from '../generator/generator';
import { Random } from '../generator/random';
import { CHUNK_BITS, decodeChunk, encodeChunks } from './chunk-codec';
import { storeMembers } from './member-chunks-repository';
import { countRuleSql, intersectionsSql, ruleCountsSql, widgetCountsSql } from './sql-questions';
import { SqlEngine } from './sql-engine';

// Three chunks, the last one partly filled.
const PEOPLE = 2 * CHUNK_BITS + 12_345;

describe('chunk codec', () => {
  it('round-trips ids across chunks, the first id of a chunk leftmost', () => {
    const ids = Uint32Array.from([0, 1, 7, 8, 65_535, 65_536, 140_000]);
    const chunks = encodeChunks(ids);
    expect(chunks.map((c) => c.chunk)).toEqual([0, 1, 2]);
    expect(chunks[0]!.hex.slice(0, 5)).toBe('xc180');
    expect(chunks.flatMap((c) => decodeChunk(c.chunk, c.hex))).toEqual([...ids]);
    // PostgreSQL answers bit varying as 0/1 text.
    expect(decodeChunk(1, '1' + '0'.repeat(CHUNK_BITS - 1))).toEqual([65_536]);
  });
  it('stores nothing for an empty set', () => {
    expect(encodeChunks(new Uint32Array())).toEqual([]);
  });
});

describe('the SQL and bitmap engines agree', () => {
  let database: Database;
  let dir: string;
  let clientRegionId: number;
  const segments = new Map<number, RoaringBitmap32>();
  const attributes = new Map<number, RoaringBitmap32>();
  const source: BitmapSource = { people: PEOPLE, segment: (id) => segments.get(id), attribute: (id) => attributes.get(id) };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sql-engine-'));
    database = await openDatabase({ dataDir: dir });
    await database.migrate();
    const db = database.db;
    const [client] = await db.insert(clients).values({ slug: 'engine-test', name: 'Engine Test' }).returning();
    const [region] = await db.insert(regions).values({ slug: 'zz', name: 'Test Region' }).returning();
    const [cr] = await db.insert(clientRegions).values({ clientId: client!.id, regionId: region!.id }).returning();
    clientRegionId = cr!.id;
    for (const set of generateMembers({ people: PEOPLE, segments: 60, seed: 'differential' })) {
      const id = set.kind === 'segment' ? set.segment.shortId : set.attribute.id;
      (set.kind === 'segment' ? segments : attributes).set(id, new RoaringBitmap32(set.members));
      await storeMembers(db, clientRegionId, set.kind, id, set.members);
    }
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('on 200 random rules: OR-groups, AND across them, excludes', async () => {
    const random = new Random('differential-rules');
    const ids = [...segments.keys()];
    for (let i = 0; i < 200; i++) {
      const rules: AudienceRules = {
        include: { and: Array.from({ length: 1 + random.int(3) }, () => Array.from({ length: 1 + random.int(4) }, () => random.pick(ids))) },
        exclude: random.next() < 0.5 ? [] : Array.from({ length: 1 + random.int(2) }, () => random.pick(ids)),
        values: [],
      };
      expect(await countRuleSql(database.db, clientRegionId, rules), JSON.stringify(rules)).toBe(countRule(source, rules));
    }
  }, 60_000);

  const randomRules = (random: Random): AudienceRules => {
    const ids = [...segments.keys()];
    const valueIds = [...attributes.keys()];
    const valueGroups = 1 + random.int(2);
    const groups = random.next() < 0.3 ? 0 : random.int(3);
    return {
      include: { and: Array.from({ length: groups }, () => Array.from({ length: 1 + random.int(4) }, () => random.pick(ids))) },
      exclude: random.next() < 0.5 ? [] : Array.from({ length: 1 + random.int(2) }, () => random.pick(ids)),
      values: Array.from({ length: valueGroups }, () => Array.from({ length: 1 + random.int(3) }, () => random.pick(valueIds))),
    };
  };

  it('on 100 random rules with groups of demographic values, some of values only', async () => {
    const random = new Random('differential-values');
    for (let i = 0; i < 100; i++) {
      const rules = randomRules(random);
      expect(await countRuleSql(database.db, clientRegionId, rules), JSON.stringify(rules)).toBe(countRule(source, rules));
    }
  }, 60_000);

  it("on the builder's rule counts: the rule, each group, the excludes", async () => {
    const random = new Random('differential-rule-counts');
    for (let i = 0; i < 40; i++) {
      const rules = randomRules(random);
      const { people, ...expected } = ruleCounts(source, rules);
      expect(people).toBe(PEOPLE);
      expect(await ruleCountsSql(database.db, clientRegionId, rules), JSON.stringify(rules)).toEqual(expected);
    }
    const segmentsOnly: AudienceRules = { include: { and: [[1, 2], [3]] }, exclude: [], values: [] };
    const { people: _, ...expected } = ruleCounts(source, segmentsOnly);
    expect(await ruleCountsSql(database.db, clientRegionId, segmentsOnly)).toEqual({ ...expected, exclude: 0 });
  }, 60_000);

  it('on the widget of everyone', async () => {
    const attributeIds = [...attributes.keys()].slice(0, 12);
    const { values } = await widgetCountsSql(database.db, clientRegionId, null, attributeIds);
    expect(values).toEqual(everyoneCounts(source, attributeIds));
  });

  it('on the widget counts of a rule with values', async () => {
    const rules: AudienceRules = { include: { and: [[1, 2, 3]] }, exclude: [6], values: [[...attributes.keys()].slice(0, 2)] };
    const attributeIds = [...attributes.keys()].slice(0, 12);
    const { values: fromSql, audienceCount } = await widgetCountsSql(database.db, clientRegionId, rules, attributeIds);
    expect(audienceCount).toBe(countRule(source, rules));
    expect(fromSql.map((r) => r.count)).toEqual(widgetCounts(source, audienceSet(source, rules), attributeIds).map((r) => r.count));
  });

  it('on the widget counts of a category', async () => {
    const rules: AudienceRules = { include: { and: [[1, 2, 3], [4, 5]] }, exclude: [6], values: [] };
    const attributeIds = [...attributes.keys()].slice(0, 12);
    const { values: fromSql, audienceCount } = await widgetCountsSql(database.db, clientRegionId, rules, attributeIds);
    expect(audienceCount).toBe(countRule(source, rules));
    const fromBitmaps = widgetCounts(source, audienceSet(source, rules), attributeIds);
    expect(fromSql.map((r) => r.count)).toEqual(fromBitmaps.map((r) => r.count));
    expect(fromSql.map((r) => r.valueSize)).toEqual(attributeIds.map((id) => attributes.get(id)!.size));
  });

  it('on the intersections of 2 to 4 audiences, and both agree with brute force over the people', async () => {
    const random = new Random('differential-intersections');
    // A slice of one chunk at a time: the engine adds the slices' answers up.
    const engine = new SqlEngine(database.db, () => PEOPLE, 60_000);
    for (let i = 0; i < 12; i++) {
      const k = 2 + (i % 3);
      const audiences = Array.from({ length: k }, () => randomRules(random));
      const sets = audiences.map((rules) => audienceSet(source, rules));
      const fromBitmaps = intersections(sets, PEOPLE);
      const members = sets.map((set) => new Set(set.toArray()));
      const brute = Array.from({ length: 1 << k }, (_, mask) => {
        if (mask === 0) return 0;
        let n = 0;
        for (let p = 0; p < PEOPLE; p++) if (members.every((m, j) => !(mask & (1 << j)) || m.has(p))) n++;
        return n;
      });
      expect(fromBitmaps.all, JSON.stringify(audiences)).toEqual(brute);
      expect(fromBitmaps.sizes).toEqual(sets.map((set) => set.size));
      expect(await intersectionsSql(database.db, clientRegionId, audiences)).toEqual({ sizes: fromBitmaps.sizes, all: brute });
      expect(await engine.intersections(clientRegionId, audiences)).toEqual(fromBitmaps);
    }
    await expect(engine.intersections(clientRegionId, [randomRules(random)])).rejects.toThrow(/2 to 4/);
  }, 120_000);
});
