import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { selfResponseSchema } from '../../src/shared/schemas/auth';
import { auditLog } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login } from './helper';
import { expectError, userId, strict } from './support';

describe('PUT /api/auth/data-source', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });

  it('switches the session to es and back for a user with molecula_access read, audited', async () => {
    const s = await login(app, ANALYST);
    const res = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' }, headers: { 'x-request-id': 'ds-1' } });
    expect(res.statusCode).toBe(200);
    const body = strict(selfResponseSchema).parse(res.json()).data;
    expect(body).toMatchObject({ dataSource: 'es', dataSourceCount: 2, parentUser: null });
    expect(body.user.email).toBe(ANALYST);
    expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.dataSource).toBe('es');

    const [row] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.data_source'), eq(auditLog.requestId, 'ds-1')));
    expect(row).toMatchObject({ actorUserId: await userId(database, ANALYST), details: { source: 'es' } });

    const back = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'molecula' } });
    expect(back.json().data.dataSource).toBe('molecula');
  });

  it('belongs to the session: another session of the same user keeps its own source', async () => {
    const a = await login(app, ADMIN);
    const b = await login(app, ADMIN);
    await a.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    expect((await b.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.dataSource).toBe('molecula');
  });

  it('is 403 for the viewer, who lacks molecula_access read, and changes nothing', async () => {
    const s = await login(app, VIEWER);
    const res = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    expectError(res, 403, 'FORBIDDEN', `${TEXT.permissionDenied} (molecula_access: read)`);
    expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.dataSource).toBe('molecula');
  });

  it.each([[{ source: 'bitmap' }], [{}], [{ source: 1 }]])('answers the payload %j with 400', async (payload) => {
    const s = await login(app, ANALYST);
    expectError(await s.request({ method: 'PUT', url: '/api/auth/data-source', payload }), 400, 'VALIDATION_FAILED', /^body\.source: /);
  });

  it('needs the CSRF token and a session', async () => {
    const s = await login(app, ANALYST);
    expectError(await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' }, noCsrf: true }), 403, 'CSRF_INVALID', TEXT.csrfMissing);
    expectError(await app.inject({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } }), 401, 'UNAUTHENTICATED');
  });
});
