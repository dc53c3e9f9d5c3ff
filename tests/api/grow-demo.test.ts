import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mekkoListResponseSchema } from '../../src/shared/schemas/grow';
import { DEMO_GROW_CHARTS, DEMO_GROW_SEGMENT_POOL } from '../../src/server/db/demo-grow';
import { clientRegions, clients, markets, mekkos, regions, segments, subMarkets, tvCountSettings, vendors } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed';
import { seedGrowDemo, seedGrowDemoIfEmpty } from '../../src/server/db/seed-grow';
import { SHORT_ID_SPAN } from '../../src/server/engine/generator/generator';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { ACME_PRODUCT, ADMIN, DEMO_PASSWORD, buildTestApp, login } from './helper';
import { clientRegionIdOf } from './population';

describe('the Grow demo data', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const acmeUs = await clientRegionIdOf(db, 'acme', 'us');

  /** A product's charts with their markets and audiences, in order, as the database has them. */
  const chartsOf = async (product: string) => {
    const scope = await findProductScope(db, { client: 'acme', region: 'us', brand: 'fizz-cola', product });
    const charts = await db.select().from(mekkos).where(and(eq(mekkos.productId, scope!.productId), eq(mekkos.regionId, scope!.regionId))).orderBy(asc(mekkos.id));
    return Promise.all(charts.map(async (chart) => {
      const marketRows = await db.select().from(markets).where(eq(markets.mekkoId, chart.id)).orderBy(asc(markets.position));
      const audienceRows = await db.select().from(subMarkets).where(eq(subMarkets.mekkoId, chart.id)).orderBy(asc(subMarkets.position));
      return { ...chart, markets: marketRows.map((m) => ({ ...m, audiences: audienceRows.filter((a) => a.marketId === m.id) })) };
    }));
  };
  /** The acme/us segments the test population generated, by short id, with their vendor type. */
  const segmentRows = await db
    .select({ id: segments.shortId, deleted: segments.deleted, people: segments.peopleCount, vendorType: vendors.vendorType })
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(eq(segments.clientRegionId, acmeUs));
  const segmentOf = new Map(segmentRows.map((s) => [s.id, s]));
  const audiencesOf = (chart: Awaited<ReturnType<typeof chartsOf>>[number]) => chart.markets.flatMap((m) => m.audiences);

  it('gives fizz-original in acme/us two charts, the market map the default', async () => {
    const charts = await chartsOf('fizz-original');
    expect(charts.map((c) => [c.name, c.isDefault])).toEqual([['Fizz Original Market Map', true], ['Summer Reach Planner', false]]);
    const [map, summer] = charts as [typeof charts[number], typeof charts[number]];
    expect(map.markets).toHaveLength(5);
    for (const m of map.markets) expect(m.audiences.length >= 2 && m.audiences.length <= 5, m.name).toBe(true);
    expect(summer.markets).toHaveLength(4);
    for (const m of summer.markets) expect(m.audiences.length >= 2 && m.audiences.length <= 4, m.name).toBe(true);
    for (const chart of charts) {
      expect(chart.markets.map((m) => m.position)).toEqual(chart.markets.map((_, i) => i));
      for (const m of chart.markets) expect(m.audiences.map((a) => a.position)).toEqual(m.audiences.map((_, i) => i));
      const all = audiencesOf(chart);
      expect(new Set(all.map((a) => a.tag))).toEqual(new Set(['owned', 'opportunity', 'none']));
      for (const a of all) expect(a.population).toBeGreaterThanOrEqual(1_000_000);
    }
  });

  it('attaches live regular segments from the first 60: matched non-modeled, modeled from the modeled vendor', async () => {
    const [map] = await chartsOf('fizz-original');
    const all = audiencesOf(map!);
    const firstId = acmeUs * SHORT_ID_SPAN + 1;
    for (const a of all) {
      const matched = segmentOf.get(a.matchedShortId!);
      expect(matched, a.name).toBeDefined();
      expect(a.matchedShortId! - firstId).toBeLessThan(DEMO_GROW_SEGMENT_POOL);
      expect(matched).toMatchObject({ deleted: false });
      expect(matched!.vendorType).not.toBe('modeled');
      expect(matched!.people).toBeGreaterThan(0);
      if (a.modeledShortId !== null) expect(segmentOf.get(a.modeledShortId)).toMatchObject({ deleted: false, vendorType: 'modeled' });
    }
    expect(all.filter((a) => a.modeledShortId !== null).length).toBeGreaterThan(all.length / 2);
  });

  it('makes the invalid-chart path real: exactly one summer audience has a deleted matched segment', async () => {
    const [map, summer] = await chartsOf('fizz-original');
    const invalid = (chart: typeof map) => audiencesOf(chart!).filter((a) =>
      [a.matchedShortId, a.modeledShortId].some((id) => id !== null && (segmentOf.get(id)?.deleted ?? true)));
    expect(invalid(map)).toEqual([]);
    expect(invalid(summer).map((a) => a.name)).toEqual(['Podcast Listeners']);
    expect(segmentOf.get(invalid(summer)[0]!.matchedShortId!)?.deleted).toBe(true);
  });

  it('says the same through GET /api/mekkos', async () => {
    const admin = await login(app, ADMIN);
    const res = await admin.request({ method: 'GET', url: '/api/mekkos', context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    const charts = mekkoListResponseSchema.parse(res.json()).data;
    expect(charts.map((c) => [c.name, c.default, c.invalid_audience_count])).toEqual([
      ['Fizz Original Market Map', true, 0],
      ['Summer Reach Planner', false, 1],
    ]);
  });

  it('gives fizz-zero a small default chart of its own', async () => {
    const charts = await chartsOf('fizz-zero');
    expect(charts.map((c) => [c.name, c.isDefault, c.markets.length])).toEqual([['Fizz Zero Launch', true, 2]]);
  });

  it('seeds TV count settings for acme/us and acme/au, and makes acme/au market level only', async () => {
    const rows = await db
      .select({ region: regions.slug, minimum: tvCountSettings.minimum, maximum: tvCountSettings.maximum, nPids: tvCountSettings.nPids, constant: tvCountSettings.constant })
      .from(tvCountSettings)
      .innerJoin(clientRegions, eq(clientRegions.id, tvCountSettings.clientRegionId))
      .innerJoin(regions, eq(regions.id, clientRegions.regionId))
      .orderBy(asc(regions.slug));
    expect(rows).toEqual([
      { region: 'au', minimum: 210, maximum: 500_000, nPids: 4_000, constant: 1 },
      { region: 'us', minimum: 50, maximum: 2_000_000, nPids: 12_000, constant: 1 },
    ]);
    const marketLevelOnly = await db
      .select({ client: clients.slug, region: regions.slug })
      .from(clientRegions)
      .innerJoin(clients, eq(clients.id, clientRegions.clientId))
      .innerJoin(regions, eq(regions.id, clientRegions.regionId))
      .where(eq(clientRegions.marketLevelOnly, true));
    expect(marketLevelOnly).toEqual([{ client: 'acme', region: 'au' }]);
  });

  it('is idempotent, and seeds a database that predates Grow when it has no chart at all', async () => {
    const counts = async () => ({
      charts: (await db.select({ id: mekkos.id }).from(mekkos)).length,
      markets: (await db.select({ id: markets.id }).from(markets)).length,
      audiences: (await db.select({ id: subMarkets.id }).from(subMarkets)).length,
      tv: (await db.select({ id: tvCountSettings.clientRegionId }).from(tvCountSettings)).length,
    });
    const before = await counts();
    const expected = DEMO_GROW_CHARTS.reduce((n, c) => n + c.markets.reduce((k, m) => k + m.audiences.length, 0), 0);
    expect(before).toEqual({ charts: DEMO_GROW_CHARTS.length, markets: DEMO_GROW_CHARTS.reduce((n, c) => n + c.markets.length, 0), audiences: expected, tv: 2 });
    expect(await db.transaction((tx) => seedGrowDemo(tx))).toBe(false);
    expect(await seedGrowDemoIfEmpty(db)).toBe(false);
    expect(await seedDemo(db, DEMO_PASSWORD)).toBe(false);
    expect(await counts()).toEqual(before);

    // With every chart gone (as in a database seeded before Grow), the next start writes the same charts again.
    const shape = async () => (await chartsOf('fizz-original')).map((c) => ({
      name: c.name, isDefault: c.isDefault, markets: c.markets.map((m) => [m.name, m.audiences.map((a) => [a.name, a.tag, a.matchedShortId, a.modeledShortId])]),
    }));
    const original = await shape();
    await db.delete(mekkos).where(inArray(mekkos.id, (await db.select({ id: mekkos.id }).from(mekkos)).map((r) => r.id)));
    expect(await seedDemo(db, DEMO_PASSWORD)).toBe(true);
    expect(await counts()).toEqual(before);
    expect(await shape()).toEqual(original);
  });
});
