import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { snapshotListResponseSchema, snapshotResponseSchema } from '../../src/shared/schemas/grow';
import { auditLog, markets, mekkos, snapshots, snapshotsSubMarkets, subMarkets } from '../../src/server/db/schema';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { refreshModelsFor } from '../../src/server/modules/snapshots/model-refresh';
import { SNAPSHOT_MESSAGES } from '../../src/server/modules/snapshots/snapshot-service';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict, userId } from './support';

const ZERO_PRODUCT = 'acme/us/fizz-cola/fizz-zero';
const INITECH_PRODUCT = 'initech/us/red-stapler/stapler';

describe('snapshots (prediction models)', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const adminId = await userId(database, ADMIN);

  /** A demo chart's id and its audience ids, by name. */
  const chartOf = async (name: string) => {
    const [chart] = await db.select({ id: mekkos.id }).from(mekkos).where(eq(mekkos.name, name));
    if (!chart) throw new Error(`no chart ${name}`);
    const audiences = await db.select({ id: subMarkets.id }).from(subMarkets).where(eq(subMarkets.mekkoId, chart.id)).orderBy(asc(subMarkets.id));
    return { id: chart.id, audiences: audiences.map((a) => a.id) };
  };
  const map = await chartOf('Fizz Original Market Map');
  const summer = await chartOf('Summer Reach Planner');
  const zero = await chartOf('Fizz Zero Launch');

  // A chart of another tenant, written here (the demo gives globex none).
  const globexScope = await findProductScope(db, { client: 'globex', region: 'us', brand: 'globex-auto', product: 'roadster' });
  const [globexChart] = await db.insert(mekkos).values({ ...globexScope!, name: 'Roadster Buyers' }).returning({ id: mekkos.id });
  const [globexMarket] = await db.insert(markets).values({ mekkoId: globexChart!.id, name: 'Drivers', position: 0 }).returning({ id: markets.id });
  const [globexAudience] = await db
    .insert(subMarkets)
    .values({ mekkoId: globexChart!.id, marketId: globexMarket!.id, name: 'Commuters', position: 0, population: 1_000_000 })
    .returning({ id: subMarkets.id });

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string | null };
  const send = (s: Session, { key, context = ACME_PRODUCT, ...opts }: Write) =>
    s.request({ ...opts, context, headers: key === null ? {} : { 'x-request-id': key ?? randomUUID() } });
  const create = (mekkoId: number, items: { sub_market_id: number; current_confidence: number }[], s = admin, extra: Write = {}) =>
    send(s, { method: 'POST', url: '/api/snapshots', payload: { snapshot: { mekko_id: mekkoId, snapshots_sub_markets: items } }, ...extra });
  const remove = (id: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/snapshots/${id}`, ...extra });
  const setConfidence = (snapshotId: number, subMarketId: number, confidence: number, s = admin, extra: Write = {}) =>
    send(s, {
      method: 'POST',
      url: '/api/snapshots/update_current_confidence',
      payload: { snapshots_sub_market: { snapshot_id: snapshotId, sub_market_id: subMarketId, current_confidence: confidence } },
      ...extra,
    });
  const get = (id: number, s = admin, context = ACME_PRODUCT) => s.request({ method: 'GET', url: `/api/snapshots/${id}`, context });
  const list = (mekkoId: number, s = admin, context = ACME_PRODUCT) => s.request({ method: 'GET', url: `/api/snapshots?mekko_id=${mekkoId}`, context });
  const snapshotOf = (res: { json(): unknown }) => strict(snapshotResponseSchema).parse(res.json()).data;
  const listOf = (res: { json(): unknown }) => strict(snapshotListResponseSchema).parse(res.json()).data;
  const audits = (id: number) =>
    db.select().from(auditLog).where(and(like(auditLog.action, 'snapshot.%'), eq(auditLog.target, `snapshot:${id}`))).orderBy(asc(auditLog.id));
  const state = async () => ({
    snapshots: await db.select().from(snapshots).orderBy(asc(snapshots.id)),
    rows: await db.select().from(snapshotsSubMarkets).orderBy(asc(snapshotsSubMarkets.snapshotId), asc(snapshotsSubMarkets.subMarketId)),
    audits: (await db.select({ id: auditLog.id }).from(auditLog).where(like(auditLog.action, 'snapshot.%'))).length,
  });
  const [a1, a2, a3] = map.audiences as [number, number, number];

  it('creates a snapshot, reads it alone and in the chart\'s list (newest first), and audits it', async () => {
    const key = randomUUID();
    const res = await create(map.id, [{ sub_market_id: a2, current_confidence: 0.25 }, { sub_market_id: a1, current_confidence: 1 }], admin, { key });
    expect(res.statusCode, res.body).toBe(200);
    const made = snapshotOf(res);
    expect(made).toEqual({
      id: expect.any(Number),
      mekko_id: map.id,
      snapshots_sub_markets: [
        { snapshot_id: made.id, sub_market_id: a1, current_confidence: 1 },
        { snapshot_id: made.id, sub_market_id: a2, current_confidence: 0.25 },
      ],
      refreshed_at: null,
      created_at: expect.any(String),
    });
    expect(snapshotOf(await get(made.id))).toEqual(made);

    const newer = snapshotOf(await create(map.id, [{ sub_market_id: a3, current_confidence: 0 }]));
    const listed = await list(map.id);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listOf(listed).slice(0, 2)).toEqual([newer, made]);
    expect(listOf(await list(summer.id))).toEqual([]);

    const [row] = await db.select().from(snapshots).where(eq(snapshots.id, made.id));
    expect(row?.createdBy).toBe(adminId);
    const [audit] = await audits(made.id);
    expect(audit).toMatchObject({ action: 'snapshot.create', actorUserId: adminId, actingAsUserId: null, requestId: key, details: { mekko_id: map.id, sub_markets: 2 } });
  });

  it('answers a resent create with the first answer and makes nothing more; a key reused for another body is 422', async () => {
    const key = randomUUID();
    const first = await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }], admin, { key });
    expect(first.statusCode, first.body).toBe(200);
    const before = await state();
    const again = await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }], admin, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await state()).toEqual(before);
    expectError(await create(map.id, [{ sub_market_id: a1, current_confidence: 0.6 }], admin, { key }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await create(map.id, [], admin, { key: null }), 400, 'REQUEST_ID_REQUIRED');
    expect(await state()).toEqual(before);
  });

  it('sets a confidence, adding the audience when the snapshot had none for it, idempotently', async () => {
    const made = snapshotOf(await create(map.id, [{ sub_market_id: a1, current_confidence: 0.1 }]));
    const changed = await setConfidence(made.id, a1, 0.9);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(snapshotOf(changed).snapshots_sub_markets).toEqual([{ snapshot_id: made.id, sub_market_id: a1, current_confidence: 0.9 }]);

    const key = randomUUID();
    const added = await setConfidence(made.id, a3, 0.4, admin, { key });
    expect(added.statusCode, added.body).toBe(200);
    expect(snapshotOf(added)).toEqual({
      ...made,
      snapshots_sub_markets: [
        { snapshot_id: made.id, sub_market_id: a1, current_confidence: 0.9 },
        { snapshot_id: made.id, sub_market_id: a3, current_confidence: 0.4 },
      ],
    });
    const before = await state();
    const replayed = await setConfidence(made.id, a3, 0.4, admin, { key });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(added.json());
    expect(await state()).toEqual(before);
    expect(snapshotOf(await get(made.id))).toEqual(snapshotOf(added));
    expect((await audits(made.id)).map((a) => [a.action, a.details])).toEqual([
      ['snapshot.create', { mekko_id: map.id, sub_markets: 1 }],
      ['snapshot.confidence', { mekko_id: map.id, sub_market_id: a1, current_confidence: 0.9, previous: 0.1 }],
      ['snapshot.confidence', { mekko_id: map.id, sub_market_id: a3, current_confidence: 0.4, previous: null }],
    ]);
  });

  it('deletes a snapshot, answering it as it was; it is then gone (404), and a resend gets the first answer', async () => {
    const made = snapshotOf(await create(map.id, [{ sub_market_id: a2, current_confidence: 0.7 }]));
    const key = randomUUID();
    const gone = await remove(made.id, admin, { key });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(snapshotOf(gone)).toEqual(made);
    const message = SNAPSHOT_MESSAGES.notFound(made.id);
    expect(message).toBe(`There is no snapshot ${made.id} in this product and region: it may have been deleted.`);
    expectError(await get(made.id), 404, 'NOT_FOUND', message);
    expect(listOf(await list(map.id)).map((s) => s.id)).not.toContain(made.id);
    expect(await db.select().from(snapshotsSubMarkets).where(eq(snapshotsSubMarkets.snapshotId, made.id))).toEqual([]);

    const replayed = await remove(made.id, admin, { key });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(gone.json());
    expectError(await remove(made.id), 404, 'NOT_FOUND', message);
    expectError(await setConfidence(made.id, a2, 0.1), 404, 'NOT_FOUND', message);
    expect((await audits(made.id)).map((a) => a.action)).toEqual(['snapshot.create', 'snapshot.delete']);
  });

  it('refuses audiences that are not the chart\'s, or named twice, with 422 naming each entry', async () => {
    const made = snapshotOf(await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }]));
    const before = await state();
    const [s1, s2] = summer.audiences as [number, number];
    const other = await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }, { sub_market_id: s1, current_confidence: 0.5 }, { sub_market_id: s2, current_confidence: 0.2 }]);
    const twoMessage = `Audiences ${s1}, ${s2} are not audiences of chart ${map.id}.`;
    expect(expectError(other, 422, 'VALIDATION_FAILED', twoMessage).error.details).toEqual([
      { path: 'body.snapshot.snapshots_sub_markets.1.sub_market_id', message: twoMessage },
      { path: 'body.snapshot.snapshots_sub_markets.2.sub_market_id', message: twoMessage },
    ]);
    const oneMessage = `Audience ${globexAudience!.id} is not an audience of chart ${map.id}.`;
    expectError(await create(map.id, [{ sub_market_id: globexAudience!.id, current_confidence: 0.5 }]), 422, 'VALIDATION_FAILED', oneMessage);
    expectError(await create(map.id, [{ sub_market_id: 2_000_000_000, current_confidence: 0.5 }]), 422, 'VALIDATION_FAILED', `Audience 2000000000 is not an audience of chart ${map.id}.`);

    const twice = await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }, { sub_market_id: a2, current_confidence: 0.5 }, { sub_market_id: a1, current_confidence: 0.3 }]);
    const twiceMessage = `Audience ${a1} is named more than once: a snapshot holds one confidence per audience.`;
    expect(expectError(twice, 422, 'VALIDATION_FAILED', twiceMessage).error.details).toEqual([
      { path: 'body.snapshot.snapshots_sub_markets.2.sub_market_id', message: twiceMessage },
    ]);

    const wrong = await setConfidence(made.id, s1, 0.5);
    expect(expectError(wrong, 422, 'VALIDATION_FAILED', `Audience ${s1} is not an audience of chart ${map.id}.`).error.details).toEqual([
      { path: 'body.snapshots_sub_market.sub_market_id', message: `Audience ${s1} is not an audience of chart ${map.id}.` },
    ]);
    expect(await state()).toEqual(before);
  });

  it('keeps confidence between 0 and 1 and the body in shape (400)', async () => {
    const made = snapshotOf(await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }]));
    const before = await state();
    for (const bad of [-0.01, 1.01]) {
      expectError(await create(map.id, [{ sub_market_id: a1, current_confidence: bad }]), 400, 'VALIDATION_FAILED',
        'body.snapshot.snapshots_sub_markets.0.current_confidence: current_confidence must be between 0 and 1');
      expectError(await setConfidence(made.id, a1, bad), 400, 'VALIDATION_FAILED', 'body.snapshots_sub_market.current_confidence: current_confidence must be between 0 and 1');
    }
    expectError(await send(admin, { method: 'POST', url: '/api/snapshots', payload: { mekko_id: map.id } }), 400, 'VALIDATION_FAILED', /^body\.snapshot: /);
    expectError(await create(0, []), 400, 'VALIDATION_FAILED', /^body\.snapshot\.mekko_id: /);
    expectError(await get(Number.NaN), 400, 'VALIDATION_FAILED', /^params\.id: /);
    expectError(await admin.request({ method: 'GET', url: '/api/snapshots', context: ACME_PRODUCT }), 400, 'VALIDATION_FAILED', /^querystring\.mekko_id: /);
    expect(await state()).toEqual(before);
  });

  it("answers 404 for a chart or snapshot outside the X-Context product and region, another tenant's included", async () => {
    const made = snapshotOf(await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }]));
    const before = await state();
    const chartMissing = (id: number) => `There is no Grow chart ${id} in this product and region: it may have been deleted.`;
    // Another product of the same client and region.
    expectError(await list(zero.id), 404, 'NOT_FOUND', chartMissing(zero.id));
    expectError(await create(zero.id, [{ sub_market_id: zero.audiences[0]!, current_confidence: 0.5 }]), 404, 'NOT_FOUND', chartMissing(zero.id));
    const zeroMessage = SNAPSHOT_MESSAGES.notFound(made.id);
    expectError(await get(made.id, admin, ZERO_PRODUCT), 404, 'NOT_FOUND', zeroMessage);
    expectError(await remove(made.id, admin, { context: ZERO_PRODUCT }), 404, 'NOT_FOUND', zeroMessage);
    expectError(await setConfidence(made.id, a1, 0.2, admin, { context: ZERO_PRODUCT }), 404, 'NOT_FOUND', zeroMessage);
    // The same product in another region.
    expectError(await list(map.id, admin, 'acme/uk/fizz-cola/fizz-original'), 404, 'NOT_FOUND');
    // Another tenant, both ways.
    expectError(await list(globexChart!.id), 404, 'NOT_FOUND', chartMissing(globexChart!.id));
    expectError(await list(map.id, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND', chartMissing(map.id));
    expectError(await get(made.id, admin, GLOBEX_PRODUCT), 404, 'NOT_FOUND');
    expectError(await remove(made.id, admin, { context: GLOBEX_PRODUCT }), 404, 'NOT_FOUND');
    // The analyst cannot even name globex in X-Context.
    expectError(await list(globexChart!.id, analyst, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
    expect(await state()).toEqual(before);
  });

  it('needs the Grow feature of the client: initech has none (403, whatever the role)', async () => {
    const scope = await findProductScope(db, { client: 'initech', region: 'us', brand: 'red-stapler', product: 'stapler' });
    const [chart] = await db.insert(mekkos).values({ ...scope!, name: 'Stapler Chart' }).returning({ id: mekkos.id });
    const before = await state();
    const message = 'Grow is not enabled for initech.';
    expectError(await list(chart!.id, admin, INITECH_PRODUCT), 403, 'FORBIDDEN', message);
    expectError(await create(chart!.id, [], admin, { context: INITECH_PRODUCT }), 403, 'FORBIDDEN', message);
    expectError(await get(1, admin, INITECH_PRODUCT), 403, 'FORBIDDEN', message);
    expectError(await remove(1, admin, { context: INITECH_PRODUCT }), 403, 'FORBIDDEN', message);
    expectError(await setConfidence(1, 1, 0.5, admin, { context: INITECH_PRODUCT }), 403, 'FORBIDDEN', message);
    expect(await state()).toEqual(before);
  });

  it('lets the analyst (mekkos CRUD) do everything; the viewer only reads', async () => {
    const made = await create(map.id, [{ sub_market_id: a1, current_confidence: 0.5 }], analyst);
    expect(made.statusCode, made.body).toBe(200);
    const id = snapshotOf(made).id;
    expect((await setConfidence(id, a2, 0.3, analyst)).statusCode).toBe(200);
    expect(snapshotOf(await get(id, analyst)).snapshots_sub_markets).toHaveLength(2);
    expect((await remove(id, analyst)).statusCode).toBe(200);
    expect((await audits(id))[0]?.actorUserId).toBe(await userId(database, ANALYST));

    const own = snapshotOf(await create(globexChart!.id, [{ sub_market_id: globexAudience!.id, current_confidence: 0.5 }], admin, { context: GLOBEX_PRODUCT }));
    expect(listOf(await list(globexChart!.id, viewer, GLOBEX_PRODUCT))).toEqual([own]);
    expect(snapshotOf(await get(own.id, viewer, GLOBEX_PRODUCT))).toEqual(own);
    const before = await state();
    const denied = (action: string) => `${TEXT.permissionDenied} (mekkos: ${action})`;
    expectError(await create(globexChart!.id, [], viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('create'));
    expectError(await setConfidence(own.id, globexAudience!.id, 0.1, viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('update'));
    expectError(await remove(own.id, viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('destroy'));
    expect(await state()).toEqual(before);
  });

  it('needs a session (401), a product X-Context (400) and the CSRF token', async () => {
    expectError(await app.inject({ method: 'GET', url: `/api/snapshots?mekko_id=${map.id}`, headers: { 'x-context': ACME_PRODUCT } }), 401, 'UNAUTHENTICATED');
    expectError(await list(map.id, admin, 'acme/us'), 400, 'BAD_REQUEST');
    expectError(await admin.request({ method: 'POST', url: '/api/snapshots', context: ACME_PRODUCT, noCsrf: true, headers: { 'x-request-id': randomUUID() },
      payload: { snapshot: { mekko_id: map.id, snapshots_sub_markets: [] } } }), 403, 'CSRF_INVALID');
  });

  it('shows a model refresh: the changed audience leaves the snapshot, which is marked refreshed', async () => {
    const made = snapshotOf(await create(summer.id, [{ sub_market_id: summer.audiences[0]!, current_confidence: 0.5 }, { sub_market_id: summer.audiences[1]!, current_confidence: 0.6 }]));
    expect(await db.transaction((tx) => refreshModelsFor(tx, summer.id, [summer.audiences[0]!]))).toEqual([made.id]);
    const after = snapshotOf(await get(made.id));
    expect(after.snapshots_sub_markets).toEqual([{ snapshot_id: made.id, sub_market_id: summer.audiences[1]!, current_confidence: 0.6 }]);
    expect(after.refreshed_at).toEqual(expect.any(String));
    expect(Date.parse(after.refreshed_at!)).toBeGreaterThanOrEqual(Date.parse(made.created_at));
  });
});
