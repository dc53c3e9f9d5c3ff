import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AudienceRules } from '../../src/shared/schemas/audience-rules';
import { demographicCategories, demographicValues, segments } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { Random } from '../../src/server/engine/generator/random';
import { DEMO_FUNNEL, DEMO_FUNNEL_CLIENT, funnelSegments } from '../../src/server/engine/generator/funnel';
import { BUYER_BRANDS, buyerSegments } from '../../src/server/engine/generator/buyers';
import type { CountEngine, CountsAnswer, CountsQuestion } from '../../src/server/engine/questions';
import type { CountStore } from '../../src/server/engine/sql/count-store';
import { readStoredSets } from './stored-sets';
import { ADMIN, buildTestApp, login, type Session } from './helper';
import { POPULATED, TEST_BUYER_BRANDS, TEST_POPULATION, clientRegionIdOf } from './population';

/**
 * The differential test of issue 3: thousands of seeded random questions asked of both data
 * sources, `molecula` (bitmaps in a worker) and `es` (SQL over member_chunks), which must
 * answer alike, and alike with a plain count over the decoded chunks. Most questions go to the
 * engines directly (HTTP on PGlite would take minutes); a few hundred go through the API.
 */

const PEOPLE = TEST_POPULATION.people;

interface RegionData {
  context: string;
  clientRegionId: number;
  /** Every segment: live, deleted, zero-count and tiny alike (the engines hold them all). */
  all: { id: number; deleted: boolean; people: number }[];
  /** The 12 largest: rules of only random ids would mostly be empty. */
  large: number[];
  /** Deleted, zero-count and tiny segments: the edge cases. */
  special: number[];
  categories: { id: number; name: string; values: number[] }[];
  segment: (id: number) => Uint32Array;
  attribute: (id: number) => Uint32Array;
}

async function readRegion(db: Db, store: CountStore, client: string, region: string): Promise<RegionData> {
  const clientRegionId = await clientRegionIdOf(db, client, region);
  const all = await db.select({ id: segments.shortId, deleted: segments.deleted, people: segments.peopleCount }).from(segments).where(eq(segments.clientRegionId, clientRegionId)).orderBy(asc(segments.shortId));
  const rows = await db
    .select({ categoryId: demographicCategories.id, name: demographicCategories.name, valueId: demographicValues.id })
    .from(demographicCategories)
    .innerJoin(demographicValues, eq(demographicValues.categoryId, demographicCategories.id))
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicCategories.position), asc(demographicValues.position));
  const categories = new Map<number, { id: number; name: string; values: number[] }>();
  for (const r of rows) {
    const c = categories.get(r.categoryId) ?? { id: r.categoryId, name: r.name, values: [] };
    c.values.push(r.valueId);
    categories.set(r.categoryId, c);
  }
  // The members, read back from the count store: neither engine is involved.
  const stored = await readStoredSets(db, store, clientRegionId);
  const none = new Uint32Array();
  return {
    context: `${client}/${region}`,
    clientRegionId,
    all,
    large: [...all].filter((s) => !s.deleted).sort((a, b) => b.people - a.people).slice(0, 12).map((s) => s.id),
    special: all.filter((s) => s.deleted || s.people < 30).map((s) => s.id),
    categories: [...categories.values()],
    segment: (id) => stored.segments.get(id) ?? none,
    attribute: (id) => stored.attributes.get(id) ?? none,
  };
}

// ---- the plain count --------------------------------------------------------------------------

/** People of a rule, as a 0/1 mask over the region's people. */
function audienceMask(r: RegionData, rules: AudienceRules): Uint8Array {
  const hits = new Uint8Array(PEOPLE);
  const seen = new Uint8Array(PEOPLE);
  // Include groups of segments, then groups of demographic values: all must hold.
  const groups = [...rules.include.and.map((g) => g.map(r.segment)), ...rules.values.map((g) => g.map(r.attribute))];
  for (const [g, group] of groups.entries()) {
    seen.fill(0);
    for (const members of group) for (const p of members) seen[p] = 1;
    for (let p = 0; p < PEOPLE; p++) if (seen[p] && hits[p] === g) hits[p] = g + 1;
  }
  const want = groups.length;
  const out = new Uint8Array(PEOPLE);
  for (let p = 0; p < PEOPLE; p++) out[p] = want > 0 && hits[p] === want ? 1 : 0;
  for (const id of rules.exclude) for (const p of r.segment(id)) out[p] = 0;
  return out;
}

