import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS, ANALYSIS_TEXT, SITE_GROUPS, VISIT_BANDS, buyerIdentifier, filterParam, frequencyIdentifier, siteGroupIdentifier, visitBandIdentifier, analysisMonths } from '../../src/shared/rules/analysis';
import {
  ANALYSIS_PAGES,
  analysisSegmentsSchema,
  bestCustomerResponseSchema,
  buyerRetentionResponseSchema,
  customerAttritionResponseSchema,
  customerValueResponseSchema,
  siteVisitationResponseSchema,
  type AnalysisPage,
  type BestCustomer,
  type BuyerRetention,
  type CustomerAttrition,
  type CustomerValue,
  type SiteVisitation,
} from '../../src/shared/schemas/analysis';
import { countResponseSchema } from '../../src/shared/schemas/insights';
import type { AudienceRules } from '../../src/shared/schemas/audience-rules';
import { brands, clients, segments } from '../../src/server/db/schema';
import { BUYER_BRANDS, BUYERS_SHORT_ID_OFFSET, buyerBrandOf } from '../../src/server/engine/generator/buyers';
import { SHORT_ID_SPAN } from '../../src/server/engine/generator/generator';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, buildTestApp, login, type Session, type TestApp } from './helper';
import { TEST_BUYER_BRANDS, TEST_POPULATION, clientRegionIdOf } from './population';
import { expectError } from './support';
import {
  approx,
  attritionByHand,
  bestCustomerByHand,
  countWithPrefix,
  customerValueByHand,
  markDeleted,
  readRegion,
  retentionByHand,
  ruleCount,
  siteVisitationByHand,
  type Region,
} from './analysis-support';

/**
 * The five analysis pages' API (issue 32) on the seeded test population (30,000 people per
 * populated region; acme's catalogue has its brands' buyer sets, generator/buyers.ts). Every
 * figure is checked against a plain count of the same stored sets (analysis-support.ts), on both
 * data sources; then the refusals, permissions, features, tenancy and context changes.
 */

const SCHEMAS = {
  'customer-value': customerValueResponseSchema,
  'site-visitation': siteVisitationResponseSchema,
  'best-customer': bestCustomerResponseSchema,
  'customer-attrition': customerAttritionResponseSchema,
  'buyer-retention': buyerRetentionResponseSchema,
} as const;
type PageData = { 'customer-value': CustomerValue; 'site-visitation': SiteVisitation; 'best-customer': BestCustomer; 'customer-attrition': CustomerAttrition; 'buyer-retention': BuyerRetention };

const FIZZ = 'fizz-cola';
const FIZZ_SPEND = buyerBrandOf('acme', FIZZ)!.spendPerPurchase;
/**
 * The acme brands with buyer data in the test population (population.ts: the first
 * TEST_BUYER_BRANDS of the demo's, to keep the sets every counting file loads few); the others
 * have none there, as globex's brands.
 */
const WITH_DATA = BUYER_BRANDS.acme!.slice(0, TEST_BUYER_BRANDS).map((b) => b.slug);
/** A product of each acme brand sold in the US. */
const US_PRODUCTS: Record<string, string> = {
  'fizz-cola': 'acme/us/fizz-cola/fizz-original',
  'mountain-spring': 'acme/us/mountain-spring/still-water',
  crunchies: 'acme/us/crunchies/classic',
  'nutty-bar': 'acme/us/nutty-bar/original',
  glow: 'acme/us/glow/shampoo',
};

let t: TestApp;
let sessions: Record<'molecula' | 'es', Session>;
let analyst: Session;
let us: Region;
/** Two filter groups of large catalogue segments: (a OR b) AND c. */
let filters: number[][];

