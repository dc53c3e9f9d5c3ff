import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './catalog';
import { DEMO_FUNNEL, DEMO_FUNNEL_CLIENT, FUNNEL_SHORT_ID_OFFSET, funnelIdentifier } from './funnel';
import { buildCatalog, catalogSeedOf, generateMembers, valueProbabilities, type GeneratorOptions, type MemberSet } from './generator';
import { Random } from './random';

const OPTIONS: GeneratorOptions = { people: 200_000, segments: 300, seed: 42 };

function digest(options: GeneratorOptions): string {
  const hash = createHash('sha256');
  for (const set of generateMembers(options)) {
    hash.update(set.kind === 'attribute' ? `a${set.attribute.id}` : `s${set.segment.shortId}`);
    hash.update(Buffer.from(set.members.buffer, set.members.byteOffset, set.members.byteLength));
  }
  return hash.digest('hex');
}

const all: MemberSet[] = [...generateMembers(OPTIONS)];
const segments = all.filter((s): s is Extract<MemberSet, { kind: 'segment' }> => s.kind === 'segment');
const attributes = all.filter((s): s is Extract<MemberSet, { kind: 'attribute' }> => s.kind === 'attribute');

describe('Random', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = new Random(7);
    const b = new Random(7);
    const c = new Random(8);
    const xs = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(xs);
  });
  it('is uniform enough', () => {
    const r = new Random('uniform');
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 100_000; i++) bins[Math.floor(r.next() * 10)]++;
    for (const n of bins) expect(Math.abs(n - 10_000)).toBeLessThan(500);
  });
});

describe('the catalog', () => {
  const catalog = buildCatalog(OPTIONS);
  it('has 15 categories and about 200 attribute values with unique ids', () => {
    expect(CATEGORIES).toHaveLength(15);
    expect(catalog.attributes.length).toBeGreaterThanOrEqual(195);
    expect(new Set(catalog.attributes.map((a) => a.id)).size).toBe(catalog.attributes.length);
  });
  it('has the asked number of segments with unique ids, identifiers and names joined by " > "', () => {
    expect(catalog.segments).toHaveLength(300);
    expect(new Set(catalog.segments.map((s) => s.identifier)).size).toBe(300);
    expect(new Set(catalog.segments.map((s) => s.name)).size).toBe(300);
    for (const s of catalog.segments) expect(s.name).toBe(s.pathParts.join(' > '));
  });
  it('makes zero-count, tiny and deleted segments real', () => {
    expect(catalog.segments.some((s) => s.kind === 'zero')).toBe(true);
    expect(catalog.segments.some((s) => s.kind === 'tiny')).toBe(true);
    expect(catalog.segments.some((s) => s.deleted)).toBe(true);
  });
});

describe('valueProbabilities', () => {
  it('keeps the aimed density and the ratio of lifts', () => {
    const p = valueProbabilities(0.1, [1, 3], [0.5, 0.5]);
    expect(0.5 * p[0]! + 0.5 * p[1]!).toBeCloseTo(0.1);
    expect(p[1]! / p[0]!).toBeCloseTo(3);
  });
  it('caps a value at 1 and spreads the rest over the others', () => {
    const p = valueProbabilities(0.6, [1, 6], [0.8, 0.2]);
    expect(p[1]).toBe(1);
    expect(0.8 * p[0]! + 0.2 * p[1]!).toBeCloseTo(0.6);
  });
  it('gives no one a chance in a zero segment', () => {
    expect(valueProbabilities(0, [1, 4], [0.5, 0.5])).toEqual([0, 0]);
  });
});

