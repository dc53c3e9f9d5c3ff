import { describe, expect, it } from 'vitest';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { CHUNK_BYTES } from '../../engine/bitmap/portable';
import { encodeChunks } from '../../engine/sql/chunk-codec';
import type { SetChunks } from '../../engine/sql/count-store';
import { buildMembers, ruleSegments } from './delivery-members';

/** A segment's members stored as the count store gives them back: chunks of bits, first id leftmost. */
function stored(ids: Iterable<number>): SetChunks {
  const encoded = encodeChunks(Uint32Array.from(new Set(ids)).sort());
  const bits = new Uint8Array(encoded.length * CHUNK_BYTES);
  encoded.forEach((c, i) => bits.set(Buffer.from(c.hex.slice(1), 'hex'), i * CHUNK_BYTES));
  return { chunks: Int32Array.from(encoded.map((c) => c.chunk)), bits };
}

/** A small seeded generator: the same segments every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32);
}

const PEOPLE = 400_000; // 7 chunks: sparse and dense containers, ids across chunk boundaries
const rand = random(42);
const densities = [0.5, 0.2, 0.05, 0.01, 0.3, 0.002];
const segments = new Map<number, Set<number>>(densities.map((d, i) => {
  const members = new Set<number>();
  for (let id = 0; id < PEOPLE; id++) if (rand() < d) members.add(id);
  return [101 + i, members];
}));
segments.set(200, new Set()); // a segment with no one

/** The rule over plain Sets: every OR-group holds, no exclude does. */
function expected(rules: AudienceRules): number[] {
  const has = (id: number, seg: number) => segments.get(seg)?.has(id) ?? false;
  const out: number[] = [];
  for (let id = 0; id < PEOPLE; id++) {
    if (rules.include.and.every((group) => group.some((s) => has(id, s))) && !rules.exclude.some((s) => has(id, s))) out.push(id);
  }
  return out;
}

describe('building a delivery\'s members from stored chunks', () => {
  const reads: number[] = [];
  const load = async (id: number) => {
    reads.push(id);
    return stored(segments.get(id) ?? []);
  };

  const rules: AudienceRules[] = [
    { include: { and: [[101]] }, exclude: [], values: [] },
    { include: { and: [[101, 103]] }, exclude: [], values: [] },
    { include: { and: [[101, 103], [102, 105]] }, exclude: [], values: [] },
    { include: { and: [[101], [105], [102, 104]] }, exclude: [103], values: [] },
    { include: { and: [[102, 103, 106]] }, exclude: [101, 104], values: [] },
    { include: { and: [[101], [200]] }, exclude: [], values: [] },
    { include: { and: [[101, 102]] }, exclude: [101, 102], values: [] },
    { include: { and: [[999]] }, exclude: [], values: [] },
  ];

  it.each(rules.map((r) => [JSON.stringify(r), r] as const))('gives exactly the people of %s', async (_name, rule) => {
    const members = await buildMembers(rule, load);
    expect(Array.from(members.toUint32Array())).toEqual(expected(rule));
  });

  it('finds different, non-trivial audiences (the rules above are not all empty or all the same)', async () => {
    const sizes = await Promise.all(rules.slice(0, 5).map(async (r) => (await buildMembers(r, load)).size));
    expect(sizes.every((n) => n > 0 && n < PEOPLE)).toBe(true);
    expect(new Set(sizes).size).toBe(sizes.length);
  });

  it('reads each named segment once and reports each read', async () => {
    reads.length = 0;
    const told: [number, number][] = [];
    await buildMembers({ include: { and: [[101, 102], [102, 103]] }, exclude: [101], values: [] }, load, { onLoaded: (d, t) => void told.push([d, t]) });
    expect(reads).toEqual([101, 102, 103]);
    expect(told).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(ruleSegments({ include: { and: [[5, 6], [6]] }, exclude: [7, 5], values: [] })).toEqual([5, 6, 7]);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const slow = async (id: number) => {
      controller.abort(new Error('cancelled'));
      return stored(segments.get(id) ?? []);
    };
    await expect(buildMembers({ include: { and: [[101], [102]] }, exclude: [], values: [] }, slow, { signal: controller.signal })).rejects.toThrow('cancelled');
  });
});