/** GET a page; its body checked against the page's schema. */
async function page<P extends AnalysisPage>(s: Session, name: P, query: Record<string, string | number> = {}, context = ACME_PRODUCT): Promise<PageData[P]> {
  const res = await ask(s, name, query, context);
  expect(res.statusCode, res.body).toBe(200);
  return SCHEMAS[name].parse(res.json()).data as PageData[P];
}
function ask(s: Session, name: string, query: Record<string, string | number> = {}, context = ACME_PRODUCT) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return s.request({ method: 'GET', url: `/api/analysis/${name}${qs ? `?${qs}` : ''}`, context });
}
/** People of a rule, asked of the count route on the session's data source. */
async function countOf(s: Session, rules: AudienceRules | null, context = ACME_PRODUCT): Promise<number> {
  expect(rules).not.toBeNull();
  const res = await s.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context });
  expect(res.statusCode, res.body).toBe(200);
  return countResponseSchema.parse(res.json()).data.count;
}

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: false });
  const [molecula, es, a] = await Promise.all([login(t.app, ADMIN), login(t.app, ADMIN), login(t.app, ANALYST)]);
  for (const [s, source] of [[molecula, 'molecula'], [es, 'es']] as const) {
    const res = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source } });
    expect(res.statusCode, res.body).toBe(200);
  }
  sessions = { molecula, es };
  analyst = a;
  us = await readRegion(t.database.db, t.app.data.store, 'acme', 'us');
  // Large live catalogue segments, so the filters keep a fair share of people.
  const large = us.all
    .filter((s) => !s.deleted && !s.identifier.startsWith('adventure-buyers-') && !s.identifier.startsWith('fabrikam-site-') && s.id % SHORT_ID_SPAN < BUYERS_SHORT_ID_OFFSET)
    .map((s) => ({ id: s.id, n: us.segment(s.id).length }))
    .filter((s) => s.n > 0.25 * TEST_POPULATION.people && s.n < 0.6 * TEST_POPULATION.people)
    .sort((a, b) => b.n - a.n || a.id - b.id);
  expect(large.length).toBeGreaterThanOrEqual(3);
  filters = [[large[0]!.id, large[1]!.id], [large[2]!.id]];
}, 120_000);

describe('the test data', () => {
  it("has buyer sets of Fizz Cola and Mountain Spring in acme/us only (population.ts), and Fizz Cola mapped to its own site groups", async () => {
    const db = t.database.db;
    expect(WITH_DATA).toEqual([FIZZ, 'mountain-spring']);
    const perBrand = 3 * ANALYSIS.months + 2 * ANALYSIS.periodMonths;
    const withSite = BUYER_BRANDS.acme!.filter((b) => WITH_DATA.includes(b.slug) && b.siteVisitors).length;
    const us = await clientRegionIdOf(db, 'acme', 'us');
    expect(await countWithPrefix(db, us, 'adventure-buyers-')).toBe(WITH_DATA.length * perBrand);
    expect(await countWithPrefix(db, us, 'fabrikam-site-')).toBe(withSite * (SITE_GROUPS.length + VISIT_BANDS.length));
    expect(await countWithPrefix(db, await clientRegionIdOf(db, 'acme', 'uk'), 'adventure-buyers-')).toBe(0);
    const globex = await clientRegionIdOf(db, 'globex', 'us');
    expect(await countWithPrefix(db, globex, 'adventure-buyers-')).toBe(0);
    const [fizz] = await db.select({ mapping: brands.siteVisitSegmentMapping }).from(brands).where(eq(brands.slug, FIZZ));
    expect(Object.fromEntries(Object.entries(fizz!.mapping ?? {}).map(([slot, s]) => [slot, s.identifier]))).toEqual(Object.fromEntries(SITE_GROUPS.map((g) => [g.slot, siteGroupIdentifier(FIZZ, g.slot)])));
  });
});