describe('the members', () => {
  it('are the same for the same seed and differ for another', () => {
    const small = { people: 20_000, segments: 60, seed: 'x' };
    expect(digest(small)).toBe(digest(small));
    expect(digest(small)).not.toBe(digest({ ...small, seed: 'y' }));
  });

  it('give every person exactly one value per category, each list sorted', () => {
    for (let c = 0; c < CATEGORIES.length; c++) {
      const lists = attributes.filter((a) => a.attribute.categoryIndex === c).map((a) => a.members);
      expect(lists.reduce((n, l) => n + l.length, 0)).toBe(OPTIONS.people);
      const seen = new Uint8Array(OPTIONS.people);
      for (const list of lists) {
        for (let i = 0; i < list.length; i++) {
          if (i > 0 && !(list[i]! > list[i - 1]!)) throw new Error(`category ${c}: list not ascending at ${i}`);
          seen[list[i]!]!++;
        }
      }
      expect(seen.every((n) => n === 1)).toBe(true);
    }
  });

  it('are sorted, unique ids within the population', () => {
    for (const { members } of segments) {
      for (let i = 1; i < members.length; i++) if (!(members[i]! > members[i - 1]!)) throw new Error('not strictly ascending');
      if (members.length) expect(members[members.length - 1]!).toBeLessThan(OPTIONS.people);
    }
  });

  it('follow a power law: zero and tiny segments, a small median, a few very large', () => {
    const sizes = segments.map((s) => s.members.length).sort((a, b) => a - b);
    for (const s of segments.filter((x) => x.segment.kind === 'zero')) expect(s.members.length).toBe(0);
    for (const s of segments.filter((x) => x.segment.kind === 'tiny')) expect(s.members.length).toBeLessThanOrEqual(40);
    const median = sizes[Math.floor(sizes.length / 2)]!;
    const largest = sizes[sizes.length - 1]!;
    expect(median / OPTIONS.people).toBeLessThan(0.05);
    expect(largest / OPTIONS.people).toBeGreaterThan(0.3);
  });

  it('keep each regular segment near its aimed size', () => {
    for (const { segment, members } of segments) {
      if (segment.kind !== 'regular' || segment.density < 0.01) continue;
      expect(Math.abs(members.length / OPTIONS.people - segment.density) / segment.density).toBeLessThan(0.1);
    }
  });

  it('lean on their category: the favoured values hold a larger share of members', () => {
    const leaning = segments.filter((s) => s.segment.kind === 'regular' && s.segment.density > 0.02);
    expect(leaning.length).toBeGreaterThan(10);
    for (const { segment, members } of leaning.slice(0, 10)) {
      const favoured = segment.lifts.findIndex((l) => l > 1.9);
      const lists = attributes.filter((a) => a.attribute.categoryIndex === segment.categoryIndex).map((a) => a.members);
      const inSet = new Set(members);
      const rate = (list: Uint32Array) => list.filter((id) => inSet.has(id)).length / Math.max(1, list.length);
      const plain = segment.lifts.findIndex((l) => l === 1);
      if (favoured < 0 || plain < 0 || lists[favoured]!.length < 500 || lists[plain]!.length < 500) continue;
      expect(rate(lists[favoured]!)).toBeGreaterThan(rate(lists[plain]!) * 1.5);
    }
  });
});

