import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_EXPIRY_DAYS, TEXT } from '../../src/shared/constants';
import { tasksResponseSchema } from '../../src/shared/schemas/notifications';
import { clients, tasks } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login } from './helper';
import { expectError, userId, strict } from './support';

const DAY = 86_400_000;

describe('GET /api/notifications', async () => {
  const { app, database } = await buildTestApp();
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
