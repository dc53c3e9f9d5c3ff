import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AudienceRules } from '../../src/shared/schemas/audience-rules';
import { INSIGHT_LIMITS } from '../../src/shared/rules/insights';
import {
  categoriesResponseSchema,
  countResponseSchema,
  countsResponseSchema,
  dataAvailabilityResponseSchema,
  dataStatusResponseSchema,
  overlapResponseSchema,
  segmentLookupResponseSchema,
  segmentsPageSchema,
  widgetResponseSchema,
  type Counts,
  type Segment,
} from '../../src/shared/schemas/insights';
import { hierarchyResponseSchema } from '../../src/shared/schemas/hierarchy';
import { TEXT } from '../../src/shared/constants';
import { rolePermissions, roles, segments as segmentsTable } from '../../src/server/db/schema';
import { RoaringBitmap32 } from '../../src/server/engine/bitmap/roaring';
import { VENDORS as GENERATED_VENDORS } from '../../src/server/engine/generator/catalog';
import { DEMO_FUNNEL, funnelSegments } from '../../src/server/engine/generator/funnel';
import { BUYER_BRANDS, buyerSegments } from '../../src/server/engine/generator/buyers';
import { TimeLimitError } from '../../src/server/engine/questions';
import { BitmapEngine } from '../../src/server/engine/runtime/bitmap-engine';
import type { CountStore } from '../../src/server/engine/sql/count-store';
import { readStoredSets } from './stored-sets';
import type { Db } from '../../src/server/db/client';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { buildAppOn, expectError, strict } from './support';
import { TEST_BUYER_BRANDS, TEST_POPULATION, clientRegionIdOf } from './population';

type Source = 'molecula' | 'es';
const SOURCES: readonly Source[] = ['molecula', 'es'];
const PEOPLE = TEST_POPULATION.people;
/** A rule as a caller sends it: exclude may be left out. */
type Rules = { include: { and: number[][] }; exclude?: number[]; values?: number[][] };

// ---- an independent count: member_chunks decoded here into plain Sets ---------------------

interface Universe {
  segments: Map<number, Set<number>>;
  attributes: Map<number, Set<number>>;
}

/** Every set of a client region, read back from the count store (neither engine is involved). */
async function readUniverse(db: Db, store: CountStore, clientRegionId: number): Promise<Universe> {
  const stored = await readStoredSets(db, store, clientRegionId);
  const toSets = (sets: Map<number, Uint32Array>) => new Map([...sets].map(([id, ids]) => [id, new Set(ids)]));
  return { segments: toSets(stored.segments), attributes: toSets(stored.attributes) };
}

const intersectionSize = (a: Set<number>, b: Set<number>) => {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let n = 0;
  for (const p of small) if (large.has(p)) n++;
  return n;
};

function oracle(universe: Universe) {
  const members = (id: number) => universe.segments.get(id) ?? new Set<number>();
  const union = (ids: readonly number[]) => {
    const out = new Set<number>();
    for (const id of ids) for (const p of members(id)) out.add(p);
    return out;
  };
  const audience = (rules: Rules): Set<number> => {
    const [first = [], ...rest] = rules.include.and;
    let out = union(first);
    for (const group of rest) {
      const u = union(group);
      out = new Set([...out].filter((p) => u.has(p)));
    }
    for (const p of union(rules.exclude ?? [])) out.delete(p);
    return out;
  };
  return { members, union, audience, attribute: (id: number) => universe.attributes.get(id) ?? new Set<number>() };
}

interface CountsPayload {
  matched_short_ids?: Record<string, number[]>;
  modeled_short_ids?: Record<string, number[]>;
  focused_matched_short_ids?: number[];
  focused_modeled_short_ids?: number[];
  group_short_ids?: number[][];
  [other: string]: unknown;
}

/** The counts call computed from the Sets: focus = all focused ids AND every OR-group. */
function expectedCounts(o: ReturnType<typeof oracle>, body: CountsPayload): Counts {
  const groups = body.group_short_ids ?? [];
  const focus = (ids: number[]) => (ids.length || groups.length ? o.audience({ include: { and: [...ids.map((id) => [id]), ...groups] } }) : null);
  const within = (set: Set<number>, f: Set<number> | null) => (f ? intersectionSize(set, f) : set.size);
  const out: Counts = { segment_counts: {}, market_counts: {}, total_matched_count: 0, total_modeled_count: 0 };
  const side = (byMarket: Record<string, number[]>, f: Set<number> | null, key: 'matched' | 'modeled') => {
    const all = new Set<number>();
    for (const [market, ids] of Object.entries(byMarket)) {
      const u = o.union(ids);
      for (const p of u) all.add(p);
      for (const id of ids) out.segment_counts[String(id)] ??= within(o.members(id), f);
      (out.market_counts[market] ??= { matched: 0, modeled: 0 })[key] = within(u, f);
    }
    return within(all, f);
  };
  out.total_matched_count = side(body.matched_short_ids ?? {}, focus(body.focused_matched_short_ids ?? []), 'matched');
  out.total_modeled_count = side(body.modeled_short_ids ?? {}, focus(body.focused_modeled_short_ids ?? []), 'modeled');
  return out;
}

/** Two-proportion z of the audience against everyone else, written out here again. */
function zScore(count: number, audience: number, valueSize: number, people: number): number | null {
  const rest = people - audience;
  if (audience <= 0 || rest <= 0) return null;
  const pooled = valueSize / people;
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / audience + 1 / rest));
  return se === 0 ? null : (count / audience - (valueSize - count) / rest) / se;
}

const closeTo = (actual: number | null, expected: number | null) => {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 9);
};

// ---- the tests -----------------------------------------------------------------------------

