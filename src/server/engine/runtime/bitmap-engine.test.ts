import { afterAll, describe, expect, it } from 'vitest';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceSet, countRule, countsQuestion, everyoneCounts, intersections, overlap, ruleCounts, widgetCounts } from '../bitmap/bitmap-questions';
import { CHUNK_BYTES } from '../bitmap/portable';
import { RoaringBitmap32 } from '../bitmap/roaring';
import { generateMembers } from '../generator/generator';
import { Random } from '../generator/random';
import { encodeChunks } from '../sql/chunk-codec';
import { BitmapEngine, shardOf } from './bitmap-engine';
import { RegionBitmaps } from './region-bitmaps';

// Four chunks of 65,536 and a part of a fifth: shards split them by whole chunks.
const PEOPLE = 300_000;
const REGION = 7;
const region = new RegionBitmaps(PEOPLE);
const byCategory = new Map<number, number[]>();
for (const set of generateMembers({ people: PEOPLE, segments: 40, seed: 'shards' })) {
  const bitmap = new RoaringBitmap32(set.members);
  if (set.kind === 'segment') region.segments.set(set.segment.shortId, bitmap);
  else {
    region.attributes.set(set.attribute.id, bitmap);
    byCategory.set(set.attribute.categoryIndex, [...(byCategory.get(set.attribute.categoryIndex) ?? []), set.attribute.id]);
  }
}
const segmentIds = [...region.segments.keys()];
// Every value, so that the workers count small audiences from their value codes, large ones from bitmaps.
const attributeIds = [...region.attributes.keys()];
const categories = [...byCategory.values()];

function randomRules(random: Random): AudienceRules {
  return {
    include: { and: Array.from({ length: 1 + random.int(3) }, () => Array.from({ length: 1 + random.int(3) }, () => random.pick(segmentIds))) },
    exclude: random.next() < 0.5 ? [] : [random.pick(segmentIds)],
    values: [],
  };
}

const engines: BitmapEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((e) => e.close()));
});

/** Loads the region through the stored-chunk path (`set`) or whole bitmaps (`setBitmap`). */
async function engineWith(shards: number, via: 'chunks' | 'bitmaps') {
  const engine = new BitmapEngine(60_000, shards);
  engines.push(engine);
  await engine.begin(REGION, PEOPLE);
  for (const [kind, sets] of [['segment', region.segments], ['attribute', region.attributes]] as const) {
    for (const [id, bitmap] of sets) {
      if (via === 'bitmaps') {
        await engine.setBitmap(REGION, kind, id, bitmap);
        continue;
      }
      // As the count store reads them: each shard's range of chunks on its own.
      const encoded = encodeChunks(bitmap.toUint32Array());
      const parts = engine.shardRanges(REGION).map(({ from, to }) => {
        const mine = encoded.filter((c) => c.chunk >= from && c.chunk < to);
        const bits = new Uint8Array(mine.length * CHUNK_BYTES);
        mine.forEach((c, i) => bits.set(Buffer.from(c.hex.slice(1), 'hex'), i * CHUNK_BYTES));
        return { chunks: Int32Array.from(mine, (c) => c.chunk), bits };
      });
      await engine.set(REGION, kind, id, parts);
    }
  }
  await engine.commit(REGION, categories);
  return engine;
}

describe('shardRanges', () => {
  it('gives each shard the chunks shardOf puts there, the last one open-ended', async () => {
    const engine = new BitmapEngine(60_000, 3);
    engines.push(engine);
    await engine.begin(REGION, PEOPLE);
    const ranges = engine.shardRanges(REGION);
    for (let chunk = 0; chunk < 5; chunk++) {
      const shard = ranges.findIndex(({ from, to }) => chunk >= from && chunk < to);
      expect(shard).toBe(shardOf(chunk, 5, 3));
    }
    expect(ranges[2]!.to).toBeGreaterThan(1e9);
  }, 60_000);
});

describe('shardOf', () => {
  it('gives each shard a contiguous, near-even range of chunks', () => {
    expect(Array.from({ length: 5 }, (_, c) => shardOf(c, 5, 2))).toEqual([0, 0, 0, 1, 1]);
    expect(Array.from({ length: 4 }, (_, c) => shardOf(c, 4, 3))).toEqual([0, 0, 1, 2]);
    expect(shardOf(0, 1, 4)).toBe(0);
  });
});

describe.each([
  [1, 'chunks'],
  [2, 'chunks'],
  [3, 'bitmaps'],
] as const)('BitmapEngine with %i worker(s), loaded from %s', (shards, via) => {
  it('answers every question as the bitmap functions do in place, over 120 random questions', async () => {
    const engine = await engineWith(shards, via);
    const random = new Random(`questions:${shards}`);
    for (let i = 0; i < 30; i++) {
      const rules = randomRules(random);
      expect(await engine.count(REGION, rules), JSON.stringify(rules)).toBe(countRule(region, rules));

      const audience = audienceSet(region, rules);
      expect(await engine.widget(REGION, rules, attributeIds)).toEqual({ audienceCount: audience.size, people: PEOPLE, values: widgetCounts(region, audience, attributeIds) });

      const others = [rules, randomRules(random), randomRules(random)];
      expect(await engine.overlap(REGION, others)).toEqual(overlap(others.map((r) => audienceSet(region, r))));
      const four = [...others, randomRules(random)].slice(0, 2 + (i % 3));
      expect(await engine.intersections(REGION, four)).toEqual(intersections(four.map((r) => audienceSet(region, r)), PEOPLE));

      const question = {
        matched: { '1': [random.pick(segmentIds), random.pick(segmentIds)], '2': [random.pick(segmentIds)] },
        modeled: { '1': [random.pick(segmentIds)] },
        focusMatched: random.next() < 0.5 ? [] : [random.pick(segmentIds)],
        focusModeled: [],
        groups: random.next() < 0.7 ? [] : [[random.pick(segmentIds), random.pick(segmentIds)]],
      };
      expect(await engine.counts(REGION, question)).toEqual(countsQuestion(region, question));
    }
    const memory = await engine.memory();
    expect(memory.codeBytes).toBeGreaterThan(PEOPLE * 16);
    expect(memory.regions).toEqual([{ region: REGION, people: PEOPLE, segments: region.segments.size, attributes: region.attributes.size }]);
  }, 60_000);

  it("answers rules with groups of values, the builder's rule counts and the widget of everyone, the shards' parts added up", async () => {
    const engine = await engineWith(shards, via);
    const random = new Random(`values:${shards}`);
    for (let i = 0; i < 20; i++) {
      const base = randomRules(random);
      const values = Array.from({ length: 1 + random.int(2) }, () => [random.pick(attributeIds), random.pick(attributeIds)]);
      const rules: AudienceRules = { ...base, include: { and: i % 4 === 0 ? [] : base.include.and }, values };
      expect(await engine.count(REGION, rules), JSON.stringify(rules)).toBe(countRule(region, rules));
      expect(await engine.ruleCounts(REGION, rules)).toEqual(ruleCounts(region, rules));
      const audience = audienceSet(region, rules);
      expect(await engine.widget(REGION, rules, attributeIds)).toEqual({ audienceCount: audience.size, people: PEOPLE, values: widgetCounts(region, audience, attributeIds) });
    }
    expect(await engine.widget(REGION, null, attributeIds)).toEqual({ audienceCount: PEOPLE, people: PEOPLE, values: everyoneCounts(region, attributeIds) });
  }, 60_000);
});