for (const source of ['molecula', 'es'] as const) {
  describe(`every figure is a plain count of the same sets (${source})`, () => {
    const s = () => sessions[source];

    it('customer value: tiers, shares of spend and the movement between periods, without and with filters', async () => {
      for (const groups of [[], filters]) {
        const got = await page(s(), 'customer-value', groups.length ? { filters: filterParam(groups) } : {});
        const want = customerValueByHand(us, FIZZ, groups, FIZZ_SPEND);
        expect(got).toMatchObject(approx({ ...want, tiers: want.tiers.map((x) => expect.objectContaining(approx(x))) }));
        expect(got).toMatchObject({ brand: { slug: FIZZ, name: 'Fizz Cola' }, has_data: true, filters: groups, data_end: '2026-10', currency: 'USD', spend_per_purchase: FIZZ_SPEND });
        expect(got.period).toEqual({ from: '2025-11', to: '2026-10' });
        expect(got.previous_period).toEqual({ from: '2024-11', to: '2025-10' });
        expect(got.tiers.reduce((n, x) => n + x.people, 0)).toBe(got.buyers);
        expect(got.buyers).toBeGreaterThan(1000);
        // The rules "Save as audience" sends count the same people.
        for (const tier of got.tiers) expect(await countOf(s(), tier.rule)).toBe(tier.people);
        expect(await countOf(s(), got.buyers_rule)).toBe(got.buyers);
        expect(ruleCount(us, got.tiers[0]!.rule!)).toBe(got.tiers[0]!.people);
      }
    });

    it('best customer: the top tier and the top X % by spend, against all buyers, and the segments they over-index on', async () => {
      for (const [query, percent] of [[{}, null], [{ best: 'percent' }, 10], [{ best: 'percent', percent: 1 }, 1], [{ best: 'percent', percent: 50, filters: filterParam(filters) }, 50], [{ filters: filterParam(filters) }, null]] as const) {
        const groups = 'filters' in query ? filters : [];
        const got = await page(s(), 'best-customer', query);
        const want = bestCustomerByHand(us, FIZZ, groups, FIZZ_SPEND, percent);
        expect(got.filtered_people).toBe(want.filtered_people);
        expect(got.definition).toMatchObject({ best: percent === null ? 'tier' : 'percent', percent, min_months: want.min_months });
        expect(got.best).toMatchObject(approx(want.best));
        expect(got.buyers).toMatchObject(approx(want.buyers));
        expect(got.over_indexed.map((r) => ({ ...r, id: r.segment.id, segment: undefined }))).toEqual(approx(want.over_indexed.map((r) => ({ ...r, segment: undefined }))));
        expect(got.over_indexed.length).toBeGreaterThan(0);
        expect(await countOf(s(), got.best.rule)).toBe(got.best.people);
        expect(await countOf(s(), got.buyers.rule)).toBe(got.buyers.people);
        if (percent !== null) expect(got.best.people / got.buyers.people).toBeGreaterThanOrEqual(percent / 100);
      }
    });

    it('customer attrition: active, retained, new, won back, at risk and lapsed each month, at several windows', async () => {
      for (const [w, groups] of [[3, []], [3, filters], [1, []], [6, filters]] as const) {
        const query: Record<string, string | number> = { ...(w === 3 ? {} : { window: w }), ...(groups.length ? { filters: filterParam(groups) } : {}) };
        const got = await page(s(), 'customer-attrition', query);
        const want = attritionByHand(us, FIZZ, [...groups], w);
        expect(got).toMatchObject(approx(want));
        expect(got.months).toHaveLength(ANALYSIS.attritionMonths);
        const latest = got.months.at(-1)!;
        expect(got.at_risk.people).toBe(latest.at_risk);
        expect(got.active.people).toBe(latest.active);
        expect(await countOf(s(), got.at_risk.rule)).toBe(latest.at_risk);
        expect(await countOf(s(), got.active.rule)).toBe(latest.active);
      }
    });

    it('buyer retention: each cohort by month since, N-month and unbounded, without and with filters', async () => {
      for (const groups of [[], filters]) {
        const got = await page(s(), 'buyer-retention', groups.length ? { filters: filterParam(groups) } : {});
        expect(got).toMatchObject(approx(retentionByHand(us, FIZZ, groups)));
        expect(got.cohorts).toHaveLength(ANALYSIS.months);
        // Month 1 keeps fewer than month 0 in every cohort of some size.
        for (const c of got.cohorts.filter((x) => x.size >= 100 && x.bought.length > 1)) expect(c.bought[1]!).toBeLessThan(c.size);
      }
    });

    it('site visitation: the mapped groups, their buyers, the Venn and visit bands, without and with filters', async () => {
      for (const groups of [[], filters]) {
        const got = await page(s(), 'site-visitation', groups.length ? { filters: filterParam(groups) } : {});
        const want = siteVisitationByHand(us, FIZZ, groups);
        expect(got).toMatchObject(approx({ ...want, groups: want.groups.map((g) => expect.objectContaining(approx(g))), visit_bands: want.visit_bands.map((b) => expect.objectContaining(b)) }));
        for (const g of got.groups) expect(await countOf(s(), g.rule)).toBe(g.people);
        expect(got.venn.both).toBe(got.groups[0]!.people);
      }
    });
  });
}