const maskSize = (mask: Uint8Array) => mask.reduce((n, v) => n + v, 0);
const maskOf = (lists: Uint32Array[]) => {
  const out = new Uint8Array(PEOPLE);
  for (const list of lists) for (const p of list) out[p] = 1;
  return out;
};
const andSize = (a: Uint8Array, b: Uint8Array) => {
  let n = 0;
  for (let p = 0; p < PEOPLE; p++) n += a[p]! & b[p]!;
  return n;
};

/** The counts call by hand: focus = every focused id AND every OR-group; null for everyone. */
function plainCounts(r: RegionData, q: CountsQuestion): Omit<CountsAnswer, 'segment_counts'> & { segment_counts: Record<string, { matched?: number; modeled?: number }> } {
  const focusOf = (ids: number[]) => (ids.length || q.groups.length ? audienceMask(r, { include: { and: [...ids.map((id) => [id]), ...q.groups] }, exclude: [], values: [] }) : null);
  const within = (set: Uint8Array, focus: Uint8Array | null) => (focus ? andSize(set, focus) : maskSize(set));
  const out = { segment_counts: {} as Record<string, { matched?: number; modeled?: number }>, market_counts: {} as CountsAnswer['market_counts'], total_matched_count: 0, total_modeled_count: 0 };
  const side = (byMarket: Record<string, number[]>, focus: Uint8Array | null, key: 'matched' | 'modeled') => {
    for (const [market, ids] of Object.entries(byMarket)) {
      for (const id of ids) (out.segment_counts[String(id)] ??= {})[key] = within(maskOf([r.segment(id)]), focus);
      (out.market_counts[market] ??= { matched: 0, modeled: 0 })[key] = within(maskOf(ids.map(r.segment)), focus);
    }
    return within(maskOf(Object.values(byMarket).flat().map(r.segment)), focus);
  };
  out.total_matched_count = side(q.matched, focusOf(q.focusMatched), 'matched');
  out.total_modeled_count = side(q.modeled, focusOf(q.focusModeled), 'modeled');
  return out;
}

// ---- random questions -------------------------------------------------------------------------

function questions(r: RegionData, random: Random, liveOnly = false) {
  const pool = liveOnly ? r.all.filter((s) => !s.deleted).map((s) => s.id) : r.all.map((s) => s.id);
  const special = liveOnly ? r.special.filter((id) => pool.includes(id)) : r.special;
  const id = () => {
    const roll = random.next();
    if (roll < 0.45) return random.pick(r.large);
    if (roll < 0.55 && special.length) return random.pick(special);
    return random.pick(pool);
  };
  const ids = (min: number, max: number) => Array.from({ length: min + random.int(max - min + 1) }, id);
  const rules = (): AudienceRules => ({ include: { and: Array.from({ length: 1 + random.int(4) }, () => ids(1, 5)) }, exclude: ids(0, 3), values: [] });
  const markets = (max: number) => {
    const out: Record<string, number[]> = {};
    // Keys from a small pool, so matched and modeled share markets now and then.
    for (let i = random.int(max + 1); i > 0; i--) out[String(1 + random.int(6))] = ids(0, 5);
    return out;
  };
  const counts = (): CountsQuestion => ({
    matched: markets(4),
    modeled: markets(3),
    focusMatched: ids(0, 2),
    focusModeled: ids(0, 2),
    groups: Array.from({ length: random.int(4) }, () => ids(1, 4)),
  });
  const widget = () => ({ rules: rules(), category: random.pick(r.categories) });
  const overlap = () => Array.from({ length: 2 + random.int(4) }, rules);
  /** Values of one to three categories; a group names 1 to 3 values of its category (OR), as a filter does. */
  const valueGroups = () => Array.from({ length: 1 + random.int(3) }, () => {
    const values = random.pick(r.categories).values;
    return Array.from({ length: 1 + random.int(3) }, () => random.pick(values));
  });
  /** A rule with groups of values: a third of them of values only. */
  const rulesWithValues = (): AudienceRules => {
    const base = rules();
    return { include: { and: random.next() < 0.33 ? [] : base.include.and.slice(0, 1 + random.int(3)) }, exclude: base.exclude, values: valueGroups() };
  };
  return { id, rules, counts, widget, overlap, rulesWithValues };
}

interface Mismatch {
  what: string;
  question: unknown;
  molecula: unknown;
  es: unknown;
  plain?: unknown;
}

