import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { mekkoListResponseSchema, mekkoResponseSchema, type Mekko } from '../../src/shared/schemas/grow';
import { auditLog, clients, discussionClusterNodes, segments, snapshots, snapshotsSubMarkets } from '../../src/server/db/schema';
import { ACME_PRODUCT, apiKit, type Session, type TestAppOptions, type Write } from './helper';
import { clientRegionIdOf } from './population';
import { strict } from './support';

/** What the Grow API test files share: a fresh app, three sessions, request helpers and acme/us's segments. */
export async function growKit(options: TestAppOptions = {}) {
  const { app, database, db, admin, analyst, viewer, send, get, usSegments, globexSegments } = await apiKit(options);

  const chartOf = (res: LightMyRequestResponse): Mekko => {
    expect(res.statusCode, res.body).toBe(200);
    return strict(mekkoResponseSchema).parse(res.json()).data;
  };
  const list = async (context = ACME_PRODUCT, s: Session = admin) => {
    const res = await get('/api/mekkos', s, context);
    expect(res.statusCode, res.body).toBe(200);
    return strict(mekkoListResponseSchema).parse(res.json()).data;
  };
  const read = async (id: number, context = ACME_PRODUCT) => chartOf(await get(`/api/mekkos/${id}`, admin, context));

  const create = (body: object, s: Session = admin, extra: Write = {}) => send(s, { method: 'POST', url: '/api/mekkos', payload: body, ...extra });
  const update = (chart: Mekko, change: Record<string, unknown> = {}, s = admin, context = ACME_PRODUCT) =>
    send(s, {
      method: 'PUT',
      url: `/api/mekkos/${chart.id}`,
      payload: { name: chart.name, default: chart.default, measurement_label: chart.measurement_label, count_type: chart.count_type, version: chart.version, ...change },
      context,
    });
  const copy = (id: number, body: object = {}, s = admin, context = ACME_PRODUCT) => send(s, { method: 'POST', url: `/api/mekkos/${id}/copy`, payload: body, context });
  const remove = (id: number, version: number, s = admin, context = ACME_PRODUCT) => send(s, { method: 'DELETE', url: `/api/mekkos/${id}?version=${version}`, context });
  let made = 0;
  /** A blank chart with a name no other test uses. */
  const newChart = async (extra: Record<string, unknown> = {}, context = ACME_PRODUCT) =>
    chartOf(await create({ name: `Chart ${++made} ${randomUUID().slice(0, 8)}`, ...extra }, admin, { context }));

  const addMarket = (chart: { id: number; version: number }, name: string, extra: Record<string, unknown> = {}, s: Session = admin, w: Write = {}) =>
    send(s, { method: 'POST', url: `/api/mekkos/${chart.id}/markets`, payload: { name, version: chart.version, ...extra }, ...w });
  const addAudience = (chart: { id: number; version: number }, marketId: number, body: Record<string, unknown>, s: Session = admin, w: Write = {}) =>
    send(s, { method: 'POST', url: `/api/mekkos/${chart.id}/markets/${marketId}/audiences`, payload: { population: 0, version: chart.version, ...body }, ...w });

  /** A chart with markets of audiences: `shape` holds each market's audience bodies. */
  const buildChart = async (shape: Record<string, Record<string, unknown>[]>, extra: Record<string, unknown> = {}) => {
    let chart = await newChart(extra);
    for (const [name, audiences] of Object.entries(shape)) {
      chart = chartOf(await addMarket(chart, name));
      const marketId = chart.markets.at(-1)!.id;
      for (const audience of audiences) chart = chartOf(await addAudience(chart, marketId, audience));
    }
    return chart;
  };

  const live = usSegments.filter((s) => !s.deleted);
  const liveMatched = live.filter((s) => s.vendor_type !== 'modeled');
  const liveModeled = live.filter((s) => s.vendor_type === 'modeled');
  let taken = 0;
  const usedSegments = new Set<number>();
  /** A live acme/us segment no other test of the file uses (so marking it deleted disturbs no one). */
  const freshSegment = (kind: 'matched' | 'modeled' | 'any' = 'any') => {
    const pool = kind === 'matched' ? liveMatched : kind === 'modeled' ? liveModeled : live;
    const found = pool.find((s) => !usedSegments.has(s.id));
    if (!found) throw new Error(`no unused ${kind} segment left (${taken} taken)`);
    usedSegments.add(found.id);
    taken++;
    return found;
  };
  const acmeUs = await clientRegionIdOf(db, 'acme', 'us');
  const setDeleted = (shortId: number, deleted: boolean) => db.update(segments).set({ deleted }).where(eq(segments.shortId, shortId));

  /** A prediction model over the chart holding these audiences. */
  const addSnapshot = async (mekkoId: number, audienceIds: number[]) => {
    const [snapshot] = await db.insert(snapshots).values({ mekkoId }).returning();
    if (!snapshot) throw new Error('no snapshot');
    await db.insert(snapshotsSubMarkets).values(audienceIds.map((subMarketId) => ({ snapshotId: snapshot.id, subMarketId, currentConfidence: 0.5 })));
    return snapshot.id;
  };
  const modelRows = (snapshotId: number) => db.select().from(snapshotsSubMarkets).where(eq(snapshotsSubMarkets.snapshotId, snapshotId)).orderBy(asc(snapshotsSubMarkets.subMarketId));
  const refreshedAt = async (snapshotId: number) => (await db.select().from(snapshots).where(eq(snapshots.id, snapshotId)))[0]?.refreshedAt ?? null;

  const audits = (mekkoId: number) =>
    db.select().from(auditLog).where(and(like(auditLog.action, 'grow.%'), eq(auditLog.target, `mekko:${mekkoId}`))).orderBy(asc(auditLog.id));

  /** A discussion cluster node of a client (acme by default), for an audience to name. */
  const discussionNode = async (client = 'acme') => {
    const [owner] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, client));
    const [node] = await db.insert(discussionClusterNodes).values({ clientId: owner!.id, name: `Talk ${randomUUID()}` }).returning();
    return node!.id;
  };

  return {
    app, database, db, admin, analyst, viewer, send, get, chartOf, list, read, create, update, copy, remove, newChart, addMarket, addAudience, buildChart,
    usSegments, globexSegments, live, liveMatched, liveModeled, freshSegment, acmeUs, setDeleted, addSnapshot, modelRows, refreshedAt, audits, discussionNode,
  };
}