describe('the audience count engine API (issue 3)', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const acmeUs = await clientRegionIdOf(db, 'acme', 'us');

  // A segment the provider deleted. The test population may have none in acme/us; then one of
  // its smallest segments is marked deleted here, and the region's catalogue read again.
  const [alreadyDeleted] = await db.select({ id: segmentsTable.shortId }).from(segmentsTable).where(and(eq(segmentsTable.clientRegionId, acmeUs), eq(segmentsTable.deleted, true)));
  if (!alreadyDeleted) {
    const [smallest] = await db.select({ id: segmentsTable.shortId }).from(segmentsTable).where(and(eq(segmentsTable.clientRegionId, acmeUs), gt(segmentsTable.peopleCount, 0))).orderBy(asc(segmentsTable.peopleCount)).limit(1);
    await db.update(segmentsTable).set({ deleted: true }).where(eq(segmentsTable.shortId, smallest!.id));
    app.data.forgetCatalog(acmeUs);
  }

  const [admin, adminEs, analyst, analystEs, viewer] = await Promise.all([login(app, ADMIN), login(app, ADMIN), login(app, ANALYST), login(app, ANALYST), login(app, VIEWER)]);
  for (const s of [adminEs, analystEs]) {
    const switched = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    if (switched.statusCode !== 200) throw new Error(`could not switch to es: ${switched.body}`);
  }
  const sessions: Record<Source, Session> = { molecula: analyst, es: analystEs };
  const adminSessions: Record<Source, Session> = { molecula: admin, es: adminEs };

  /** Every segment of the region, page by page (with its brands' buyer sets, acme's regions have more than a page of 200). */
  const listAll = async (s: Session, context: string, region: string): Promise<Segment[]> => {
    const all: Segment[] = [];
    for (let p = 1; ; p++) {
      const res = await s.request({ method: 'GET', url: `/api/segments?region=${region}&per_page=200&include_deleted=true&page=${p}`, context });
      if (res.statusCode !== 200) throw new Error(`segments ${context} ${region}: ${res.body}`);
      const body = segmentsPageSchema.parse(res.json());
      all.push(...body.data);
      if (all.length >= body.meta.total || body.data.length === 0) return all;
    }
  };
  /** A populated client region: its segments (from the API), the live ones largest first, and an oracle. */
  const kitOf = async (client: string, region: string) => {
    const segments = await listAll(admin, client, region);
    const live = segments.filter((s) => !s.deleted);
    const size = (s: Segment) => s.count.people[region] ?? 0;
    return {
      context: `${client}/${region}`,
      region,
      segments,
      live,
      big: [...live].sort((a, b) => size(b) - size(a)).map((s) => s.id),
      size,
      o: oracle(await readUniverse(db, app.data.store, await clientRegionIdOf(db, client, region))),
    };
  };
  const kits = { acmeUs: await kitOf('acme', 'us'), acmeUk: await kitOf('acme', 'uk'), globexUs: await kitOf('globex', 'us') };
  const { o, live, big } = kits.acmeUs;
  const usSegments = kits.acmeUs.segments;
  const ukSegments = kits.acmeUk.segments;
  const globexSegments = kits.globexUs.segments;
  const people = kits.acmeUs.size;
  const deletedSegment = usSegments.find((s) => s.deleted)!;
  /** A live segment with no one in it, wherever the test population has one. */
  const zero = Object.values(kits).flatMap((kit) => kit.live.filter((s) => kit.size(s) === 0).map((segment) => ({ kit, segment })))[0];

  const hierarchy = async (s: Session) => hierarchyResponseSchema.parse((await s.request({ method: 'GET', url: '/api/clients/hierarchy' })).json()).data;
  const [adminHierarchy] = await Promise.all([hierarchy(admin)]);
  const brandOf = (client: string) => {
    const brand = adminHierarchy.find((c) => c.slug === client)?.regions.flatMap((r) => r.brands)[0];
    if (!brand) throw new Error(`no brand of ${client}`);
    return brand.id;
  };
  const acmeBrand = brandOf('acme');
  const globexBrand = brandOf('globex');

  /** POST with each data source's session; both must answer 200 and the same body. */
  async function askBoth(url: string, payload: unknown, context = 'acme/us', pair = sessions): Promise<unknown> {
    const answers: Partial<Record<Source, unknown>> = {};
    for (const source of SOURCES) {
      const res = await pair[source].request({ method: 'POST', url, payload: payload as object, context });
      expect(res.statusCode, `${source} ${url}: ${res.body}`).toBe(200);
      answers[source] = res.json();
    }
    expect(answers.es, `molecula and es differ on ${url} ${JSON.stringify(payload)}`).toEqual(answers.molecula);
    return answers.molecula;
  }
  const countOf = async (rules: Rules, context = 'acme/us', pair = sessions) => strict(countResponseSchema).parse(await askBoth('/api/audiences/count', { rules }, context, pair)).data.count;

  it('gives each session the data source it chose, and routes its questions to that engine', async () => {
    const self = async (s: Session) => (await s.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.dataSource;
    expect(await self(analyst)).toBe('molecula');
    expect(await self(analystEs)).toBe('es');
    const bitmap = vi.spyOn(app.data.bitmaps, 'count');
    const sql = vi.spyOn(app.data.sql, 'count');
    try {
      const rules = { include: { and: [[big[0]!]] } };
      expect((await analyst.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context: 'acme/us' })).statusCode).toBe(200);
      expect([bitmap.mock.calls.length, sql.mock.calls.length]).toEqual([1, 0]);
      expect((await analystEs.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context: 'acme/us' })).statusCode).toBe(200);
      expect([bitmap.mock.calls.length, sql.mock.calls.length]).toEqual([1, 1]);
    } finally {
      bitmap.mockRestore();
      sql.mockRestore();
    }
  });

  // ---- GET /api/segments -----------------------------------------------------------------

  describe('GET /api/segments', () => {
    const page = (query: string, context = 'acme', s: Session = analyst) => s.request({ method: 'GET', url: `/api/segments?region=us${query}`, context });

    it('pages through the live segments of the region with page, per_page and total', async () => {
      const first = await page('&per_page=10');
      expect(first.statusCode).toBe(200);
      const body = strict(segmentsPageSchema).parse(first.json());
      expect(body.meta).toEqual({ page: 1, per_page: 10, total: live.length });
      expect(body.data).toHaveLength(10);

      const seen: Segment[] = [];
      for (let p = 1; p <= Math.ceil(live.length / 10); p++) {
        const res = segmentsPageSchema.parse((await page(`&per_page=10&page=${p}`)).json());
        expect(res.meta).toEqual({ page: p, per_page: 10, total: live.length });
        seen.push(...res.data);
      }
      expect(seen.map((s) => s.id).sort()).toEqual(live.map((s) => s.id).sort());
      expect(new Set(seen.map((s) => s.id)).size).toBe(live.length);
      // The same order whatever the page size.
      const all = segmentsPageSchema.parse((await page('&per_page=200')).json()).data;
      expect(all.map((s) => s.id)).toEqual(seen.slice(0, 200).map((s) => s.id));
      // Past the end: no rows, the same total.
      const past = segmentsPageSchema.parse((await page('&per_page=10&page=99')).json());
      expect(past).toEqual({ data: [], meta: { page: 99, per_page: 10, total: live.length } });
      // 50 a page by default.
      expect(segmentsPageSchema.parse((await page('')).json()).meta).toEqual({ page: 1, per_page: 50, total: live.length });
    });

    it("has 60 segments in acme/us, and the demo's brand funnel, with the global short ids of the client region", () => {
      const buyers = buyerSegments(BUYER_BRANDS.acme!.slice(0, TEST_BUYER_BRANDS), 0).length;
      expect(usSegments).toHaveLength(TEST_POPULATION.segments + funnelSegments(DEMO_FUNNEL, 0).length + buyers);
      for (const s of usSegments) expect(Math.floor(s.id / 100_000)).toBe(acmeUs);
      expect(usSegments.every((s) => s.vendor_type.length > 0 && s.path_parts.length === 3)).toBe(true);
    });

    it('leaves deleted segments out unless include_deleted=true', async () => {
      const without = segmentsPageSchema.parse((await page('&per_page=200')).json()).data;
      expect(without.some((s) => s.deleted)).toBe(false);
      expect(without.map((s) => s.id)).not.toContain(deletedSegment.id);
      const withDeleted = segmentsPageSchema.parse((await page('&per_page=200&include_deleted=true')).json());
      expect(withDeleted.meta.total).toBe(usSegments.length);
      expect(withDeleted.data.find((s) => s.id === deletedSegment.id)).toMatchObject({ deleted: true });
      const explicitFalse = segmentsPageSchema.parse((await page('&per_page=200&include_deleted=false')).json());
      expect(explicitFalse.meta.total).toBe(live.length);
    });

    const matches = (q: string) => live.filter((s) => [s.name, s.identifier, s.vendor_name].some((f) => f.toLowerCase().includes(q.toLowerCase())));
    /** Every match, page by page; `meta` is the first page's. */
    const search = async (q: string) => {
      const pages = [];
      for (let p = 1; ; p++) {
        const res = await page(`&per_page=200&q=${encodeURIComponent(q)}&page=${p}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = segmentsPageSchema.parse(res.json());
        pages.push(body);
        if (pages.reduce((n, b) => n + b.data.length, 0) >= body.meta.total || body.data.length === 0) break;
      }
      return { data: pages.flatMap((b) => b.data), meta: pages[0]!.meta };
    };

    it('searches by identifier, case-insensitively', async () => {
      const target = live[3]!;
      const found = await search(target.identifier.toUpperCase());
      expect(found.data.map((s) => s.id)).toContain(target.id);
      expect(found.data.map((s) => s.id).sort()).toEqual(matches(target.identifier).map((s) => s.id).sort());
      expect(found.meta.total).toBe(found.data.length);
    });

    it('searches by name, case-insensitively', async () => {
      const word = live[0]!.path_parts[1]!;
      const found = await search(word.toLowerCase());
      expect(found.data.length).toBeGreaterThan(0);
      expect(found.data.map((s) => s.id).sort()).toEqual(matches(word).map((s) => s.id).sort());
      const upper = await search(`  ${word.toUpperCase()}  `);
      expect(upper.data.map((s) => s.id).sort()).toEqual(found.data.map((s) => s.id).sort());
    });

    it('searches by vendor name', async () => {
      // A word of a vendor's name that is in no identifier: only the vendor can match.
      const vendorWord = live.map((s) => s.vendor_name.split(' ').at(-1)!).find((w) => !live.some((s) => s.identifier.toLowerCase().includes(w.toLowerCase()) || s.name.toLowerCase().includes(w.toLowerCase())));
      expect(vendorWord).toBeDefined();
      const found = await search(vendorWord!.toUpperCase());
      expect(found.data.length).toBeGreaterThan(0);
      expect(found.data.every((s) => s.vendor_name.toLowerCase().includes(vendorWord!.toLowerCase()))).toBe(true);
      expect(found.data.map((s) => s.id).sort()).toEqual(matches(vendorWord!).map((s) => s.id).sort());
    });

    it('treats %, _ and \\ in q as plain characters', async () => {
      for (const q of ['%', '_', '\\', 'a%b']) expect((await search(q)).meta.total, q).toBe(0);
      expect((await search('zz-no-such-segment')).data).toEqual([]);
    });

    it('refuses per_page over 200, and bad page values, with 400', async () => {
      expect((await page(`&per_page=${INSIGHT_LIMITS.perPage}`)).statusCode).toBe(200);
      expectError(await page('&per_page=201'), 400, 'VALIDATION_FAILED', 'querystring.per_page: per_page may be at most 200');
      expectError(await page('&per_page=0'), 400, 'VALIDATION_FAILED', /^querystring\.per_page: /);
      expectError(await page('&page=0'), 400, 'VALIDATION_FAILED', /^querystring\.page: /);
      expectError(await page('&page=abc'), 400, 'VALIDATION_FAILED', /^querystring\.page: /);
      expectError(await page('&include_deleted=maybe'), 400, 'VALIDATION_FAILED', /^querystring\.include_deleted: /);
      expectError(await analyst.request({ method: 'GET', url: '/api/segments', context: 'acme' }), 400, 'VALIDATION_FAILED', /^querystring\.region: /);
    });

    it('answers an unknown region, or a region of another client, with 404', async () => {
      const get = (region: string) => analyst.request({ method: 'GET', url: `/api/segments?region=${region}`, context: 'acme' });
      expectError(await get('zz'), 404, 'NOT_FOUND', 'acme has no region "zz".');
      // initech has Canada; acme does not.
      expectError(await get('ca'), 404, 'NOT_FOUND', 'acme has no region "ca".');
      expectError(await get('US'), 400, 'VALIDATION_FAILED', /^querystring\.region: /);
    });

    it('refuses a region that differs from the X-Context region with 400', async () => {
      expectError(await analyst.request({ method: 'GET', url: '/api/segments?region=uk', context: 'acme/us' }), 400, 'BAD_REQUEST', /differs from the X-Context region "us"/);
      expect((await analyst.request({ method: 'GET', url: '/api/segments?region=us', context: 'acme/us' })).statusCode).toBe(200);
    });

    it('answers an empty page for a region of the client without data (acme/au)', async () => {
      const res = await analyst.request({ method: 'GET', url: '/api/segments?region=au', context: 'acme' });
      expect(segmentsPageSchema.parse(res.json())).toEqual({ data: [], meta: { page: 1, per_page: 50, total: 0 } });
    });

    it('counts people per region slug of the client and globally (the sum over its regions)', async () => {
      for (const s of usSegments) expect(people(s), s.identifier).toBe(o.members(s.id).size);
      const ukByIdentifier = new Map(ukSegments.map((s) => [s.identifier, s]));
      const globexByIdentifier = new Map(globexSegments.map((s) => [s.identifier, s]));
      // The client's regions share one catalogue: an identifier is in acme/us and acme/uk.
      expect(usSegments.filter((s) => ukByIdentifier.has(s.identifier)).length).toBeGreaterThan(0);
      for (const s of usSegments) {
        const uk = ukByIdentifier.get(s.identifier);
        const expected = uk ? { us: people(s), uk: uk.count.people.uk, global: people(s) + uk.count.people.uk! } : { us: people(s), global: people(s) };
        // Another client's segment of the same identifier never counts.
        expect(s.count.people, s.identifier).toEqual(expected);
        if (uk) expect(uk.count.people, s.identifier).toEqual(s.count.people);
      }
      const sharedWithGlobex = usSegments.filter((s) => globexByIdentifier.has(s.identifier));
      for (const s of sharedWithGlobex) expect(globexByIdentifier.get(s.identifier)!.count.people).toEqual({ us: globexByIdentifier.get(s.identifier)!.count.people.us, global: globexByIdentifier.get(s.identifier)!.count.people.us });
    });

    it('shows each client only its own segments', async () => {
      const res = await viewer.request({ method: 'GET', url: '/api/segments?region=us&per_page=200', context: 'globex' });
      const data = segmentsPageSchema.parse(res.json()).data;
      const globexUs = await clientRegionIdOf(db, 'globex', 'us');
      expect(data.length).toBeGreaterThan(0);
      expect(data.every((s) => Math.floor(s.id / 100_000) === globexUs)).toBe(true);
      expectError(await analyst.request({ method: 'GET', url: '/api/segments?region=us', context: 'globex' }), 403, 'CONTEXT_FORBIDDEN');
    });
  });

  // ---- POST /api/segments/lookup ---------------------------------------------------------

  describe('POST /api/segments/lookup', () => {
    const lookup = (identifiers: unknown, context = 'acme/us') => analyst.request({ method: 'POST', url: '/api/segments/lookup', payload: { identifiers }, context });

    it('finds the identifiers the context region has, and lists the missing ones', async () => {
      const [a, b] = [live[0]!, live[5]!];
      // An identifier only another client has is missing here too.
      const usIdentifiers = new Set(usSegments.map((s) => s.identifier));
      const otherClients = globexSegments.filter((s) => !usIdentifiers.has(s.identifier)).slice(0, 1).map((s) => s.identifier);
      const res = await lookup([a.identifier, b.identifier, 'nope-000001', a.identifier, ...otherClients, deletedSegment.identifier]);
      expect(res.statusCode, res.body).toBe(200);
      const body = strict(segmentLookupResponseSchema).parse(res.json());
      expect(body.data.map((s) => s.id).sort()).toEqual([a.id, b.id, deletedSegment.id].sort());
      expect(body.data.find((s) => s.id === a.id)).toEqual(a);
      expect(body.data.find((s) => s.id === deletedSegment.id)?.deleted).toBe(true);
      expect(body.meta.missing.sort()).toEqual(['nope-000001', ...otherClients].sort());
    });

    it('looks up in the X-Context region: acme/uk ids for the same identifier', async () => {
      const shared = ukSegments.find((s) => usSegments.some((u) => u.identifier === s.identifier))!;
      const body = segmentLookupResponseSchema.parse((await lookup([shared.identifier], 'acme/uk')).json());
      expect(body.data.map((s) => s.id)).toEqual([shared.id]);
    });

    it('refuses an empty list, more than 1,000 identifiers, and non-strings with 400', async () => {
      expectError(await lookup([]), 400, 'VALIDATION_FAILED', 'body.identifiers: Name at least one identifier');
      expectError(await lookup(Array.from({ length: 1001 }, (_, i) => `x-${i}`)), 400, 'VALIDATION_FAILED', 'body.identifiers: Look up at most 1000 identifiers at a time');
      expectError(await lookup([1, 2]), 400, 'VALIDATION_FAILED', /^body\.identifiers\.0: /);
      expectError(await lookup(['']), 400, 'VALIDATION_FAILED', /^body\.identifiers\.0: /);
      const thousand = await lookup(Array.from({ length: 1000 }, (_, i) => `x-${i}`));
      expect(thousand.statusCode).toBe(200);
      expect(segmentLookupResponseSchema.parse(thousand.json()).meta.missing).toHaveLength(1000);
    });

    it('needs a region in X-Context', async () => {
      expectError(await lookup([live[0]!.identifier], 'acme'), 400, 'BAD_REQUEST', 'This request needs an X-Context with 2 levels; "acme" has 1.');
    });
  });

  // ---- POST /api/audiences/count ---------------------------------------------------------

  describe('POST /api/audiences/count', () => {
    it('counts OR within groups, AND across groups, minus the excludes, the same on both data sources', async () => {
      const b = big;
      const rules: Rules[] = [
        { include: { and: [[b[0]!]] } },
        { include: { and: [[b[0]!, b[1]!, b[2]!]] }, exclude: [], values: [] },
        { include: { and: [[b[0]!, b[3]!], [b[1]!, b[4]!]] } },
        { include: { and: [[b[0]!, b[3]!], [b[1]!, b[4]!]] }, exclude: [b[2]!] },
        { include: { and: [[b[0]!], [b[1]!], [b[2]!, b[5]!, b[6]!]] }, exclude: [b[7]!, b[8]!] },
        { include: { and: [[b[5]!, b[6]!, b[7]!, b[8]!, b[9]!]] }, exclude: [b[0]!] },
        // Repeated ids change nothing.
        { include: { and: [[b[1]!, b[1]!], [b[1]!]] }, exclude: [b[10]!, b[10]!] },
      ];
      const counts: number[] = [];
      for (const r of rules) {
        const expected = o.audience(r).size;
        expect(await countOf(r), JSON.stringify(r)).toBe(expected);
        counts.push(expected);
      }
      // The rules are not trivially empty or everyone.
      expect(counts.filter((n) => n > 0 && n < PEOPLE).length).toBe(rules.length);
      expect(new Set(counts).size).toBe(rules.length);
    });

    it('counts a zero-count segment as no one, and an exclude of the whole include as no one', async () => {
      expect(await countOf({ include: { and: [[big[0]!]] }, exclude: [big[0]!] })).toBe(0);
      expect(await countOf({ include: { and: [[big[0]!, big[1]!]] }, exclude: [big[1]!, big[0]!] })).toBe(0);
      expect(zero, 'the test population has no live segment without people').toBeDefined();
      const { kit, segment } = zero!;
      const top = kit.big[0]!;
      const ask = (rules: Rules) => countOf(rules, kit.context, adminSessions);
      expect(await ask({ include: { and: [[segment.id]] } })).toBe(0);
      expect(await ask({ include: { and: [[segment.id, top]] } })).toBe(kit.o.members(top).size);
      expect(await ask({ include: { and: [[top], [segment.id]] } })).toBe(0);
      expect(await ask({ include: { and: [[top]] }, exclude: [segment.id], values: [] })).toBe(kit.o.members(top).size);
      expect(kit.o.members(top).size).toBeGreaterThan(0);
    });

    it('takes up to 20 OR-groups of up to 500 ids and 500 excludes', async () => {
      const ids = live.map((s) => s.id);
      const group = Array.from({ length: 500 }, (_, i) => ids[i % ids.length]!);
      const rules = { include: { and: Array.from({ length: 20 }, (_, i) => (i === 0 ? [big[0]!] : group)) }, exclude: Array.from({ length: 500 }, () => big[1]!) };
      expect(await countOf(rules)).toBe(o.audience(rules).size);
    });

    it('counts the viewer\'s own client region', async () => {
      const globexUs = await clientRegionIdOf(db, 'globex', 'us');
      const g = oracle(await readUniverse(db, app.data.store, globexUs));
      const id = [...globexSegments].filter((s) => !s.deleted).sort((a, b) => (b.count.people.us ?? 0) - (a.count.people.us ?? 0))[0]!.id;
      const res = await viewer.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [[id]] } } }, context: 'globex/us' });
      expect(countResponseSchema.parse(res.json()).data.count).toBe(g.members(id).size);
    });
  });

  // ---- POST /api/insights/counts ---------------------------------------------------------

  describe('POST /api/insights/counts', () => {
    const b = big;
    const spec = (extra: Partial<CountsPayload> = {}): CountsPayload => ({
      matched_short_ids: { '11': [b[2]!, b[3]!], '12': [b[4]!, b[2]!], '13': [] },
      modeled_short_ids: { '11': [b[5]!], '14': [b[6]!, b[7]!, b[8]!] },
      focused_matched_short_ids: [b[0]!],
      focused_modeled_short_ids: [b[1]!],
      group_short_ids: [[b[0]!, b[1]!, b[9]!]],
      demo_as_segments: true,
      current_view: 'All',
      feature: 'measure-v3',
      service_type: 'insights',
      ...extra,
    });
    const countsOf = async (payload: CountsPayload, context?: string) => strict(countsResponseSchema).parse(await askBoth('/api/insights/counts', payload, context)).data;

    it('counts each segment, each market and the totals within the matched and the modeled focus', async () => {
      const payload = spec();
      const answer = await countsOf(payload);
      const expected = expectedCounts(o, payload);
      expect(answer).toEqual(expected);
      expect(Object.keys(answer.segment_counts).sort()).toEqual([b[2], b[3], b[4], b[5], b[6], b[7], b[8]].map(String).sort());
      expect(answer.market_counts['13']).toEqual({ matched: 0, modeled: 0 });
      expect(answer.market_counts['14']!.matched).toBe(0);
      expect(answer.total_matched_count).toBeGreaterThan(0);
      expect(answer.total_modeled_count).toBeGreaterThan(0);
      // The focus narrows: less than the same question without one.
      const unfocused = await countsOf(spec({ focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [] }));
      expect(unfocused).toEqual(expectedCounts(o, spec({ focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [] })));
      expect(unfocused.total_matched_count).toBe(o.union([b[2]!, b[3]!, b[4]!]).size);
      expect(answer.total_matched_count).toBeLessThan(unfocused.total_matched_count);
      expect(answer.total_modeled_count).toBeLessThan(unfocused.total_modeled_count);
    });

    it('narrows the focus by every OR-group of group_short_ids', async () => {
      const payload = spec({ focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [[b[0]!, b[10]!], [b[1]!, b[11]!]] });
      const answer = await countsOf(payload);
      expect(answer).toEqual(expectedCounts(o, payload));
      const focus = o.audience({ include: { and: [[b[0]!, b[10]!], [b[1]!, b[11]!]] } });
      expect(answer.total_matched_count).toBe(intersectionSize(o.union([b[2]!, b[3]!, b[4]!]), focus));
    });

    it('counts a zero-count segment as 0', async () => {
      expect(zero, 'the test population has no live segment without people').toBeDefined();
      const { kit, segment } = zero!;
      const top = kit.big[0]!;
      const payload: CountsPayload = { matched_short_ids: { '1': [segment.id] }, modeled_short_ids: { '1': [segment.id, top] }, focused_modeled_short_ids: [kit.big[1]!] };
      const answer = strict(countsResponseSchema).parse(await askBoth('/api/insights/counts', payload, kit.context, adminSessions)).data;
      expect(answer).toEqual(expectedCounts(kit.o, payload));
      expect(answer.segment_counts[String(segment.id)]).toBe(0);
      expect(answer.market_counts['1']!.matched).toBe(0);
      expect(answer.market_counts['1']!.modeled).toBeGreaterThan(0);
    });

    it('answers empty counts without short ids, without touching the engine, even for acme/au', async () => {
      const empty = { segment_counts: {}, market_counts: {}, total_matched_count: 0, total_modeled_count: 0 };
      const bitmap = vi.spyOn(app.data.bitmaps, 'counts');
      const sql = vi.spyOn(app.data.sql, 'counts');
      try {
        for (const context of ['acme/us', 'acme/au']) {
          expect(await countsOf({}, context)).toEqual(empty);
          expect(await countsOf({ matched_short_ids: { '1': [] }, modeled_short_ids: {}, current_view: 'All', feature: 'measure-v3' }, context)).toEqual(empty);
        }
        // Focus and group ids are still checked against the region (acme/us's ids are not acme/au's: bad-input.test.ts).
        expect(await countsOf({ matched_short_ids: { '1': [] }, focused_matched_short_ids: [b[0]!], group_short_ids: [[b[1]!]] }, 'acme/us')).toEqual(empty);
        expect(bitmap).not.toHaveBeenCalled();
        expect(sql).not.toHaveBeenCalled();
      } finally {
        bitmap.mockRestore();
        sql.mockRestore();
      }
    });

    const post = (payload: unknown) => analyst.request({ method: 'POST', url: '/api/insights/counts', payload: payload as object, context: 'acme/us' });

    it('refuses a market key that is not a market id with 400 and the schema\'s message', async () => {
      expectError(await post({ matched_short_ids: { abc: [b[0]] } }), 400, 'VALIDATION_FAILED', 'body.matched_short_ids: Market keys must be market ids');
    });

    it('refuses malformed payloads with 400', async () => {
      expectError(await post({ matched_short_ids: { abc: [b[0]] } }), 400, 'VALIDATION_FAILED', /^body\.matched_short_ids: Market keys must be market ids$/);
      expectError(await post({ modeled_short_ids: { '12345678901': [b[0]] } }), 400, 'VALIDATION_FAILED', /^body\.modeled_short_ids: Market keys must be market ids$/);
      expectError(await post({ matched_short_ids: { '1': [b[0]] }, group_short_ids: [[]] }), 400, 'VALIDATION_FAILED', /An OR-group must name at least one segment/);
      expectError(await post({ matched_short_ids: { '1': [b[0]] }, group_short_ids: Array.from({ length: 21 }, () => [b[0]]) }), 400, 'VALIDATION_FAILED', /At most 20 OR-groups/);
      expectError(await post({ matched_short_ids: { '1': Array.from({ length: 501 }, () => b[0]) } }), 400, 'VALIDATION_FAILED', /may name at most 500 segments/);
      const markets = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [String(i + 1), [b[0]]]));
      expectError(await post({ matched_short_ids: markets }), 400, 'VALIDATION_FAILED', /At most 100 markets/);
      expectError(await post({ matched_short_ids: { '1': ['x'] } }), 400, 'VALIDATION_FAILED', /^body\.matched_short_ids\.1\.0: /);
      expectError(await post({ matched_short_ids: { '1': [b[0]] }, focused_matched_short_ids: [-3] }), 400, 'VALIDATION_FAILED', /An id must be a positive whole number/);
    });
  });

  // ---- categories and widgets ------------------------------------------------------------

  describe('GET /api/insights/categories and POST /api/insights/widgets', async () => {
    const categories = categoriesResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/insights/categories', context: 'acme/us' })).json()).data;
    const age = categories.find((c) => c.name === 'Age')!;
    const widgetOf = async (rules: Rules, category: number | string) => strict(widgetResponseSchema).parse(await askBoth('/api/insights/widgets', { rules, category })).data;

    it('lists the 15 demographic categories of the context region with their values', async () => {
      expect(categories).toHaveLength(15);
      expect(categories[0]!.name).toBe('Age');
      expect(categories.map((c) => c.name)).toEqual(expect.arrayContaining(['Gender', 'State', 'Household Income', 'Media Habits']));
      for (const c of categories) {
        expect(c.values.length).toBeGreaterThan(1);
        // Every person has exactly one value of each category.
        expect(c.values.reduce((n, v) => n + o.attribute(v.id).size, 0)).toBe(PEOPLE);
      }
      const uk = categoriesResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/insights/categories', context: 'acme/uk' })).json()).data;
      expect(uk.map((c) => c.name)).toEqual(categories.map((c) => c.name));
      const usValueIds = new Set(categories.flatMap((c) => c.values.map((v) => v.id)));
      expect(uk.flatMap((c) => c.values.map((v) => v.id)).filter((id) => usValueIds.has(id))).toEqual([]);
    });

    const checkWidget = (data: Awaited<ReturnType<typeof widgetOf>>, rules: Rules, category: { id: number; name: string; values: { id: number; name: string }[] }) => {
      const audience = o.audience(rules);
      expect(data.category).toEqual({ id: category.id, name: category.name });
      expect(data.audience_count).toBe(audience.size);
      expect(data.base_count).toBe(PEOPLE);
      expect(data.rows.map((r) => [r.value_id, r.name])).toEqual(category.values.map((v) => [v.id, v.name]));
      for (const [i, row] of data.rows.entries()) {
        const value = o.attribute(category.values[i]!.id);
        const count = intersectionSize(audience, value);
        const share = audience.size ? count / audience.size : 0;
        const baseShare = value.size / PEOPLE;
        const z = zScore(count, audience.size, value.size, PEOPLE);
        expect(row.count, row.name).toBe(count);
        closeTo(row.share, share);
        closeTo(row.base_share, baseShare);
        closeTo(row.index, baseShare === 0 ? null : (100 * share) / baseShare);
        closeTo(row.z_score, z);
        expect(row.significant).toBe(z !== null && Math.abs(z) >= 1.96);
        expect(row.small_sample).toBe(count < 100);
      }
      expect(data.rows.reduce((n, r) => n + r.base_share, 0)).toBeCloseTo(1, 9);
      if (audience.size > 0) expect(data.rows.reduce((n, r) => n + r.share, 0)).toBeCloseTo(1, 9);
    };

    it('answers per value count, share, base share, index, z-score and flags, by category id', async () => {
      const rules = { include: { and: [[big[0]!, big[3]!], [big[1]!]] }, exclude: [big[5]!] };
      const data = await widgetOf(rules, age.id);
      checkWidget(data, rules, age);
      expect(data.rows.some((r) => r.index !== null && r.index > 100)).toBe(true);
      expect(data.rows.some((r) => r.index !== null && r.index < 100)).toBe(true);
      // Each generated segment leans on one category (lifts of 2 to 6): there, some value is significant.
      const single = { include: { and: [[big[0]!]] }, exclude: [], values: [] };
      const widgets = await Promise.all(categories.map((c) => widgetOf(single, c.id)));
      widgets.forEach((w, i) => checkWidget(w, single, categories[i]!));
      expect(widgets.some((w) => w.rows.some((r) => r.significant))).toBe(true);
    });

    it('finds the category by name, case-insensitively, and flags small samples', async () => {
      const state = categories.find((c) => c.name === 'State')!;
      const rules = { include: { and: [[big[20]!]] } };
      const byName = await widgetOf(rules, 'sTaTe');
      checkWidget(byName, rules, state);
      expect(byName.rows.some((r) => r.small_sample)).toBe(true);
      expect(await widgetOf(rules, state.id)).toEqual(byName);
      for (const c of categories) checkWidget(await widgetOf({ include: { and: [[big[2]!]] } }, c.name.toUpperCase()), { include: { and: [[big[2]!]] } }, c);
    });

    it('answers an empty audience with zero shares and no z-score', async () => {
      const rules = { include: { and: [[big[3]!]] }, exclude: [big[3]!] };
      const data = await widgetOf(rules, age.id);
      checkWidget(data, rules, age);
      expect(data.audience_count).toBe(0);
      expect(data.rows.every((r) => r.count === 0 && r.share === 0 && r.z_score === null && !r.significant && r.small_sample)).toBe(true);
    });

    it('answers an unknown category, or another region\'s, with 404', async () => {
      const post = (category: unknown) => analyst.request({ method: 'POST', url: '/api/insights/widgets', payload: { rules: { include: { and: [[big[0]]] } }, category }, context: 'acme/us' });
      expectError(await post('Shoe Size'), 404, 'NOT_FOUND', 'acme/us has no demographic category "Shoe Size".');
      expectError(await post(999_999), 404, 'NOT_FOUND', 'acme/us has no demographic category 999999.');
      const ukAge = categoriesResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/insights/categories', context: 'acme/uk' })).json()).data[0]!;
      expectError(await post(ukAge.id), 404, 'NOT_FOUND', `acme/us has no demographic category ${ukAge.id}.`);
      expectError(await post(''), 400, 'VALIDATION_FAILED', /^body\.category/);
      expectError(await post(-1), 400, 'VALIDATION_FAILED', /^body\.category/);
    });
  });

  // ---- POST /api/insights/overlap --------------------------------------------------------

  describe('POST /api/insights/overlap', () => {
    const audiences = [
      { name: 'Big', rules: { include: { and: [[big[0]!]] } } },
      { name: 'Either', rules: { include: { and: [[big[1]!, big[2]!]] }, exclude: [big[3]!] } },
      { name: 'Both', rules: { include: { and: [[big[0]!, big[4]!], [big[5]!, big[6]!]] } } },
      { name: 'Nobody', rules: { include: { and: [[big[7]!]] }, exclude: [big[7]!] } },
      { name: 'Small', rules: { include: { and: [[big[15]!]] } } },
    ];
    const overlapOf = async (list: { name: string; rules: Rules }[]) => strict(overlapResponseSchema).parse(await askBoth('/api/insights/overlap', { audiences: list })).data;

    it.each([2, 3, 5])('answers the sizes of %i audiences and every pair a < b with its shares', async (n) => {
      const list = audiences.slice(0, n);
      const data = await overlapOf(list);
      const sets = list.map((a) => o.audience(a.rules));
      expect(data.audiences).toEqual(list.map((a, i) => ({ name: a.name, count: sets[i]!.size })));
      const pairs = [];
      for (let a = 0; a < n; a++) {
        for (let b = a + 1; b < n; b++) {
          const count = intersectionSize(sets[a]!, sets[b]!);
          pairs.push({ a, b, count, share_of_a: sets[a]!.size ? count / sets[a]!.size : 0, share_of_b: sets[b]!.size ? count / sets[b]!.size : 0 });
        }
      }
      expect(data.pairs).toHaveLength((n * (n - 1)) / 2);
      for (const [i, p] of data.pairs.entries()) {
        expect({ a: p.a, b: p.b, count: p.count }).toEqual({ a: pairs[i]!.a, b: pairs[i]!.b, count: pairs[i]!.count });
        closeTo(p.share_of_a, pairs[i]!.share_of_a);
        closeTo(p.share_of_b, pairs[i]!.share_of_b);
      }
      expect(data.pairs.some((p) => p.count > 0)).toBe(true);
    });

    it('refuses 1 or 6 audiences, and an audience without a name, with 400', async () => {
      const post = (list: unknown) => analyst.request({ method: 'POST', url: '/api/insights/overlap', payload: { audiences: list }, context: 'acme/us' });
      expectError(await post(audiences.slice(0, 1)), 400, 'VALIDATION_FAILED', 'body.audiences: Compare at least 2 audiences');
      expectError(await post([...audiences, audiences[0]]), 400, 'VALIDATION_FAILED', 'body.audiences: Compare at most 5 audiences');
      expectError(await post([audiences[0], { ...audiences[1], name: '  ' }]), 400, 'VALIDATION_FAILED', /Each audience needs a name/);
      expectError(await post([audiences[0], { name: 'x' }]), 400, 'VALIDATION_FAILED', /^body\.audiences\.1\.rules: /);
    });

    it('needs comparisons read (the viewer has it; without it, 403)', async () => {
      const globexId = globexSegments.find((s) => !s.deleted && (s.count.people.us ?? 0) > 0)!.id;
      const payload = { audiences: [{ name: 'a', rules: { include: { and: [[globexId]] } } }, { name: 'b', rules: { include: { and: [[globexId]] } } }] };
      const post = () => viewer.request({ method: 'POST', url: '/api/insights/overlap', payload, context: 'globex/us' });
      expect((await post()).statusCode).toBe(200);
      const [viewerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
      const where = and(eq(rolePermissions.roleId, Number(viewerRole?.id)), eq(rolePermissions.resource, 'comparisons'));
      await db.update(rolePermissions).set({ canRead: false }).where(where);
      try {
        expectError(await post(), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (comparisons: read)`);
        // audiences read still counts.
        const count = await viewer.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: payload.audiences[0]!.rules }, context: 'globex/us' });
        expect(count.statusCode).toBe(200);
      } finally {
        await db.update(rolePermissions).set({ canRead: true }).where(where);
      }
      expect((await post()).statusCode).toBe(200);
    });
  });

  // ---- POST /api/data-availability -------------------------------------------------------

  describe('POST /api/data-availability', () => {
    // The vendors the generator gives the test population, Northwind Data first.
    const VENDORS = GENERATED_VENDORS.map((v) => ({ vendor_name: v.name, vendor_type: v.type }));
    const ask = (body: object, context = 'acme/us', s: Session = analyst) => s.request({ method: 'POST', url: '/api/data-availability', payload: body, context });
    const available = async (body: object, context?: string, s?: Session) => {
      const res = await ask(body, context, s);
      expect(res.statusCode, res.body).toBe(200);
      return strict(dataAvailabilityResponseSchema).parse(res.json()).data;
    };
    /** Usable segments of a vendor: live, single-segment audiences allowed, someone in them. */
    const usable = (list: Segment[], vendor: string, region: string) => list.filter((s) => s.vendor_name === vendor && !s.deleted && s.create_audience_single && (s.count.people[region] ?? 0) > 0).length;

    it('lists a vendor with data for the use case, with its usable segments', async () => {
      const data = await available({ parent_id: acmeBrand, vendors: [VENDORS[0]], use_cases: ['create_audience_single'] });
      expect(data).toEqual([{ ...VENDORS[0], region: 'us', use_cases: ['create_audience_single'], segments: usable(usSegments, 'Northwind Data', 'us') }]);
      expect(data[0]!.segments).toBeGreaterThan(0);
    });

    it('lists every vendor asked that has data, by name', async () => {
      const data = await available({ parent_id: acmeBrand, vendors: VENDORS, use_cases: ['create_audience_single'] }, 'acme/uk');
      const expected = VENDORS.filter((v) => usable(ukSegments, v.vendor_name, 'uk') > 0)
        .map((v) => ({ ...v, region: 'uk', use_cases: ['create_audience_single'], segments: usable(ukSegments, v.vendor_name, 'uk') }))
        .sort((a, b) => a.vendor_name.localeCompare(b.vendor_name));
      expect(data).toEqual(expected);
      expect(data.length).toBeGreaterThan(1);
    });

    it('is empty for an unknown vendor, a wrong vendor type, or a use case not served', async () => {
      expect(await available({ parent_id: acmeBrand, vendors: [{ vendor_name: 'Nobody Data', vendor_type: 'third_party' }], use_cases: ['create_audience_single'] })).toEqual([]);
      expect(await available({ parent_id: acmeBrand, vendors: [{ vendor_name: 'Northwind Data', vendor_type: 'panel' }], use_cases: ['create_audience_single'] })).toEqual([]);
      expect(await available({ parent_id: acmeBrand, vendors: VENDORS, use_cases: ['lookalike'] })).toEqual([]);
      expect(await available({ parent_id: acmeBrand, vendors: VENDORS, use_cases: ['create_audience_single', 'lookalike'] })).toEqual([]);
    });

    it('is empty for a region of the client without data (acme/au)', async () => {
      expect(await available({ parent_id: acmeBrand, vendors: VENDORS, use_cases: ['create_audience_single'] }, 'acme/au')).toEqual([]);
    });

    it('answers a brand of another client, or no brand, with 404', async () => {
      expectError(await ask({ parent_id: globexBrand, vendors: VENDORS, use_cases: ['create_audience_single'] }), 404, 'NOT_FOUND', `acme has no brand ${globexBrand}.`);
      expectError(await ask({ parent_id: 999_999, vendors: VENDORS, use_cases: ['create_audience_single'] }), 404, 'NOT_FOUND', 'acme has no brand 999999.');
      // The viewer's own brand works for the viewer.
      expect(await available({ parent_id: globexBrand, vendors: VENDORS, use_cases: ['create_audience_single'] }, 'globex/us', viewer)).not.toEqual([]);
    });

    it('refuses a malformed body with 400', async () => {
      expectError(await ask({ parent_id: acmeBrand, vendors: [], use_cases: ['create_audience_single'] }), 400, 'VALIDATION_FAILED', 'body.vendors: Name at least one vendor');
      expectError(await ask({ parent_id: acmeBrand, vendors: VENDORS, use_cases: [] }), 400, 'VALIDATION_FAILED', 'body.use_cases: Name at least one use case');
      expectError(await ask({ parent_id: 'x', vendors: VENDORS, use_cases: ['create_audience_single'] }), 400, 'VALIDATION_FAILED', /^body\.parent_id: /);
      expectError(await ask({ parent_id: acmeBrand, vendors: [{ vendor_name: 'Northwind Data' }], use_cases: ['create_audience_single'] }), 400, 'VALIDATION_FAILED', /^body\.vendors\.0\.vendor_type: /);
    });
  });

  // ---- GET /api/data-status --------------------------------------------------------------

  describe('GET /api/data-status', () => {
    const status = async (s: Session) => {
      const res = await s.request({ method: 'GET', url: '/api/data-status' });
      expect(res.statusCode, res.body).toBe(200);
      return strict(dataStatusResponseSchema).parse(res.json()).data;
    };
    const ready = { state: 'ready', progress: 1, people: PEOPLE };
    const absent = { state: 'absent', progress: 0, people: 0 };

    it("shows only the caller's clients' regions: ready or absent", async () => {
      const byKey = (list: Awaited<ReturnType<typeof status>>) => Object.fromEntries(list.map(({ client, region, ...s }) => [`${client}/${region}`, s]));
      expect(byKey(await status(analyst))).toEqual({ 'acme/us': ready, 'acme/uk': ready, 'acme/au': absent });
      expect(byKey(await status(analystEs))).toEqual({ 'acme/us': ready, 'acme/uk': ready, 'acme/au': absent });
      expect(byKey(await status(viewer))).toEqual({ 'globex/us': ready });
      expect(byKey(await status(admin))).toEqual({ 'acme/us': ready, 'acme/uk': ready, 'acme/au': absent, 'globex/us': ready, 'initech/us': absent, 'initech/ca': absent });
    });

    it('needs a session', async () => {
      expectError(await app.inject({ method: 'GET', url: '/api/data-status' }), 401, 'UNAUTHENTICATED');
    });
  });

  // ---- refusals --------------------------------------------------------------------------

  describe('refusals', () => {
    /** The four engine questions, each naming these ids (and nothing else the region lacks). */
    const questions = (ids: number[]) => [
      { url: '/api/audiences/count', payload: { rules: { include: { and: [ids] } } } },
      { url: '/api/insights/counts', payload: { matched_short_ids: { '1': [big[0]!] }, focused_modeled_short_ids: ids, modeled_short_ids: { '2': [big[1]!] } } },
      { url: '/api/insights/widgets', payload: { rules: { include: { and: [[big[0]!]] }, exclude: ids, values: [] }, category: 'Age' } },
      { url: '/api/insights/overlap', payload: { audiences: [{ name: 'a', rules: { include: { and: [[big[0]!]] } } }, { name: 'b', rules: { include: { and: [[big[1]!], ids] } } }] } },
    ];
    const each = async (ids: number[], check: (res: Awaited<ReturnType<Session['request']>>, what: string) => void, context = 'acme/us') => {
      for (const source of SOURCES) {
        for (const q of questions(ids)) check(await sessions[source].request({ method: 'POST', url: q.url, payload: q.payload, context }), `${source} ${q.url}`);
      }
    };

    it('refuses an unknown segment id with 422 UNKNOWN_SEGMENTS naming it', async () => {
      await each([big[0]!, 999_999], (res, what) => {
        const body = expectError(res, 422, 'UNKNOWN_SEGMENTS', /^No segment 999999 in acme\/us\.$/);
        expect(body.error.details, what).toEqual({ unknown: [999_999], deleted: [] });
      });
    });

    it('refuses a deleted segment with 422, in details.deleted', async () => {
      await each([deletedSegment.id], (res, what) => {
        const body = expectError(res, 422, 'UNKNOWN_SEGMENTS', `Segment ${deletedSegment.id} was deleted by the provider.`);
        expect(body.error.details, what).toEqual({ unknown: [], deleted: [deletedSegment.id] });
      });
    });

    it("refuses another tenant's ids (globex/us), and another region's (acme/uk), with 422", async () => {
      const globexIds = globexSegments.filter((s) => !s.deleted).slice(0, 2).map((s) => s.id);
      const ukIds = ukSegments.filter((s) => !s.deleted).slice(0, 12).map((s) => s.id);
      for (const ids of [globexIds, ukIds]) {
        await each(ids, (res, what) => {
          const body = expectError(res, 422, 'UNKNOWN_SEGMENTS', /^No segments? \d+/);
          expect(body.error.details, what).toEqual({ unknown: ids, deleted: [] });
          // Nothing about the other tenant's segments leaks.
          for (const s of [...globexSegments, ...ukSegments]) expect(res.body).not.toContain(s.name);
        });
      }
      // Twelve unknown ids: ten named, the rest summed up.
      const res = await analyst.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [ukIds] } } }, context: 'acme/us' });
      expect(res.json().error.message).toMatch(/^No segments (\d+, ){9}\d+ and 2 more in acme\/us\.$/);
      // The admin may ask globex/us about them; the analyst may not ask there at all.
      const inGlobex = await admin.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [globexIds] } } }, context: 'globex/us' });
      expect(inGlobex.statusCode, inGlobex.body).toBe(200);
      expectError(await analyst.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [globexIds] } } }, context: 'globex/us' }), 403, 'CONTEXT_FORBIDDEN');
    });

    it('names both unknown and deleted ids when a rule has both', async () => {
      const res = await analyst.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [[999_998, deletedSegment.id]] }, exclude: [999_997], values: [] } }, context: 'acme/us' });
      const body = expectError(res, 422, 'UNKNOWN_SEGMENTS', /^No segments 999998, 999997 in acme\/us\. Segment \d+ was deleted by the provider\.$/);
      expect(body.error.details).toEqual({ unknown: [999_998, 999_997], deleted: [deletedSegment.id] });
    });

    const post = (payload: unknown, url = '/api/audiences/count') => analyst.request({ method: 'POST', url, payload: payload as object, context: 'acme/us' });

    it('refuses an empty OR-group, or a rule with no groups, with 400', async () => {
      expectError(await post({ rules: { include: { and: [[big[0]], []] } } }), 400, 'VALIDATION_FAILED', 'body.rules.include.and.1: An OR-group must name at least one segment');
      expectError(await post({ rules: { include: { and: [] } } }), 400, 'VALIDATION_FAILED', 'body.rules.include.and: A rule must include at least one OR-group');
    });

    it('refuses 10,000 ids in one group with 400, quickly', async () => {
      const started = performance.now();
      const res = await post({ rules: { include: { and: [Array.from({ length: 10_000 }, (_, i) => big[i % big.length]!)] } } });
      expectError(res, 400, 'VALIDATION_FAILED', 'body.rules.include.and.0: An OR-group may name at most 500 segments');
      expect(performance.now() - started).toBeLessThan(2000);
      expectError(await post({ rules: { include: { and: [[big[0]]] }, exclude: Array.from({ length: 501 }, () => big[1]) } }), 400, 'VALIDATION_FAILED', 'body.rules.exclude: A rule may exclude at most 500 segments');
    });

    it('refuses more than 20 groups with 400', async () => {
      expectError(await post({ rules: { include: { and: Array.from({ length: 21 }, () => [big[0]]) } } }), 400, 'VALIDATION_FAILED', 'body.rules.include.and: A rule may have at most 20 OR-groups');
    });

    it.each([
      ['no rules', {}, /^body\.rules: /],
      ['no include', { rules: { exclude: [] } }, /^body\.rules\.include: /],
      ['include not a list of groups', { rules: { include: { and: [1, 2] } } }, /^body\.rules\.include\.and\.0: /],
      ['strings for ids', { rules: { include: { and: [['100001']] } } }, /^body\.rules\.include\.and\.0\.0: /],
      ['a negative id', { rules: { include: { and: [[-5]] } } }, 'body.rules.include.and.0.0: An id must be a positive whole number'],
      ['a zero id', { rules: { include: { and: [[0]] } } }, 'body.rules.include.and.0.0: An id must be a positive whole number'],
      ['a fractional id', { rules: { include: { and: [[1.5]] } } }, /^body\.rules\.include\.and\.0\.0: /],
      ['an id over 2^31-1', { rules: { include: { and: [[2 ** 31]] } } }, 'body.rules.include.and.0.0: An id must be at most 2147483647'],
      ['a string exclude', { rules: { include: { and: [[1]] }, exclude: 'all' } }, /^body\.rules\.exclude: /],
    ])('refuses %s with 400', async (_, payload, message) => {
      for (const source of SOURCES) {
        expectError(await sessions[source].request({ method: 'POST', url: '/api/audiences/count', payload, context: 'acme/us' }), 400, 'VALIDATION_FAILED', message);
      }
    });

    it('refuses a body that is not JSON with 400', async () => {
      const res = await analyst.request({ method: 'POST', url: '/api/audiences/count', payload: '{"rules": {"include":', headers: { 'content-type': 'application/json' }, context: 'acme/us' });
      expectError(res, 400, 'BAD_REQUEST');
      const none = await analyst.request({ method: 'POST', url: '/api/audiences/count', context: 'acme/us' });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.code).toMatch(/^(BAD_REQUEST|VALIDATION_FAILED)$/);
    });

    it('refuses a missing X-Context with 400, a client-only one with 400, and another client\'s with 403', async () => {
      for (const q of questions([big[0]!])) {
        const send = (context?: string) => analyst.request({ method: 'POST', url: q.url, payload: q.payload, ...(context ? { context } : {}) });
        expectError(await send(), 400, 'BAD_REQUEST', 'This request needs an X-Context header naming client/region/brand/product.');
        expectError(await send('acme'), 400, 'BAD_REQUEST', 'This request needs an X-Context with 2 levels; "acme" has 1.');
        expectError(await send('globex/us'), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
        expectError(await send('acme/nz'), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
      }
      expectError(await viewer.request({ method: 'POST', url: '/api/audiences/count', payload: { rules: { include: { and: [[big[0]!]] } } }, context: 'acme/us' }), 403, 'CONTEXT_FORBIDDEN');
    });

    it('refuses a caller without a session with 401, and a write without the CSRF token with 403', async () => {
      for (const q of questions([big[0]!])) {
        expectError(await app.inject({ method: 'POST', url: q.url, payload: q.payload, headers: { 'x-context': 'acme/us' } }), 401, 'UNAUTHENTICATED');
        expectError(await analyst.request({ method: 'POST', url: q.url, payload: q.payload, context: 'acme/us', noCsrf: true }), 403, 'CSRF_INVALID');
      }
      for (const url of ['/api/segments?region=us', '/api/insights/categories']) {
        expectError(await app.inject({ method: 'GET', url, headers: { 'x-context': 'acme/us' } }), 401, 'UNAUTHENTICATED');
      }
    });

    it('needs audiences read for counts, widgets and segments', async () => {
      const [viewerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
      const where = and(eq(rolePermissions.roleId, Number(viewerRole?.id)), eq(rolePermissions.resource, 'audiences'));
      const globexId = globexSegments.find((s) => !s.deleted)!.id;
      await db.update(rolePermissions).set({ canRead: false }).where(where);
      try {
        for (const url of ['/api/audiences/count', '/api/insights/widgets']) {
          const res = await viewer.request({ method: 'POST', url, payload: { rules: { include: { and: [[globexId]] } }, category: 'Age' }, context: 'globex/us' });
          expectError(res, 403, 'FORBIDDEN', `${TEXT.permissionDenied} (audiences: read)`);
        }
        expectError(await viewer.request({ method: 'GET', url: '/api/segments?region=us', context: 'globex' }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (audiences: read)`);
      } finally {
        await db.update(rolePermissions).set({ canRead: true }).where(where);
      }
    });

    it('refuses every question for a region without audience data (acme/au) with 503 DATA_NOT_READY', async () => {
      const results = [];
      for (const source of SOURCES) {
        for (const q of questions([big[0]!])) {
          const res = await sessions[source].request({ method: 'POST', url: q.url, payload: q.payload, context: 'acme/au' });
          const error = res.json().error as { code?: string; message?: string } | undefined;
          results.push({ what: `${source} ${q.url}`, status: res.statusCode, code: error?.code, saysNoData: /no audience data/i.test(error?.message ?? '') });
        }
      }
      expect(results).toEqual(results.map(({ what }) => ({ what, status: 503, code: 'DATA_NOT_READY', saysNoData: true })));
    });
  });

  // ---- the per-request time limit --------------------------------------------------------

  describe('the per-request time limit', async () => {
    // A second app on the same database whose engines stop any question after 1 ms.
    const limited = await buildAppOn(database, { ENGINE_TIME_LIMIT_MS: '1', DEMO_PEOPLE: '0' });
    await limited.data.start();
    await limited.data.whenIdle();

    it('stops an es (SQL) question past ENGINE_TIME_LIMIT_MS with 503 TIME_LIMIT', async () => {
      const s = await login(limited, ANALYST);
      expect((await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } })).statusCode).toBe(200);
      // 20 OR-groups of 500 ids each: far more than a millisecond of SQL.
      const ids = live.map((x) => x.id);
      const group = Array.from({ length: 500 }, (_, i) => ids[i % ids.length]!);
      const rules = { include: { and: Array.from({ length: 20 }, () => group) }, exclude: [big[0]!] };
      const res = await s.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context: 'acme/us' });
      const body = expectError(res, 503, 'TIME_LIMIT', 'The count took longer than 0.001 s and was stopped. Narrow the audience and try again.');
      expect(body.error.message).toContain('took longer than');
      // The app with the default limit answers the same question.
      expect(await countOf(rules)).toBe(o.audience(rules).size);
    });

    describe('the bitmap engine', () => {
      // The small question must answer within it on a loaded two-core machine (at 200 ms its first
      // count after a load failed a clean run, issue 28); the heavy one is seconds of work past it.
      const LIMIT_MS = 1_000;
      const engine = new BitmapEngine(LIMIT_MS);
      afterAll(() => engine.close());
      let restarts = 0;
      engine.onRestart = () => restarts++;
      const N = 1 << 22;
      /** Every k-th person from 0, k = 2..11: dense sets that do not compress to runs. */
      const strided = (k: number) => {
        const ids = new Uint32Array(Math.ceil(N / k));
        for (let i = 0; i < ids.length; i++) ids[i] = i * k;
        return new RoaringBitmap32(ids);
      };
      const load = async (region: number) => {
        await engine.begin(region, N);
        for (let k = 2; k <= 41; k++) await engine.setBitmap(region, 'segment', k, strided(k));
        await engine.commit(region);
      };
      const small: AudienceRules = { include: { and: [[2], [3]] }, exclude: [5], values: [] };
      // Multiples of 6 below N, without the multiples of 30.
      const smallCount = Math.ceil(N / 6) - Math.ceil(N / 30);

      it('answers within the limit, stops a question past it with TimeLimitError, and answers again once reloaded', async () => {
        await load(1);
        expect(await engine.count(1, small)).toBe(smallCount);
        // Forty audiences of 20 OR-groups of ~500 large sets, every group a different set of
        // segments (the engine keeps unions it has built, so repeats would be cheap): 800 unions
        // of 38 dense sets, seconds of work, far past the limit. (The groups of the five audiences
        // this asked before left out two ids that depended on j % 40 alone: 40 unions, under a
        // second, which passed a limit of 200 ms but not one that a loaded machine can keep.)
        const group = (j: number) => {
          const left = [j % 40, (j % 40) + 1 + (Math.floor(j / 40) % 39)].map((n) => 2 + (n % 40));
          return Array.from({ length: 500 }, (_, i) => 2 + (i % 40)).filter((id) => !left.includes(id));
        };
        const heavy = (a: number): AudienceRules => ({ include: { and: Array.from({ length: 20 }, (_, g) => group(a * 20 + g)) }, exclude: [11], values: [] });
        const started = performance.now();
        const stopped = engine.overlap(1, Array.from({ length: 40 }, (_, a) => heavy(a)));
        // A question queued behind it fails too, rather than hanging.
        const queued = engine.count(1, small);
        await expect(stopped).rejects.toBeInstanceOf(TimeLimitError);
        await expect(stopped).rejects.toThrow(`The count took longer than ${LIMIT_MS / 1000} s and was stopped.`);
        await expect(queued).rejects.toBeInstanceOf(TimeLimitError);
        expect(performance.now() - started).toBeLessThan(LIMIT_MS + 2000);
        await vi.waitFor(() => expect(restarts).toBe(1), { timeout: 10_000 });
        // The new worker starts empty: the owner must load the data again.
        await engine.memory();
        await expect(engine.count(1, small)).rejects.toThrow('Client region 1 is not loaded');
        await load(1);
        expect(await engine.count(1, small)).toBe(smallCount);
        expect(await engine.overlap(1, [small, { include: { and: [[4]] }, exclude: [], values: [] }])).toEqual({
          sizes: [smallCount, Math.ceil(N / 4)],
          pairs: [{ a: 0, b: 1, count: Math.ceil(N / 12) - Math.ceil(N / 60) }],
        });
        expect(restarts).toBe(1);
      });
    });
  });
});
