import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { selfResponseSchema } from '../../src/shared/schemas/auth';
import { auditLog, users } from '../../src/server/db/schema';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login } from './helper';
import { expectError, userId, strict } from './support';

describe('impersonation', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [adminId, analystId, viewerId] = await Promise.all([userId(database, ADMIN), userId(database, ANALYST), userId(database, VIEWER)]);
  const impersonationAudit = () =>
    database.db.select().from(auditLog).where(like(auditLog.action, 'auth.impersonate.%')).orderBy(asc(auditLog.id));

  it('lets an admin view as the analyst, then return, with both audited', async () => {
    const admin = await login(app, ADMIN);
    const before = (await impersonationAudit()).length;

    const start = await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId }, headers: { 'x-request-id': 'imp-start-1' } });
    expect(start.statusCode).toBe(200);
    const started = strict(selfResponseSchema).parse(start.json()).data;
    expect(started.user.email).toBe(ANALYST);
    expect(started.parentUser?.email).toBe(ADMIN);

    const self = selfResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/auth/self.json' })).json()).data;
    expect(self.user).toMatchObject({ id: analystId, email: ANALYST, first_name: 'Priya' });
    expect(self.parentUser).toMatchObject({ id: adminId, email: ADMIN });

    // The hierarchy and the permissions are now the analyst's.
    const hierarchy = (await admin.request({ method: 'GET', url: '/api/clients/hierarchy' })).json() as { data: { slug: string }[] };
    expect(hierarchy.data.map((c) => c.slug)).toEqual(['acme']);
    const perms = (await admin.request({ method: 'GET', url: '/api/auth/authorize' })).json() as { data: { permissions: Record<string, unknown> } };
    expect(perms.data.permissions.clients).toBeUndefined();
    expect(perms.data.permissions.mekkos).toEqual({ create: true, read: true, update: true, destroy: true });
    expectError(await admin.request({ method: 'GET', url: '/api/home-entities', context: GLOBEX_PRODUCT }), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
    expect((await admin.request({ method: 'GET', url: '/api/home-entities', context: ACME_PRODUCT })).statusCode).toBe(200);

    const stop = await admin.request({ method: 'DELETE', url: '/api/auth/impersonate', headers: { 'x-request-id': 'imp-stop-1' } });
    expect(stop.statusCode).toBe(200);
    const stopped = strict(selfResponseSchema).parse(stop.json()).data;
    expect(stopped.user.email).toBe(ADMIN);
    expect(stopped.parentUser).toBeNull();
    const back = (await admin.request({ method: 'GET', url: '/api/clients/hierarchy' })).json() as { data: { slug: string }[] };
    expect(back.data.map((c) => c.slug).sort()).toEqual(['acme', 'globex', 'initech']);

    const rows = (await impersonationAudit()).slice(before);
    expect(rows.map((r) => ({ action: r.action, actor: r.actorUserId, actingAs: r.actingAsUserId, target: r.target, requestId: r.requestId }))).toEqual([
      { action: 'auth.impersonate.start', actor: adminId, actingAs: analystId, target: `user:${analystId}`, requestId: 'imp-start-1' },
      { action: 'auth.impersonate.stop', actor: adminId, actingAs: analystId, target: `user:${analystId}`, requestId: 'imp-stop-1' },
    ]);
  });

  it('lets an admin switch from one viewed user to another', async () => {
    const admin = await login(app, ADMIN);
    expect((await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId } })).statusCode).toBe(200);
    const res = await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: viewerId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(VIEWER);
    expect(res.json().data.parentUser.email).toBe(ADMIN);
    const h = (await admin.request({ method: 'GET', url: '/api/clients/hierarchy' })).json() as { data: { slug: string }[] };
    expect(h.data.map((c) => c.slug)).toEqual(['globex']);
    // Viewing as the viewer, the admin has the viewer's permissions.
    expectError(await admin.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } }), 403, 'FORBIDDEN');
    const last = (await impersonationAudit()).at(-1);
    expect(last).toMatchObject({ action: 'auth.impersonate.start', actorUserId: adminId, actingAsUserId: viewerId });
    expect((await admin.request({ method: 'DELETE', url: '/api/auth/impersonate' })).json().data.user.email).toBe(ADMIN);
  });

  it('affects only the session that started it', async () => {
    const a = await login(app, ADMIN);
    const b = await login(app, ADMIN);
    expect((await a.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: viewerId } })).statusCode).toBe(200);
    const self = (await b.request({ method: 'GET', url: '/api/auth/self.json' })).json();
    expect(self.data.user.email).toBe(ADMIN);
    expect(self.data.parentUser).toBeNull();
  });

  it('refuses a non-admin with 403 and writes no audit row', async () => {
    const before = (await impersonationAudit()).length;
    for (const email of [ANALYST, VIEWER]) {
      const s = await login(app, email);
      const res = await s.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: adminId } });
      expectError(res, 403, 'FORBIDDEN', 'Only administrators may do this.');
      expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.user.email).toBe(email);
    }
    expect((await impersonationAudit()).length).toBe(before);
  });

  it('answers DELETE with 409 when not viewing as anyone', async () => {
    for (const email of [ADMIN, ANALYST]) {
      const s = await login(app, email);
      expectError(await s.request({ method: 'DELETE', url: '/api/auth/impersonate' }), 409, 'CONFLICT', 'You are not viewing as another user.');
    }
  });

  it('refuses viewing as oneself (400), an unknown user (404) and an inactive one (404)', async () => {
    const admin = await login(app, ADMIN);
    expectError(await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: adminId } }), 400, 'BAD_REQUEST', 'You cannot view as yourself.');
    expectError(await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: 999_999 } }), 404, 'NOT_FOUND', 'No active user with id 999999.');
    await database.db.update(users).set({ active: false }).where(eq(users.id, viewerId));
    try {
      expectError(await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: viewerId } }), 404, 'NOT_FOUND');
    } finally {
      await database.db.update(users).set({ active: true }).where(eq(users.id, viewerId));
    }
    expect((await admin.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.parentUser).toBeNull();
  });

  it.each([[{ user_id: 'two' }], [{ user_id: 0 }], [{ user_id: 1.5 }], [{ user_id: 3_000_000_000 }], [{}]])('answers the payload %j with 400', async (payload) => {
    const admin = await login(app, ADMIN);
    expectError(await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload }), 400, 'VALIDATION_FAILED', /^body\.user_id: /);
  });

  it('is 401 without a session', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId } }), 401, 'UNAUTHENTICATED');
    expectError(await app.inject({ method: 'DELETE', url: '/api/auth/impersonate' }), 401, 'UNAUTHENTICATED');
  });

  it('logging out while viewing as someone ends the session and is audited as the admin', async () => {
    const admin = await login(app, ADMIN);
    await admin.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId } });
    expect((await admin.request({ method: 'POST', url: '/api/auth/logout', headers: { 'x-request-id': 'imp-logout-1' } })).statusCode).toBe(200);
    expectError(await admin.request({ method: 'GET', url: '/api/auth/self.json' }), 401, 'UNAUTHENTICATED');
    const [row] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.logout'), eq(auditLog.requestId, 'imp-logout-1')));
    expect(row?.actorUserId).toBe(adminId);
  });
});
