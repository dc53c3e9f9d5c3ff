import { describe, expect, it } from 'vitest';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { countRule, countsQuestion } from '../bitmap/bitmap-questions';
import { RoaringBitmap32 } from '../bitmap/roaring';
import { generateMembers } from '../generator/generator';
import { Random } from '../generator/random';
import { RegionBitmaps } from './region-bitmaps';

const PEOPLE = 100_000;
const keeping = new RegionBitmaps(PEOPLE);
const plain = new RegionBitmaps(PEOPLE, 0);
for (const set of generateMembers({ people: PEOPLE, segments: 40, seed: 'unions' })) {
  if (set.kind !== 'segment') continue;
  keeping.segments.set(set.segment.shortId, new RoaringBitmap32(set.members));
  plain.segments.set(set.segment.shortId, new RoaringBitmap32(set.members));
}
const ids = [...plain.segments.keys()];

describe('RegionBitmaps.union', () => {
  it('gives the same answers when unions are kept, asked again and again', () => {
    const random = new Random('kept');
    const rules: AudienceRules[] = Array.from({ length: 8 }, () => ({
      include: { and: [[random.pick(ids), random.pick(ids), random.pick(ids)], [random.pick(ids), random.pick(ids)]] },
      values: [],
      exclude: [random.pick(ids), random.pick(ids)],
    }));
    for (let round = 0; round < 3; round++) {
      for (const r of rules) expect(countRule(keeping, r)).toBe(countRule(plain, r));
      const question = { matched: { '1': rules[0]!.include.and[0]!, '2': rules[1]!.include.and[0]! }, modeled: { '1': rules[2]!.include.and[1]! }, focusMatched: [ids[0]!], focusModeled: [], groups: [] };
      expect(countsQuestion(keeping, question)).toEqual(countsQuestion(plain, question));
    }
  });

  it('builds a union once, hands it out frozen, and keeps the same ids in any order under one key', () => {
    const region = new RegionBitmaps(10);
    let built = 0;
    const build = () => {
      built++;
      return new RoaringBitmap32([1, 2, 3]);
    };
    const a = region.union('1,2', build);
    expect(region.union('1,2', build)).toBe(a);
    expect(built).toBe(1);
    expect(a.isFrozen).toBe(true);
    expect(() => a.add(4)).toThrow();
  });

  it('lets the least recently used unions go past its byte budget', () => {
    const one = new RoaringBitmap32([1, 2, 3]).getSerializationSizeInBytes('croaring');
    const region = new RegionBitmaps(10, one * 2);
    let built = 0;
    const build = () => {
      built++;
      return new RoaringBitmap32([1, 2, 3]);
    };
    region.union('a', build);
    region.union('b', build);
    region.union('a', build); // a is now the most recent
    region.union('c', build); // b goes
    expect(built).toBe(3);
    region.union('a', build);
    region.union('c', build);
    expect(built).toBe(3);
    region.union('b', build);
    expect(built).toBe(4);
  });
});