/** Fails with the first few disagreements in full. */
function expectNoMismatch(mismatches: Mismatch[], asked: number) {
  expect(mismatches.length, `${mismatches.length} of ${asked} questions disagree, e.g.:\n${JSON.stringify(mismatches.slice(0, 3), null, 1)}`).toBe(0);
}

describe('molecula and es give the same answers (differential)', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const engines: Record<'molecula' | 'es', CountEngine> = { molecula: app.data.bitmaps, es: app.data.sql };
  const regions: RegionData[] = [];
  for (const [client, region] of POPULATED) regions.push(await readRegion(database.db, app.data.store, client, region));
  const both = async <T>(ask: (engine: CountEngine) => Promise<T>): Promise<{ molecula: T; es: T }> => {
    const [molecula, es] = await Promise.all([ask(engines.molecula), ask(engines.es)]);
    return { molecula, es };
  };

  it('has the edge cases to ask about: zero-count and tiny segments in the test population', () => {
    // The demo client's regions also have its brand funnel (generator/funnel.ts) and its brands' buyer sets (generator/buyers.ts).
    const acmeRegions = POPULATED.filter(([client]) => client === DEMO_FUNNEL_CLIENT).length;
    const funnels = acmeRegions * funnelSegments(DEMO_FUNNEL, 0).length;
    // Buyer sets in one region only (population.ts).
    const buyers = buyerSegments(BUYER_BRANDS[DEMO_FUNNEL_CLIENT]!.slice(0, TEST_BUYER_BRANDS), 0).length;
    expect(regions.flatMap((r) => r.all).length).toBe(POPULATED.length * TEST_POPULATION.segments + funnels + buyers);
    expect(regions.some((r) => r.all.some((s) => s.people === 0))).toBe(true);
    expect(regions.some((r) => r.all.some((s) => s.people > 0 && s.people < 30))).toBe(true);
  });

  it('agrees on 2,000 random audience counts, and with the plain count', async () => {
    const random = new Random('differential:count');
    const mismatches: Mismatch[] = [];
    const answers: number[] = [];
    const asked = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const r = regions[i % regions.length]!;
      const rules = questions(r, random).rules();
      for (const id of [...rules.include.and.flat(), ...rules.exclude]) asked.add(id);
      const { molecula, es } = await both((e) => e.count(r.clientRegionId, rules));
      const plain = maskSize(audienceMask(r, rules));
      if (molecula !== es || molecula !== plain) mismatches.push({ what: `count ${r.context}`, question: rules, molecula, es, plain });
      answers.push(plain);
    }
    expectNoMismatch(mismatches, 2000);
    // Not a test of empty answers: many are someone, some are no one.
    expect(answers.filter((n) => n > 0).length).toBeGreaterThan(600);
    expect(answers.filter((n) => n === 0).length).toBeGreaterThan(50);
    expect(Math.max(...answers)).toBeGreaterThan(PEOPLE / 10);
    // Every edge case was asked about.
    for (const r of regions) for (const id of r.special) expect(asked.has(id), `segment ${id} of ${r.context} never asked`).toBe(true);
  }, 120_000);

  it('agrees on 400 random counts calls, and with the plain counts', async () => {
    const random = new Random('differential:counts');
    const mismatches: Mismatch[] = [];
    let focused = 0;
    for (let i = 0; i < 400; i++) {
      const r = regions[i % regions.length]!;
      const q = questions(r, random).counts();
      const { molecula, es } = await both((e) => e.counts(r.clientRegionId, q));
      const plain = plainCounts(r, q);
      const agrees = (a: CountsAnswer) => {
        if (a.total_matched_count !== plain.total_matched_count || a.total_modeled_count !== plain.total_modeled_count) return false;
        if (!same(a.market_counts, plain.market_counts)) return false;
        if (Object.keys(a.segment_counts).sort().join() !== Object.keys(plain.segment_counts).sort().join()) return false;
        // A segment on both sides has one count: within either side's focus.
        return Object.entries(plain.segment_counts).every(([id, c]) => a.segment_counts[id] === c.matched || a.segment_counts[id] === c.modeled);
      };
      if (!same(molecula, es) || !agrees(molecula)) mismatches.push({ what: `counts ${r.context}`, question: q, molecula, es, plain });
      if ((q.focusMatched.length || q.groups.length) && molecula.total_matched_count > 0) focused++;
    }
    expectNoMismatch(mismatches, 400);
    expect(focused).toBeGreaterThan(40);
  }, 60_000);

  it('agrees on 200 random widgets, and with the plain counts', async () => {
    const random = new Random('differential:widget');
    const mismatches: Mismatch[] = [];
    for (let i = 0; i < 200; i++) {
      const r = regions[i % regions.length]!;
      const { rules, category } = questions(r, random).widget();
      const { molecula, es } = await both((e) => e.widget(r.clientRegionId, rules, category.values));
      const audience = audienceMask(r, rules);
      const plain = {
        audienceCount: maskSize(audience),
        people: PEOPLE,
        values: category.values.map((attributeId) => {
          const members = r.attribute(attributeId);
          let count = 0;
          for (const p of members) count += audience[p]!;
          return { attributeId, count, valueSize: members.length };
        }),
      };
      if (!same(molecula, es) || !same(molecula, plain)) mismatches.push({ what: `widget ${r.context} ${category.name}`, question: rules, molecula, es, plain });
    }
    expectNoMismatch(mismatches, 200);
  }, 60_000);

  it('agrees on 200 random overlaps, and with the plain counts', async () => {
    const random = new Random('differential:overlap');
    const mismatches: Mismatch[] = [];
    for (let i = 0; i < 200; i++) {
      const r = regions[i % regions.length]!;
      const audiences = questions(r, random).overlap();
      const { molecula, es } = await both((e) => e.overlap(r.clientRegionId, audiences));
      const masks = audiences.map((a) => audienceMask(r, a));
      const pairs = [];
      for (let a = 0; a < masks.length; a++) for (let b = a + 1; b < masks.length; b++) pairs.push({ a, b, count: andSize(masks[a]!, masks[b]!) });
      const plain = { sizes: masks.map(maskSize), pairs };
      if (!same(molecula, es) || !same(molecula, plain)) mismatches.push({ what: `overlap ${r.context}`, question: audiences, molecula, es, plain });
    }
    expectNoMismatch(mismatches, 200);
  }, 60_000);

  it('agrees on 600 random counts of rules with groups of demographic values, and with the plain count', async () => {
    const random = new Random('differential:values');
    const mismatches: Mismatch[] = [];
    const answers: number[] = [];
    let onlyValues = 0;
    for (let i = 0; i < 600; i++) {
      const r = regions[i % regions.length]!;
      const rules = questions(r, random).rulesWithValues();
      if (rules.include.and.length === 0) onlyValues++;
      const { molecula, es } = await both((e) => e.count(r.clientRegionId, rules));
      const plain = maskSize(audienceMask(r, rules));
      if (molecula !== es || molecula !== plain) mismatches.push({ what: `count ${r.context}`, question: rules, molecula, es, plain });
      answers.push(plain);
    }
    expectNoMismatch(mismatches, 600);
    expect(onlyValues).toBeGreaterThan(100);
    expect(answers.filter((n) => n > 0).length).toBeGreaterThan(200);
  }, 120_000);

  it("agrees on 300 random rule counts (the builder's: rule, each group, excludes, everyone), and with the plain counts", async () => {
    const random = new Random('differential:rule-counts');
    const mismatches: Mismatch[] = [];
    for (let i = 0; i < 300; i++) {
      const r = regions[i % regions.length]!;
      const ask = questions(r, random);
      const rules = random.next() < 0.5 ? ask.rules() : ask.rulesWithValues();
      const { molecula, es } = await both((e) => e.ruleCounts(r.clientRegionId, rules));
      const plain = {
        count: maskSize(audienceMask(r, rules)),
        include: rules.include.and.map((g) => maskSize(maskOf(g.map(r.segment)))),
        values: rules.values.map((g) => maskSize(maskOf(g.map(r.attribute)))),
        exclude: maskSize(maskOf(rules.exclude.map(r.segment))),
        people: PEOPLE,
      };
      if (!same(molecula, es) || !same(molecula, plain)) mismatches.push({ what: `rule counts ${r.context}`, question: rules, molecula, es, plain });
    }
    expectNoMismatch(mismatches, 300);
  }, 60_000);

  it('agrees on widgets of rules with values and of everyone, and with the plain counts', async () => {
    const random = new Random('differential:widget-values');
    const mismatches: Mismatch[] = [];
    for (let i = 0; i < 90; i++) {
      const r = regions[i % regions.length]!;
      const ask = questions(r, random);
      const rules = i % 3 === 0 ? null : ask.rulesWithValues();
      const category = random.pick(r.categories);
      const { molecula, es } = await both((e) => e.widget(r.clientRegionId, rules, category.values));
      const audience = rules ? audienceMask(r, rules) : new Uint8Array(PEOPLE).fill(1);
      const plain = {
        audienceCount: maskSize(audience),
        people: PEOPLE,
        values: category.values.map((attributeId) => {
          const members = r.attribute(attributeId);
          let count = 0;
          for (const p of members) count += audience[p]!;
          return { attributeId, count, valueSize: members.length };
        }),
      };
      if (!same(molecula, es) || !same(molecula, plain)) mismatches.push({ what: `widget ${r.context} ${category.name}`, question: rules, molecula, es, plain });
    }
    expectNoMismatch(mismatches, 90);
  }, 60_000);

  describe('through the API', async () => {
    const [molecula, es] = await Promise.all([login(app, ADMIN), login(app, ADMIN)]);
    const switched = await es.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    if (switched.statusCode !== 200) throw new Error(`could not switch to es: ${switched.body}`);
    const sessions: Record<'molecula' | 'es', Session> = { molecula, es };

    it('agrees on 300 random questions of every kind, each answered 200', async () => {
      const random = new Random('differential:http');
      const mismatches: Mismatch[] = [];
      const kinds = new Map<string, number>();
      for (let i = 0; i < 300; i++) {
        const r = regions[i % regions.length]!;
        // The API refuses deleted segments: only live ones here.
        const ask = questions(r, random, true);
        const kind = random.pick(['count', 'counts', 'widget', 'overlap'] as const);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        let url: string;
        let payload: object;
        if (kind === 'count') {
          url = '/api/audiences/count';
          payload = { rules: ask.rules() };
        } else if (kind === 'counts') {
          const q = ask.counts();
          url = '/api/insights/counts';
          payload = { matched_short_ids: q.matched, modeled_short_ids: q.modeled, focused_matched_short_ids: q.focusMatched, focused_modeled_short_ids: q.focusModeled, group_short_ids: q.groups, current_view: 'All', feature: 'measure-v3' };
        } else if (kind === 'widget') {
          const w = ask.widget();
          url = '/api/insights/widgets';
          payload = { rules: w.rules, category: random.next() < 0.5 ? w.category.id : w.category.name.toLowerCase() };
        } else {
          url = '/api/insights/overlap';
          payload = { audiences: ask.overlap().map((rules, n) => ({ name: `Audience ${n + 1}`, rules })) };
        }
        const [m, e] = await Promise.all([sessions.molecula, sessions.es].map((s) => s.request({ method: 'POST', url, payload, context: r.context })));
        if (m!.statusCode !== 200 || e!.statusCode !== 200 || !same(m!.json(), e!.json())) {
          mismatches.push({ what: `${url} ${r.context}`, question: payload, molecula: `${m!.statusCode} ${m!.body}`, es: `${e!.statusCode} ${e!.body}` });
        }
      }
      expectNoMismatch(mismatches, 300);
      expect([...kinds.values()].every((n) => n > 40)).toBe(true);
    }, 60_000);

    it('agrees on 90 random questions with demographic values (count, rule counts, widget), and on widgets of everyone, each answered 200', async () => {
      const random = new Random('differential:http-values');
      const mismatches: Mismatch[] = [];
      for (let i = 0; i < 90; i++) {
        const r = regions[i % regions.length]!;
        const ask = questions(r, random, true);
        const rules = ask.rulesWithValues();
        const category = random.pick(r.categories).id;
        const [url, payload] = ([
          ['/api/audiences/count', { rules }],
          ['/api/insights/rule-counts', { rules }],
          ['/api/insights/widgets', { rules, category }],
          ['/api/insights/widgets', { category }],
        ] as const)[i % 4]!;
        const [m, e] = await Promise.all([sessions.molecula, sessions.es].map((s) => s.request({ method: 'POST', url, payload, context: r.context })));
        if (m!.statusCode !== 200 || e!.statusCode !== 200 || !same(m!.json(), e!.json())) {
          mismatches.push({ what: `${url} ${r.context}`, question: payload, molecula: `${m!.statusCode} ${m!.body}`, es: `${e!.statusCode} ${e!.body}` });
        }
      }
      expectNoMismatch(mismatches, 90);
    }, 60_000);
  });
});

/** Equal values, whatever the order of their keys. */
const same = (a: unknown, b: unknown) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

/** The same object with its keys in order at every level, for comparing as JSON. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)]));
  return value;
}
