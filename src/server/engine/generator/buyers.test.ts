import { describe, expect, it } from 'vitest';
import { ANALYSIS, SITE_GROUPS, VISIT_BANDS, analysisMonths, buyerIdentifier, frequencyIdentifier, periodPositions, siteGroupIdentifier, visitBandIdentifier } from '@shared/rules/analysis';
import { BUYER_BRANDS, BUYERS_SHORT_ID_OFFSET, buyerBrandOf, type BuyerBrand } from './buyers';
import { buildCatalog, buyersOf, catalogSeedOf, generateMembers, type GeneratorOptions, type MemberSet } from './generator';

/**
 * The simulated brand purchases of issue 32 (buyers.ts): the promises the analysis pages stand
 * on, checked person by person on 100,000 people of the demo client's catalogue.
 */

const PEOPLE = 100_000;
const OPTIONS: GeneratorOptions = { people: PEOPLE, segments: 60, seed: 'buyers-test', catalogSeed: catalogSeedOf('acme'), shortIdBase: 200_000 };
const BRANDS = BUYER_BRANDS.acme!;
const MONTHS = analysisMonths();
const { current, previous } = periodPositions();

type SegmentSet = Extract<MemberSet, { kind: 'segment' }>;
const segmentSets = (options: GeneratorOptions) => [...generateMembers(options, buildCatalog(options))].filter((s): s is SegmentSet => s.kind === 'segment');

const catalog = buildCatalog(OPTIONS);
const sets = segmentSets(OPTIONS);
const byIdentifier = new Map(sets.map((s) => [s.segment.identifier, s.members]));
const members = (identifier: string) => {
  const found = byIdentifier.get(identifier);
  if (!found) throw new Error(`no set ${identifier}`);
  return found;
};