describe('brand funnels', () => {
  const options: GeneratorOptions = { people: 100_000, segments: 60, seed: 'funnel', catalogSeed: catalogSeedOf(DEMO_FUNNEL_CLIENT), shortIdBase: 300_000, buyers: [] };
  const catalog = buildCatalog(options);
  const sets = [...generateMembers(options, catalog)].filter((s): s is Extract<MemberSet, { kind: 'segment' }> => s.kind === 'segment');
  const membersOf = new Map(sets.map((s) => [s.segment.identifier, s.members]));
  const stages = DEMO_FUNNEL.stages.map((s) => s.name);
  const chain = (brand: string, modeled = false) => stages.map((stage) => membersOf.get(funnelIdentifier(brand, stage, modeled))!);
  const both = (a: Uint32Array, b: Uint32Array) => {
    const inA = new Set(a);
    return b.reduce((n, id) => n + (inA.has(id) ? 1 : 0), 0);
  };

  it("are added after the demo client's other segments, which stay as they were", () => {
    const without = buildCatalog({ ...options, funnel: null });
    expect(catalog.segments.slice(0, 60)).toEqual(without.segments);
    const funnel = catalog.segments.slice(60);
    expect(funnel).toHaveLength(DEMO_FUNNEL.brands.length * stages.length * 2);
    expect(funnel.map((s) => s.shortId)).toEqual(funnel.map((_, i) => 300_000 + FUNNEL_SHORT_ID_OFFSET + i + 1));
    expect(new Set(catalog.segments.map((s) => s.identifier)).size).toBe(catalog.segments.length);
    expect(new Set(catalog.segments.map((s) => s.name)).size).toBe(catalog.segments.length);
    expect(funnel.every((s) => !s.deleted && s.kind === 'regular')).toBe(true);
    expect(funnel.filter((s) => s.vendorType === 'modeled')).toHaveLength(funnel.length / 2);
    const plain = [...generateMembers({ ...options, funnel: null })].filter((s): s is Extract<MemberSet, { kind: 'segment' }> => s.kind === 'segment');
    for (const s of plain) expect(membersOf.get(s.segment.identifier)).toEqual(s.members);
  });

  it('belong to the demo client only', () => {
    expect(buildCatalog({ ...options, catalogSeed: catalogSeedOf('globex') }).segments.some((s) => s.funnel)).toBe(false);
    expect(buildCatalog(OPTIONS).segments.some((s) => s.funnel)).toBe(false);
  });

  it('nest: each stage 85-95 % inside the one before, sizes falling from about half the people to a few %', () => {
    for (const brand of DEMO_FUNNEL.brands) {
      for (const modeled of [false, true]) {
        const sets = chain(brand.name, modeled);
        for (const members of sets) {
          for (let i = 1; i < members.length; i++) if (!(members[i]! > members[i - 1]!)) throw new Error('not strictly ascending');
        }
        for (let k = 1; k < sets.length; k++) {
          expect(sets[k]!.length).toBeLessThan(sets[k - 1]!.length * 0.8);
          const inside = both(sets[k - 1]!, sets[k]!) / sets[k]!.length;
          expect(inside).toBeGreaterThan(0.83);
          expect(inside).toBeLessThan(0.96);
          // The transition (the share of a stage's people in the next one) is well above chance.
          const transition = both(sets[k - 1]!, sets[k]!) / sets[k - 1]!.length;
          expect(transition).toBeGreaterThan((1.4 * sets[k]!.length) / options.people);
        }
        expect(sets[sets.length - 1]!.length / options.people).toBeGreaterThan(0.004);
        expect(sets[sets.length - 1]!.length / options.people).toBeLessThan(0.06);
      }
    }
    const fizz = chain('Fizz Original');
    expect(fizz[0]!.length / options.people).toBeGreaterThan(0.4);
    expect(fizz[0]!.length / options.people).toBeLessThan(0.6);
  });

  it('give brands different strengths, and a modeled chain mostly inside the matched one', () => {
    const sizes = DEMO_FUNNEL.brands.map((b) => chain(b.name).map((m) => m.length));
    expect(sizes[0]![2]!).toBeGreaterThan(2 * sizes[3]![2]!);
    expect(new Set(sizes.map((s) => s[0])).size).toBe(sizes.length);
    for (const brand of DEMO_FUNNEL.brands) {
      const [matched, modeled] = [chain(brand.name)[0]!, chain(brand.name, true)[0]!];
      expect(modeled.length).toBeGreaterThan(matched.length);
      expect(both(matched, modeled) / modeled.length).toBeGreaterThan(0.75);
    }
  });

  // It generates the whole population again: about 3 s alone, over the 5 s default on two busy cores.
  it('are the same for the same seed', { timeout: 30_000 }, () => {
    const again = [...generateMembers(options)].filter((s): s is Extract<MemberSet, { kind: 'segment' }> => s.kind === 'segment' && !!s.segment.funnel);
    for (const s of again) expect(s.members).toEqual(membersOf.get(s.segment.identifier));
  });
});
