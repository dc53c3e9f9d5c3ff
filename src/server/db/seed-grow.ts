import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from './client';
import { clientRegions, clients, markets, mekkos, regions, subMarkets, tvCountSettings } from './schema';
import { buildCatalog, catalogSeedOf, SHORT_ID_SPAN, type SegmentDefinition } from '../engine/generator/generator';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { DEMO_GROW_CHARTS, DEMO_GROW_SEGMENT_POOL, DEMO_MARKET_LEVEL_ONLY, DEMO_TV_COUNT_SETTINGS, type DemoGrowChart } from './demo-grow';

export async function clientRegionIdOf(tx: Executor, client: string, region: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: clientRegions.id })
    .from(clientRegions)
    .innerJoin(clients, eq(clients.id, clientRegions.clientId))
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clients.slug, client), eq(regions.slug, region)));
  return row?.id ?? null;
}

type Role = 'matched' | 'modeled' | 'deleted';

/** Which generated segments may play each role: regular-sized ones only, so counts are meaningful. */
const FITS: Record<Role, (s: SegmentDefinition) => boolean> = {
  matched: (s) => s.kind === 'regular' && !s.deleted && s.vendorType !== 'modeled',
  modeled: (s) => s.kind === 'regular' && !s.deleted && s.vendorType === 'modeled',
  deleted: (s) => s.kind === 'regular' && s.deleted,
};

const leafOf = (s: SegmentDefinition) => s.pathParts[s.pathParts.length - 1] ?? '';

/**
 * The client region's segments as its generated data will have them (same catalogue seed and
 * short id base as the population seeder), and a picker over them: the segment whose leaf is
 * named when one fits the role, else the next unused one that does.
 */
export function segmentPicker(client: string, clientRegionId: number) {
  const { segments } = buildCatalog({ people: 1, segments: DEMO_GROW_SEGMENT_POOL, seed: 'x', catalogSeed: catalogSeedOf(client), shortIdBase: clientRegionId * SHORT_ID_SPAN });
  const used = new Set<number>();
  return (role: Role, leaf: string): number => {
    const fitting = segments.filter(FITS[role]);
    const found = fitting.find((s) => leafOf(s) === leaf || leafOf(s).endsWith(` ${leaf}`)) ?? fitting.find((s) => !used.has(s.shortId)) ?? fitting[0];
    if (!found) throw new Error(`seed: no ${role} segment among the first ${DEMO_GROW_SEGMENT_POOL} of ${client}`);
    used.add(found.shortId);
    return found.shortId;
  };
}

/** Writes one chart unless its scope already has a chart of that name; the default only where there is none. */
async function seedChart(tx: Executor, chart: DemoGrowChart): Promise<boolean> {
  const scope = await findProductScope(tx, chart);
  const clientRegionId = await clientRegionIdOf(tx, chart.client, chart.region);
  if (!scope || clientRegionId === null) return false;
  const inScope = and(eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId));
  const [named] = await tx.select({ id: mekkos.id }).from(mekkos).where(and(inScope, sql`lower(btrim(${mekkos.name})) = lower(btrim(${chart.name}))`));
  if (named) return false;
  const [hasDefault] = await tx.select({ id: mekkos.id }).from(mekkos).where(and(inScope, eq(mekkos.isDefault, true)));

  const pick = segmentPicker(chart.client, clientRegionId);
  const [mekko] = await tx
    .insert(mekkos)
    .values({ ...scope, name: chart.name, isDefault: chart.default && !hasDefault, measurementLabel: chart.measurementLabel })
    .returning({ id: mekkos.id });
  if (!mekko) throw new Error('seed: a chart it just wrote is missing');
  for (const [position, market] of chart.markets.entries()) {
    const [row] = await tx.insert(markets).values({ mekkoId: mekko.id, name: market.name, position }).returning({ id: markets.id });
    if (!row) throw new Error('seed: a market it just wrote is missing');
    await tx.insert(subMarkets).values(market.audiences.map((a, i) => ({
      mekkoId: mekko.id,
      marketId: row.id,
      name: a.name,
      tag: a.tag,
      position: i,
      population: a.population,
      matchedShortId: a.deletedMatched !== undefined ? pick('deleted', a.deletedMatched) : a.matched !== undefined ? pick('matched', a.matched) : null,
      modeledShortId: a.modeled === null ? null : pick('modeled', a.modeled),
    })));
  }
  return true;
}

/** The demo's Grow charts, TV count settings and market-level-only regions; running it again changes nothing. */
export async function seedGrowDemo(tx: Executor): Promise<boolean> {
  let wrote = false;
  for (const s of DEMO_TV_COUNT_SETTINGS) {
    const clientRegionId = await clientRegionIdOf(tx, s.client, s.region);
    if (clientRegionId === null) continue;
    const rows = await tx
      .insert(tvCountSettings)
      .values({ clientRegionId, minimum: s.minimum, maximum: s.maximum, nPids: s.nPids, constant: s.constant })
      .onConflictDoNothing()
      .returning({ id: tvCountSettings.clientRegionId });
    wrote ||= rows.length > 0;
  }
  for (const r of DEMO_MARKET_LEVEL_ONLY) {
    const clientRegionId = await clientRegionIdOf(tx, r.client, r.region);
    if (clientRegionId !== null) await tx.update(clientRegions).set({ marketLevelOnly: true }).where(eq(clientRegions.id, clientRegionId));
  }
  for (const chart of DEMO_GROW_CHARTS) wrote = (await seedChart(tx, chart)) || wrote;
  return wrote;
}

/**
 * For a database seeded before Grow existed: its charts are written when it has none at all
 * (a database whose charts were all deleted gets the demo's back; one with any chart is left alone).
 */
export async function seedGrowDemoIfEmpty(db: Db): Promise<boolean> {
  // Runs on every start: one index-sized probe, not a count of every chart.
  const [any] = await db.select({ id: mekkos.id }).from(mekkos).limit(1);
  if (any) return false;
  return db.transaction((tx) => seedGrowDemo(tx));
}