/** A 0/1 mask over everyone. */
function mask(...lists: Uint32Array[]): Uint8Array {
  const out = new Uint8Array(PEOPLE);
  for (const list of lists) for (const id of list) out[id] = 1;
  return out;
}
const size = (m: Uint8Array) => m.reduce((n, v) => n + v, 0);
const idsOf = (m: Uint8Array) => {
  const out: number[] = [];
  m.forEach((v, id) => v && out.push(id));
  return out;
};
/** Equal member lists (vitest's deep equality is slow on long typed arrays). */
const same = (a: Uint32Array, b: Uint32Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const isSubset = (inner: Uint32Array, outer: Uint8Array) => inner.every((id) => outer[id] === 1);

/** A brand's sets, by month and frequency. */
function brandSets(brand: BuyerBrand) {
  return {
    bought: MONTHS.map((m) => members(buyerIdentifier(brand.slug, 'bought', m))),
    first: MONTHS.map((m) => members(buyerIdentifier(brand.slug, 'first', m))),
    last: MONTHS.map((m) => members(buyerIdentifier(brand.slug, 'last', m))),
    current: Array.from({ length: 12 }, (_, k) => members(frequencyIdentifier(brand.slug, 'current', k + 1))),
    previous: Array.from({ length: 12 }, (_, k) => members(frequencyIdentifier(brand.slug, 'previous', k + 1))),
  };
}

/** Each person's months with a purchase, as bits (month t = bit t), from the bought sets alone. */
function purchaseBits(bought: Uint32Array[]): Uint32Array {
  const bits = new Uint32Array(PEOPLE);
  bought.forEach((list, t) => {
    for (const id of list) bits[id]! |= 1 << t;
  });
  return bits;
}
const popcount = (x: number) => {
  let n = 0;
  for (let v = x; v; v &= v - 1) n++;
  return n;
};
const bitsOf = (positions: number[]) => positions.reduce((b, p) => b | (1 << p), 0);

describe('brand buyers in the generated data', () => {
  it("are added after the demo client's other segments and its funnel, with consecutive short ids", () => {
    const buyers = catalog.segments.filter((s) => s.buyers);
    const others = catalog.segments.filter((s) => !s.buyers);
    expect(catalog.segments.slice(0, others.length)).toEqual(others);
    const withSite = BRANDS.filter((b) => b.siteVisitors).length;
    expect(buyers).toHaveLength(BRANDS.length * (3 * ANALYSIS.months + 2 * ANALYSIS.periodMonths) + withSite * (SITE_GROUPS.length + VISIT_BANDS.length));
    expect(buyers.map((s) => s.shortId)).toEqual(buyers.map((_, i) => 200_000 + BUYERS_SHORT_ID_OFFSET + i + 1));
    expect(new Set(catalog.segments.map((s) => s.identifier)).size).toBe(catalog.segments.length);
    expect(new Set(catalog.segments.map((s) => s.name)).size).toBe(catalog.segments.length);
    expect(buyers.every((s) => !s.deleted && s.kind === 'regular' && s.name === s.pathParts.join(' > '))).toBe(true);
    // Every buyer segment has its members, and no other set is missing.
    expect(sets).toHaveLength(catalog.segments.length);
    for (const s of buyers) expect(byIdentifier.has(s.identifier), s.identifier).toBe(true);
  });

  it('leave the other segments exactly as they are without them', () => {
    const without = { ...OPTIONS, buyers: [] };
    const plain = buildCatalog(without);
    expect(plain.segments).toEqual(catalog.segments.filter((s) => !s.buyers));
    const plainSets = segmentSets(without);
    expect(plainSets).toHaveLength(plain.segments.length);
    const changed = plainSets.filter((s) => !same(members(s.segment.identifier), s.members)).map((s) => s.segment.identifier);
    expect(changed).toEqual([]);
  });

  it("belong to acme's catalogue only: globex's has none, nor a catalogue seed of no client", () => {
    expect(buyersOf(OPTIONS)).toBe(BRANDS);
    expect(BRANDS.map((b) => b.slug)).toEqual(['fizz-cola', 'mountain-spring', 'crunchies', 'nutty-bar', 'glow']);
    for (const seed of [catalogSeedOf('globex'), catalogSeedOf('initech'), 'bench']) {
      expect(buyersOf({ ...OPTIONS, catalogSeed: seed })).toEqual([]);
      expect(buildCatalog({ ...OPTIONS, people: 1, catalogSeed: seed }).segments.some((s) => s.buyers || s.identifier.startsWith('adventure-buyers-'))).toBe(false);
    }
    expect(buyerBrandOf('acme', 'glow')?.name).toBe('Glow');
    expect(buyerBrandOf('globex', 'globex-auto')).toBeNull();
    expect(buyerBrandOf('acme', 'no-such-brand')).toBeNull();
  });

  it('are deterministic: the same options give the same people, another seed others', () => {
    // At 20,000 people: the same code path at a fifth of the cost.
    const small = { ...OPTIONS, people: 20_000 };
    const buyerSets = (options: GeneratorOptions) => segmentSets(options).filter((s) => s.segment.buyers);
    const [a, b, c] = [buyerSets(small), buyerSets(small), buyerSets({ ...small, seed: 'another' })];
    expect(a.length).toBeGreaterThan(400);
    expect(b.map((s) => s.segment.identifier)).toEqual(a.map((s) => s.segment.identifier));
    expect(a.filter((s, i) => !same(s.members, b[i]!.members)).map((s) => s.segment.identifier)).toEqual([]);
    expect(c.filter((s, i) => s.members.length > 0 && !same(s.members, a[i]!.members)).length).toBeGreaterThan(a.length / 2);
  });

  it('hold every set sorted ascending, without repeats', () => {
    for (const s of sets.filter((x) => x.segment.buyers)) {
      const m = s.members;
      for (let i = 1; i < m.length; i++) if (!(m[i]! > m[i - 1]!)) throw new Error(`${s.segment.identifier} is not strictly ascending at ${i}`);
      expect(m.length === 0 || m[m.length - 1]! < PEOPLE).toBe(true);
    }
  });

  for (const brand of BRANDS) {
    describe(brand.name, () => {
      const b = brandSets(brand);
      const bits = purchaseBits(b.bought);
      const buyers = mask(...b.bought);

      it('first(m) and last(m) are within bought(m); a cohort bought nothing before its month, a last buyer nothing after', () => {
        for (let m = 0; m < ANALYSIS.months; m++) {
          const bought = mask(b.bought[m]!);
          expect(isSubset(b.first[m]!, bought), `first ${m}`).toBe(true);
          expect(isSubset(b.last[m]!, bought), `last ${m}`).toBe(true);
          const before = (1 << m) - 1;
          const after = ~((1 << (m + 1)) - 1) & ((1 << ANALYSIS.months) - 1);
          expect(b.first[m]!.every((id) => (bits[id]! & before) === 0), `first ${m}`).toBe(true);
          expect(b.last[m]!.every((id) => (bits[id]! & after) === 0), `last ${m}`).toBe(true);
        }
      });

      it('every buyer is in exactly one last(m); cohorts are disjoint, and buyers from before the data are in none', () => {
        const lastCount = new Uint8Array(PEOPLE);
        for (const list of b.last) for (const id of list) lastCount[id]!++;
        for (let id = 0; id < PEOPLE; id++) if (lastCount[id] !== buyers[id]) throw new Error(`person ${id}: in ${lastCount[id]} last sets, buyer ${buyers[id]}`);
        const firstCount = new Uint8Array(PEOPLE);
        for (const list of b.first) for (const id of list) firstCount[id]!++;
        expect(firstCount.every((n) => n <= 1)).toBe(true);
        // A cohort member's first month with a purchase is the cohort's.
        b.first.forEach((list, m) => expect(list.every((id) => 31 - Math.clz32(bits[id]! & -bits[id]!) === m), `first ${m}`).toBe(true));
        // Buyers in no cohort were buyers before the data started: about `existing` of them.
        const existing = size(buyers) - size(firstCount.map((n) => Math.min(1, n)));
        expect(existing / size(buyers)).toBeGreaterThan(brand.existing - 0.15);
        expect(existing / size(buyers)).toBeLessThan(brand.existing + 0.15);
      });

      it('frequency k of a period is the people with exactly k months with a purchase among its 12, from the bought sets', () => {
        for (const [period, positions, lists] of [['current', current, b.current], ['previous', previous, b.previous]] as const) {
          const periodBits = bitsOf(positions);
          const expected = Array.from({ length: 12 }, () => [] as number[]);
          for (let id = 0; id < PEOPLE; id++) {
            const k = popcount(bits[id]! & periodBits);
            if (k > 0) expected[k - 1]!.push(id);
          }
          lists.forEach((list, k) => expect(same(list, Uint32Array.from(expected[k]!)), `${period} ${k + 1}`).toBe(true));
          expect(lists.reduce((s, l) => s + l.length, 0)).toBe(expected.reduce((s, l) => s + l.length, 0));
        }
      });

      it('reaches about its share of people, with fewer people at each higher frequency at the low end', () => {
        expect(size(buyers) / PEOPLE).toBeGreaterThan(brand.reach * 0.75);
        expect(size(buyers) / PEOPLE).toBeLessThan(brand.reach * 1.1);
        const by = b.current.map((l) => l.length);
        expect(by[0]).toBeGreaterThan(by[1]!);
        expect(by[1]).toBeGreaterThan(by[2]!);
      });

      it("concentrates purchases: the top tier's share of purchase months is at least twice its share of buyers", () => {
        const by = b.current.map((l) => l.length);
        const buyersNow = by.reduce((s, n) => s + n, 0);
        const purchases = by.reduce((s, n, i) => s + n * (i + 1), 0);
        const top = by.slice(9).reduce((s, n) => s + n, 0);
        const topPurchases = by.slice(9).reduce((s, n, i) => s + n * (i + 10), 0);
        expect(top).toBeGreaterThan(0);
        expect(topPurchases / purchases).toBeGreaterThan(2 * (top / buyersNow));
      });

      it('keeps fewer of a cohort in the month after its first purchase, and fewer still six months on', () => {
        let cohort = 0;
        let month1 = 0;
        let cohort6 = 0;
        let month6 = 0;
        for (let c = 0; c + 1 < ANALYSIS.months; c++) {
          const first = b.first[c]!;
          cohort += first.length;
          month1 += first.filter((id) => bits[id]! & (1 << (c + 1))).length;
          if (c + 6 < ANALYSIS.months) {
            cohort6 += first.length;
            month6 += first.filter((id) => bits[id]! & (1 << (c + 6))).length;
          }
        }
        expect(cohort).toBeGreaterThan(1000);
        expect(month1 / cohort).toBeLessThan(0.6);
        expect(month1 / cohort).toBeGreaterThan(0.15);
        expect(month6 / cohort6).toBeLessThan(month1 / cohort);
      });

      it('buys less in its low season than in the months either side of it', () => {
        const low = brand.lowSeason.months;
        let seasons = 0;
        // Each low season with a month on both sides in the data.
        for (let t = 1; t + low.length < ANALYSIS.months; t++) {
          if (MONTHS[t]!.month !== low[0] || MONTHS[t - 1]!.month === low[0]) continue;
          const inSeason = low.map((_, i) => b.bought[t + i]!.length);
          const around = (b.bought[t - 1]!.length + b.bought[t + low.length]!.length) / 2;
          for (const n of inSeason) expect(n / around, `${brand.slug} from month ${t}`).toBeLessThan(0.93);
          seasons++;
        }
        expect(seasons).toBeGreaterThanOrEqual(1);
      });

      if (brand.siteVisitors) {
        it("site groups are visitors who bought in the last 12 months, buyers who did not visit, visitors who did not buy; the bands partition the visitors", () => {
          const group = (slot: (typeof SITE_GROUPS)[number]['slot']) => members(siteGroupIdentifier(brand.slug, slot));
          const bands = VISIT_BANDS.map((v) => members(visitBandIdentifier(brand.slug, v.key)));
          const bandCount = new Uint8Array(PEOPLE);
          for (const list of bands) for (const id of list) bandCount[id]!++;
          expect(bandCount.every((n) => n <= 1)).toBe(true);
          const visitors = bandCount;
          const currentBuyers = mask(...current.map((t) => b.bought[t]!));
          // The current buyers are also the union of the current frequencies.
          expect(same(Uint32Array.from(idsOf(mask(...b.current))), Uint32Array.from(idsOf(currentBuyers)))).toBe(true);
          const expected = {
            customer_site_visitors: idsOf(visitors.map((v, id) => v & currentBuyers[id]!)),
            customer_site_non_visitors: idsOf(currentBuyers.map((c, id) => c & (1 - visitors[id]!))),
            non_customer_site_visitors: idsOf(visitors.map((v, id) => v & (1 - currentBuyers[id]!))),
          };
          for (const g of SITE_GROUPS) expect(same(group(g.slot), Uint32Array.from(expected[g.slot])), g.slot).toBe(true);
          expect(expected.customer_site_visitors.length).toBeGreaterThan(100);
          expect(expected.non_customer_site_visitors.length).toBeGreaterThan(100);
          // Buyers visit far more often than others do.
          const buyerRate = expected.customer_site_visitors.length / size(currentBuyers);
          const otherRate = expected.non_customer_site_visitors.length / (PEOPLE - size(currentBuyers));
          expect(buyerRate).toBeGreaterThan(3 * otherRate);
          expect(bands.every((list) => list.length > 0)).toBe(true);
        });
      } else {
        it('has no site groups or visit bands (no brand site)', () => {
          for (const g of SITE_GROUPS) expect(byIdentifier.has(siteGroupIdentifier(brand.slug, g.slot))).toBe(false);
          for (const v of VISIT_BANDS) expect(byIdentifier.has(visitBandIdentifier(brand.slug, v.key))).toBe(false);
        });
      }
    });
  }

  it('gives every demo brand a small top tier (< 20 % of buyers) holding a large share of purchases (> 25 %)', () => {
    for (const slug of BRANDS.map((b) => b.slug)) {
      const by = brandSets(buyerBrandOf('acme', slug)!).current.map((l) => l.length);
      const buyersNow = by.reduce((s, n) => s + n, 0);
      const purchases = by.reduce((s, n, i) => s + n * (i + 1), 0);
      const top = by.slice(9).reduce((s, n) => s + n, 0);
      const topPurchases = by.slice(9).reduce((s, n, i) => s + n * (i + 10), 0);
      expect(top / buyersNow, slug).toBeLessThan(0.2);
      expect(topPurchases / purchases, slug).toBeGreaterThan(0.25);
    }
  });
});
