import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EXPIRY_DAYS, TEXT } from '../../src/shared/constants';
import { tasksResponseSchema } from '../../src/shared/schemas/notifications';
import { clients, tasks } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login } from './helper';
import { expectError, userId, strict } from './support';

const DAY = 86_400_000;

describe('GET /api/notifications', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const [analystId, adminId, viewerId] = await Promise.all([userId(database, ANALYST), userId(database, ADMIN), userId(database, VIEWER)]);
  const clientId = async (slug: string) => {
    const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug));
    return Number(row?.id);
  };
  const [acme, globex] = await Promise.all([clientId('acme'), clientId('globex')]);
  const now = Date.now();
  await database.db.insert(tasks).values([
    { userId: analystId, clientId: acme, reportType: 'index_report', status: 'completed', name: 'Newest report', uiName: 'Newest', productSlug: 'acme/us/fizz-cola/fizz-original', requestId: 'req-1', createdAt: new Date(now - 60_000) },
    { userId: analystId, clientId: acme, reportType: 'outcome_completed', status: 'processing', name: 'Older outcome', createdAt: new Date(now - 3 * DAY), readAt: new Date(now - DAY) },
    { userId: analystId, clientId: acme, reportType: 'index_report', status: 'completed', name: 'Almost expired', createdAt: new Date(now - (NOTIFICATION_EXPIRY_DAYS - 1) * DAY) },
    { userId: analystId, clientId: acme, reportType: 'index_report', status: 'completed', name: 'Expired', createdAt: new Date(now - (NOTIFICATION_EXPIRY_DAYS + 1) * DAY) },
    { userId: analystId, clientId: globex, reportType: 'index_report', status: 'completed', name: 'Analyst in globex', createdAt: new Date(now - DAY) },
    { userId: adminId, clientId: acme, reportType: 'index_report', status: 'completed', name: 'Admin in acme', createdAt: new Date(now - DAY) },
    { userId: viewerId, clientId: globex, reportType: 'index_report', status: 'completed', name: 'Viewer in globex', createdAt: new Date(now - DAY) },
  ]);
  const names = (res: { json(): unknown }) => tasksResponseSchema.parse(res.json()).data.map((t) => t.name);

  it("lists the caller's unexpired tasks in the context's client, newest first", async () => {
    const res = await analyst.request({ method: 'GET', url: '/api/notifications', context: 'acme' });
    expect(res.statusCode).toBe(200);
    const data = strict(tasksResponseSchema).parse(res.json()).data;
    expect(data.map((t) => t.name)).toEqual(['Newest report', 'Older outcome', 'Almost expired']);
    expect(data[0]).toMatchObject({
      report_type: 'index_report',
      status: 'completed',
      ui_name: 'Newest',
      product_slug: 'acme/us/fizz-cola/fizz-original',
      request_id: 'req-1',
      downloaded_at: null,
      read_at: null,
      created_at: new Date(now - 60_000).toISOString(),
    });
    expect(data[1]?.read_at).toBe(new Date(now - DAY).toISOString());
  });

  it('uses the client of a deeper context', async () => {
    const res = await analyst.request({ method: 'GET', url: '/api/notifications', context: 'acme/uk' });
    expect(names(res)).toEqual(['Newest report', 'Older outcome', 'Almost expired']);
  });

  it("never shows another user's tasks, even to the admin", async () => {
    expect(names(await admin.request({ method: 'GET', url: '/api/notifications', context: 'acme' }))).toEqual(['Admin in acme']);
    expect(names(await admin.request({ method: 'GET', url: '/api/notifications', context: 'globex' }))).toEqual([]);
    expect(names(await viewer.request({ method: 'GET', url: '/api/notifications', context: 'globex' }))).toEqual(['Viewer in globex']);
  });

  it("refuses a client outside the caller's hierarchy with 403 and no data, even where the caller has tasks", async () => {
    const res = await analyst.request({ method: 'GET', url: '/api/notifications', context: 'globex' });
    expectError(res, 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
    expect(res.body).not.toContain('Analyst in globex');
    expectError(await viewer.request({ method: 'GET', url: '/api/notifications', context: 'acme' }), 403, 'CONTEXT_FORBIDDEN');
  });

  it('needs an X-Context (400) and a session (401)', async () => {
    expectError(await analyst.request({ method: 'GET', url: '/api/notifications' }), 400, 'BAD_REQUEST');
    expectError(await app.inject({ method: 'GET', url: '/api/notifications', headers: { 'x-context': 'acme' } }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/notifications/:id/read', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [analyst, viewer] = await Promise.all([login(app, ANALYST), login(app, VIEWER)]);
  const [analystId, viewerId] = await Promise.all([userId(database, ANALYST), userId(database, VIEWER)]);
  const clientId = async (slug: string) => Number((await database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, slug)))[0]?.id);
  const [acme, globex] = await Promise.all([clientId('acme'), clientId('globex')]);
  const earlier = new Date(Date.now() - DAY);
  const rows = await database.db.insert(tasks).values([
    { userId: analystId, clientId: acme, reportType: 'outcome_completed', status: 'completed', name: 'Unread outcome' },
    { userId: analystId, clientId: acme, reportType: 'outcome_completed', status: 'completed', name: 'Read outcome', readAt: earlier },
    { userId: analystId, clientId: globex, reportType: 'outcome_completed', status: 'completed', name: 'Outcome in globex' },
    { userId: viewerId, clientId: globex, reportType: 'outcome_completed', status: 'completed', name: 'Viewer outcome' },
  ]).returning();
  const [unread, alreadyRead, inGlobex, viewers] = rows.map((r) => r.id) as [number, number, number, number];
  const readAt = async (id: number) => (await database.db.select({ readAt: tasks.readAt }).from(tasks).where(eq(tasks.id, id)))[0]?.readAt ?? null;
  const read = (id: number | string, opts: { key?: string | null; context?: string; s?: typeof analyst; noCsrf?: boolean } = {}) =>
    (opts.s ?? analyst).request({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
      context: opts.context ?? 'acme',
      noCsrf: opts.noCsrf,
      headers: opts.key === null ? {} : { 'x-request-id': opts.key ?? randomUUID() },
    });

  it('marks the task read and answers the text OK (spec 1 §7); a resend is a replay', async () => {
    const key = randomUUID();
    const res = await read(unread, { key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
    const at = await readAt(unread);
    expect(at).not.toBeNull();
    const listed = tasksResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/notifications', context: 'acme' })).json()).data;
    expect(listed.find((t) => t.id === unread)?.read_at).toBe(at?.toISOString());

    const again = await read(unread, { key });
    expect([again.statusCode, again.body, again.headers['content-type']]).toEqual([200, 'OK', res.headers['content-type']]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await readAt(unread)).toEqual(at);
  });

  it('keeps the first read time', async () => {
    expect((await read(alreadyRead)).statusCode).toBe(200);
    expect(await readAt(alreadyRead)).toEqual(earlier);
  });

  it("answers another user's task, one in another client and an unknown id with 404, and changes nothing", async () => {
    expectError(await read(viewers, { context: 'acme' }), 404, 'NOT_FOUND', `You have no notification ${viewers} in this client.`);
    expectError(await read(inGlobex), 404, 'NOT_FOUND');
    expectError(await read(2_000_000_000), 404, 'NOT_FOUND');
    expectError(await read(unread, { s: viewer, context: 'globex' }), 404, 'NOT_FOUND');
    expect(await readAt(viewers)).toBeNull();
    expect(await readAt(inGlobex)).toBeNull();
    expectError(await read('abc'), 400, 'VALIDATION_FAILED', /^params\.id: /);
  });

  it('needs a uuid X-Request-ID, the CSRF token and a session', async () => {
    const [fresh] = await database.db.insert(tasks).values({ userId: analystId, clientId: acme, reportType: 'outcome_completed', name: 'Still unread' }).returning();
    const id = Number(fresh?.id);
    expectError(await read(id, { key: null }), 400, 'REQUEST_ID_REQUIRED');
    expectError(await read(id, { key: 'read-1' }), 400, 'REQUEST_ID_REQUIRED');
    expectError(await read(id, { noCsrf: true }), 403, 'CSRF_INVALID', TEXT.csrfMissing);
    expectError(await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: { 'x-context': 'acme', 'x-request-id': randomUUID() } }), 401, 'UNAUTHENTICATED');
    expect(await readAt(id)).toBeNull();
  });
});

describe('an outcome completed notification', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const analyst = await login(app, ANALYST);
  const analystId = await userId(database, ANALYST);
  const [acme] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));

  it('is listed unread (counted by the badge) until its user goes to it, then read', async () => {
    const { raiseOutcomeCompleted } = await import('../../src/server/modules/notifications/notifications-repository');
    const { badgeCount } = await import('../../src/shared/rules/notifications');
    const raised = await raiseOutcomeCompleted(database.db, { userId: analystId, clientId: Number(acme?.id), name: 'Fizz market, Oct 2026', productSlug: 'acme/us/fizz-cola/fizz-original' });
    const list = async () => tasksResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/notifications', context: 'acme' })).json()).data;
    const before = await list();
    expect(before.find((t) => t.id === raised.id)).toMatchObject({ report_type: 'outcome_completed', status: 'completed', read_at: null, job_id: null, error: null });
    expect(badgeCount(before)).toBe(1);
    const read = await analyst.request({ method: 'POST', url: `/api/notifications/${raised.id}/read`, context: 'acme', headers: { 'x-request-id': randomUUID() } });
    expect(read.statusCode).toBe(200);
    expect(badgeCount(await list())).toBe(0);
  });
});