describe('filters', () => {
  it('narrow every figure: filtered people, buyers, cohorts, site groups', async () => {
    const s = sessions.molecula;
    const q = { filters: filterParam(filters) };
    const [all, some] = [await page(s, 'customer-value'), await page(s, 'customer-value', q)];
    expect(all.filtered_people).toBe(TEST_POPULATION.people);
    expect(some.people).toBe(TEST_POPULATION.people);
    expect(some.filtered_people).toBeLessThan(all.filtered_people);
    expect(some.filtered_people).toBeGreaterThan(0);
    expect(some.buyers).toBeLessThan(all.buyers);
    expect(some.buyers).toBeGreaterThan(0);
    const [r0, r1] = [await page(s, 'buyer-retention'), await page(s, 'buyer-retention', q)];
    r1.cohorts.forEach((c, i) => expect(c.size).toBeLessThanOrEqual(r0.cohorts[i]!.size));
    expect(r1.cohorts.reduce((n, c) => n + c.size, 0)).toBeLessThan(r0.cohorts.reduce((n, c) => n + c.size, 0));
    const [s0, s1] = [await page(s, 'site-visitation'), await page(s, 'site-visitation', q)];
    expect(s1.venn.buyers).toBeLessThan(s0.venn.buyers);
    expect(s1.groups[0]!.people).toBeLessThan(s0.groups[0]!.people);
  });

  it('answer the same question from memory, and the same figures to another session on the same data source', async () => {
    const q = { filters: filterParam(filters) };
    const first = await page(sessions.molecula, 'customer-attrition', q);
    expect(await page(sessions.molecula, 'customer-attrition', q)).toEqual(first);
    // The analyst's session asks the bitmap engine too (the default data source).
    expect(await page(analyst, 'customer-attrition', q)).toEqual(first);
  });

  it('are refused when they are not ids (400) or name segments of another tenant or deleted ones (422)', async () => {
    const s = sessions.molecula;
    const message = 'A filter names segments by their ids: numbers, separated by commas, groups by semicolons.';
    for (const name of ANALYSIS_PAGES) {
      expectError(await ask(s, name, { filters: 'abc' }), 400, 'VALIDATION_FAILED', message);
      expectError(await ask(s, name, { filters: '1;;2' }), 400, 'VALIDATION_FAILED', message);
    }
    expectError(await ask(s, 'customer-value', { filters: '1;2;3;4;5;6' }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.tooManyFilters);
    // Another tenant's segment: globex/us's, unknown in acme/us.
    const [globexSegment] = await t.database.db.select({ id: segments.shortId }).from(segments).where(and(eq(segments.clientRegionId, await clientRegionIdOf(t.database.db, 'globex', 'us')), eq(segments.deleted, false))).limit(1);
    const globexId = globexSegment!.id;
    const refused = expectError(await ask(s, 'customer-value', { filters: `${filters[0]![0]};${globexId}` }), 422, 'UNKNOWN_SEGMENTS');
    expect(refused.error.details).toMatchObject({ unknown: [globexId], deleted: [] });
    for (const name of ANALYSIS_PAGES) expectError(await ask(s, name, { filters: String(globexId) }), 422, 'UNKNOWN_SEGMENTS');
    expectError(await ask(s, 'buyer-retention', { filters: '999999999' }), 422, 'UNKNOWN_SEGMENTS');
    // A segment the provider deleted (the seeded catalogue has some).
    const deleted = us.all.find((x) => x.deleted)!.id;
    const gone = expectError(await ask(s, 'best-customer', { filters: String(deleted) }), 422, 'UNKNOWN_SEGMENTS');
    expect(gone.error.details).toMatchObject({ unknown: [], deleted: [deleted] });
  });
});

describe('settings', () => {
  it('refuse a window outside 1..6 and a best-customer share outside 1..50 %, with the rule\'s message', async () => {
    const s = sessions.molecula;
    for (const window of [0, 7, 9, -1]) {
      const body = expectError(await ask(s, 'customer-attrition', { window }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badWindow);
      expect(body.error.details).toMatchObject({ field: 'window' });
    }
    expectError(await ask(s, 'customer-attrition', { window: 2.5 }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badWindow);
    expect((await ask(s, 'customer-attrition', { window: 'soon' })).statusCode).toBe(400);
    for (const percent of [0, 60, 51]) {
      const body = expectError(await ask(s, 'best-customer', { best: 'percent', percent }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badPercent);
      expect(body.error.details).toMatchObject({ field: 'percent' });
    }
    expect((await ask(s, 'best-customer', { best: 'most' })).statusCode).toBe(400);
    // The tier definition ignores a percent.
    const tier = await page(s, 'best-customer', { percent: 60 });
    expect(tier.definition).toMatchObject({ best: 'tier', percent: null, min_months: 10, label: 'Top tier: bought in 10 to 12 of the last 12 months' });
    const top = await page(s, 'best-customer', { best: 'percent' });
    expect(top.definition.percent).toBe(ANALYSIS.bestPercent.default);
    expect(top.definition.label).toMatch(/^Top 10 % by spend: bought in \d+ or more of the last 12 months \(\d+\.\d % of buyers\)$/);
  });
});

describe('access', () => {
  /** A user of acme with a role of the given reads only, logged in. */
  async function memberWith(resources: string[]): Promise<Session> {
    const read = { create: false, read: true, update: false, destroy: false };
    const write = (payload: unknown, url: string) => sessions.molecula.request({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: { 'x-request-id': randomUUID() } });
    const role = await write({ role: { name: `Analysis ${randomUUID()}`, description: '', permissions: Object.fromEntries(resources.map((r) => [r, read])) } }, '/api/roles');
    expect(role.statusCode, role.body).toBe(201);
    const email = `analysis-${randomUUID().slice(0, 8)}@acme.test`;
    const made = await write({ user: { first_name: 'Ana', last_name: 'Lysis', email, role_ids: [(role.json() as { data: { id: number } }).data.id], slugs: ['acme'] } }, '/api/users');
    expect(made.statusCode, made.body).toBe(201);
    const token = (made.json() as { invitation: { url: string } }).invitation.url.split('/').pop();
    const set = await t.app.inject({ method: 'POST', url: `/api/auth/invitations/${token}`, payload: { password: 'a-long-password-1' } });
    expect(set.statusCode, set.body).toBe(200);
    return login(t.app, email, 'a-long-password-1');
  }

  it("needs the page's resource read: a role without it is refused the page and its segments (403)", async () => {
    const others = ['site_visitation', 'best_customer', 'customer_attrition', 'buyer_retention'];
    const s = await memberWith(others);
    expectError(await ask(s, 'customer-value'), 403, 'FORBIDDEN');
    expectError(await ask(s, 'customer-value/segments'), 403, 'FORBIDDEN');
    for (const name of ['site-visitation', 'best-customer', 'customer-attrition', 'buyer-retention'] as const) expect((await ask(s, name)).statusCode).toBe(200);
    const none = await memberWith(['explore']);
    for (const name of ANALYSIS_PAGES) {
      expectError(await ask(none, name), 403, 'FORBIDDEN');
      expectError(await ask(none, `${name}/segments`), 403, 'FORBIDDEN');
    }
  });

  it("needs the client's feature: acme without customer-value is refused that page, whoever asks", async () => {
    const db = t.database.db;
    const [acme] = await db.select().from(clients).where(eq(clients.slug, 'acme'));
    await db.update(clients).set({ featureFlags: { ...acme!.featureFlags, 'customer-value': false } }).where(eq(clients.id, acme!.id));
    try {
      for (const s of [sessions.molecula, analyst]) {
        expectError(await ask(s, 'customer-value'), 403, 'FORBIDDEN', 'Customer Value is not enabled for acme.');
        expectError(await ask(s, 'customer-value/segments'), 403, 'FORBIDDEN');
        expect((await ask(s, 'best-customer')).statusCode).toBe(200);
      }
    } finally {
      await db.update(clients).set({ featureFlags: acme!.featureFlags }).where(eq(clients.id, acme!.id));
    }
    expect((await ask(analyst, 'customer-value')).statusCode).toBe(200);
  });

  it('is scoped to the context: another client is refused, and a page needs a product context', async () => {
    for (const name of ANALYSIS_PAGES) expectError(await ask(analyst, name, {}, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
    expectError(await ask(analyst, 'customer-value', {}, 'acme/us/no-such-brand/x'), 403, 'CONTEXT_FORBIDDEN');
    expect((await ask(analyst, 'customer-value', {}, 'acme/us')).statusCode).toBe(400);
    expect((await analyst.request({ method: 'GET', url: '/api/analysis/customer-value' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/analysis/customer-value', headers: { 'x-context': ACME_PRODUCT } })).statusCode).toBe(401);
  });
});

describe('context changes', () => {
  it('another brand has its own figures: Mountain Spring, each a plain count of its sets', async () => {
    const s = sessions.molecula;
    const context = US_PRODUCTS['mountain-spring']!;
    const spend = buyerBrandOf('acme', 'mountain-spring')!.spendPerPurchase;
    const [fizz, mountain] = [await page(s, 'customer-value'), await page(s, 'customer-value', {}, context)];
    expect(mountain.brand.slug).toBe('mountain-spring');
    expect(mountain.has_data).toBe(true);
    expect(mountain.spend_per_purchase).toBe(spend);
    const want = customerValueByHand(us, 'mountain-spring', [], spend);
    expect(mountain).toMatchObject(approx({ ...want, tiers: want.tiers.map((x) => expect.objectContaining(approx(x))) }));
    expect(mountain.tiers.map((x) => x.people)).not.toEqual(fizz.tiers.map((x) => x.people));
    expect(await page(s, 'customer-attrition', {}, context)).toMatchObject(approx(attritionByHand(us, 'mountain-spring', [], 3)));
    expect(await page(s, 'buyer-retention', {}, context)).toMatchObject(approx(retentionByHand(us, 'mountain-spring', [])));
  });

  it('each acme brand answers in its own context: with buyer data or saying it has none; one without a site mapping says so', async () => {
    const s = sessions.molecula;
    const sizes = new Set<number>();
    for (const [slug, context] of Object.entries(US_PRODUCTS)) {
      const value = await page(s, 'customer-value', {}, context);
      const hasData = WITH_DATA.includes(slug);
      expect(value).toMatchObject({ brand: { slug }, has_data: hasData, people: TEST_POPULATION.people });
      if (hasData) {
        expect(value.buyers).toBeGreaterThan(100);
        sizes.add(value.buyers);
      } else {
        expect(value).toMatchObject({ buyers: 0, tiers: [], movement: [], buyers_rule: null });
        expect(await page(s, 'buyer-retention', {}, context)).toMatchObject({ has_data: false, cohorts: [] });
      }
      const site = await page(s, 'site-visitation', {}, context);
      // Only Fizz Cola is mapped in the demo.
      expect(site.mapped).toBe(slug === FIZZ);
    }
    expect(sizes.size).toBe(WITH_DATA.length);
    const mountain = await page(s, 'site-visitation', {}, US_PRODUCTS['mountain-spring']);
    expect(mountain).toMatchObject({ has_data: true, mapped: false, visit_bands: null, venn: { visitors: 0, buyers: 0, both: 0 } });
    expect(mountain.groups.map((g) => [g.slot, g.segment, g.rule])).toEqual(SITE_GROUPS.map((g) => [g.slot, null, null]));
  });

  it("another region of the client answers from its own data: acme/uk has people but no buyer sets here", async () => {
    const s = sessions.es;
    const got = await page(s, 'customer-value', {}, 'acme/uk/fizz-cola/fizz-original');
    expect(got).toMatchObject({ has_data: false, currency: 'GBP', buyers: 0, tiers: [], movement: [] });
    expect(got.people).toBeGreaterThan(0);
  });

  it('a region without audience data is not ready (503)', async () => {
    for (const name of ANALYSIS_PAGES) expectError(await ask(sessions.molecula, name, {}, 'acme/au/nutty-bar/original'), 503, 'DATA_NOT_READY');
  });

  it("a globex brand has no buyer data: every page says so, with empty figures", async () => {
    const db = t.database.db;
    const [globex] = await db.select().from(clients).where(eq(clients.slug, 'globex'));
    const features = Object.fromEntries(ANALYSIS_PAGES.map((p) => [p, true]));
    await db.update(clients).set({ featureFlags: { ...globex!.featureFlags, ...features } }).where(eq(clients.id, globex!.id));
    try {
      const s = sessions.es;
      const value = await page(s, 'customer-value', {}, GLOBEX_PRODUCT);
      expect(value).toMatchObject({ brand: { slug: 'globex-auto' }, has_data: false, people: TEST_POPULATION.people, buyers: 0, previous_buyers: 0, tiers: [], movement: [], buyers_rule: null });
      expect(await page(s, 'best-customer', {}, GLOBEX_PRODUCT)).toMatchObject({ has_data: false, best: { people: 0, rule: null }, buyers: { people: 0, rule: null }, over_indexed: [] });
      expect(await page(s, 'customer-attrition', {}, GLOBEX_PRODUCT)).toMatchObject({ has_data: false, months: [], at_risk: { people: 0, rule: null } });
      expect(await page(s, 'buyer-retention', {}, GLOBEX_PRODUCT)).toMatchObject({ has_data: false, cohorts: [] });
      expect(await page(s, 'site-visitation', {}, GLOBEX_PRODUCT)).toMatchObject({ has_data: false, mapped: false });
      for (const name of ANALYSIS_PAGES) {
        const res = await ask(s, `${name}/segments`, {}, GLOBEX_PRODUCT);
        expect(res.statusCode, res.body).toBe(200);
        expect(analysisSegmentsSchema.parse(res.json()).data).toEqual([]);
      }
    } finally {
      await db.update(clients).set({ featureFlags: globex!.featureFlags }).where(eq(clients.id, globex!.id));
    }
  });

  it('site visitation without the brand\'s mapping says mapped: false, and asks again once it is back', async () => {
    const db = t.database.db;
    const [fizz] = await db.select({ id: brands.id, mapping: brands.siteVisitSegmentMapping }).from(brands).where(eq(brands.slug, FIZZ));
    await db.update(brands).set({ siteVisitSegmentMapping: null }).where(eq(brands.id, fizz!.id));
    try {
      for (const source of ['molecula', 'es'] as const) {
        const got = await page(sessions[source], 'site-visitation');
        expect(got).toMatchObject({ has_data: true, mapped: false, visit_bands: null, venn: { visitors: 0, buyers: 0, both: 0 } });
        expect(got.groups.every((g) => g.segment === null && g.people === 0 && g.rule === null)).toBe(true);
      }
      const res = await ask(sessions.molecula, 'site-visitation/segments');
      expect(analysisSegmentsSchema.parse(res.json()).data.filter((x) => x.role === 'site-group')).toEqual([]);
    } finally {
      await db.update(brands).set({ siteVisitSegmentMapping: fizz!.mapping }).where(eq(brands.id, fizz!.id));
    }
    expect(await page(sessions.molecula, 'site-visitation')).toMatchObject({ mapped: true, ...approx({ venn: siteVisitationByHand(us, FIZZ, []).venn }) });
  });
});

describe('GET /api/analysis/{page}/segments', () => {
  const months = analysisMonths();
  const expected = (roles: [string, (m: number) => string, number][]) =>
    roles.flatMap(([role, identifier, n]) => Array.from({ length: n }, (_, i) => ({ role, identifier: identifier(i) })));
  const bought = (i: number) => buyerIdentifier(FIZZ, 'bought', months[i]!);
  const first = (i: number) => buyerIdentifier(FIZZ, 'first', months[i]!);
  const last = (i: number) => buyerIdentifier(FIZZ, 'last', months[i]!);
  const current = (i: number) => frequencyIdentifier(FIZZ, 'current', i + 1);
  const previous = (i: number) => frequencyIdentifier(FIZZ, 'previous', i + 1);

  it("lists the brand's segments each page stands on, with their roles, in id order", async () => {
    const cases: Record<AnalysisPage, { role: string; identifier: string }[]> = {
      'customer-value': expected([['frequency-current', current, 12], ['frequency-previous', previous, 12]]),
      'best-customer': expected([['frequency-current', current, 12]]),
      'customer-attrition': expected([['bought', bought, 24], ['first', first, 24]]),
      'buyer-retention': expected([['bought', bought, 24], ['first', first, 24], ['last', last, 24]]),
      'site-visitation': [
        ...SITE_GROUPS.map((g) => ({ role: 'site-group', identifier: siteGroupIdentifier(FIZZ, g.slot) })),
        ...VISIT_BANDS.map((b) => ({ role: 'visit-band', identifier: visitBandIdentifier(FIZZ, b.key) })),
      ],
    };
    for (const name of ANALYSIS_PAGES) {
      const res = await ask(analyst, `${name}/segments`);
      expect(res.statusCode, res.body).toBe(200);
      const data = analysisSegmentsSchema.parse(res.json()).data;
      const sortedIds = data.map((x) => x.id);
      expect(sortedIds).toEqual([...sortedIds].sort((a, b) => a - b));
      const byIdentifier = (xs: { role: string; identifier: string }[]) => [...xs].sort((a, b) => a.identifier.localeCompare(b.identifier));
      expect(byIdentifier(data.map(({ role, identifier }) => ({ role, identifier }))), name).toEqual(byIdentifier(cases[name]));
      for (const x of data) expect(x.id).toBe(us.idOf(x.identifier));
    }
  });

  it("lists another brand's own segments in its context, and none for a brand without buyer data", async () => {
    const segmentsOf = async (context: string) => {
      const res = await ask(analyst, 'best-customer/segments', {}, context);
      expect(res.statusCode, res.body).toBe(200);
      return analysisSegmentsSchema.parse(res.json()).data;
    };
    expect((await segmentsOf(US_PRODUCTS['mountain-spring']!)).map((x) => x.identifier)).toEqual(Array.from({ length: 12 }, (_, i) => frequencyIdentifier('mountain-spring', 'current', i + 1)));
    expect(await segmentsOf(US_PRODUCTS.glow!)).toEqual([]);
  });

  it('leaves out a segment the provider deleted; with the catalogue read again, the brand has no data until it is back', async () => {
    const db = t.database.db;
    const id = us.idOf(frequencyIdentifier('mountain-spring', 'current', 12));
    const context = US_PRODUCTS['mountain-spring']!;
    expect((await page(analyst, 'customer-value', {}, context)).has_data).toBe(true);
    await markDeleted(db, us.clientRegionId, id, true);
    t.app.data.forgetCatalog(us.clientRegionId);
    try {
      const res = await ask(analyst, 'best-customer/segments', {}, context);
      expect(analysisSegmentsSchema.parse(res.json()).data.map((x) => x.id)).not.toContain(id);
      // A page's kept answers are the old catalogue's: the new one asks afresh.
      expect((await page(analyst, 'customer-value', {}, context)).has_data).toBe(false);
    } finally {
      await markDeleted(db, us.clientRegionId, id, false);
      t.app.data.forgetCatalog(us.clientRegionId);
    }
    expect((await page(analyst, 'customer-value', {}, context)).has_data).toBe(true);
  });
});
