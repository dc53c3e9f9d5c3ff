import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { ACME_PRODUCT, ADMIN, ANALYST, buildTestApp, login } from './helper';
import { expectError, userId } from './support';

describe('CSRF', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const analystId = await userId(database, ANALYST);

  /** Every write route the API has, with a payload that would succeed. */
  const writes = [
    { method: 'POST' as const, url: '/api/auth/logout' },
    { method: 'PUT' as const, url: '/api/auth/data-source', payload: { source: 'es' } },
    { method: 'POST' as const, url: '/api/auth/impersonate', payload: { user_id: analystId } },
    { method: 'DELETE' as const, url: '/api/auth/impersonate' },
  ];

  it.each(writes)('$method $url without x-csrf-token is 403 with a CSRF message', async (write) => {
    const s = await login(app, ADMIN);
    const res = await s.request({ ...write, noCsrf: true });
    const body = expectError(res, 403, 'CSRF_INVALID', TEXT.csrfMissing);
    expect(body.error.message).toContain('CSRF');
    // Nothing happened: the session is still there and unchanged.
    const self = await s.request({ method: 'GET', url: '/api/auth/self.json' });
    expect(self.statusCode).toBe(200);
    expect(self.json().data).toMatchObject({ parentUser: null, dataSource: 'molecula' });
  });

  it.each(writes)('$method $url with a wrong x-csrf-token is 403 with a CSRF message', async (write) => {
    const s = await login(app, ADMIN);
    const res = await s.request({ ...write, headers: { 'x-csrf-token': `${s.csrf.slice(0, -2)}xx` } });
    expect(expectError(res, 403, 'CSRF_INVALID').error.message).toContain('CSRF');
  });

  it("refuses another session's CSRF token", async () => {
    const mine = await login(app, ANALYST);
    const theirs = await login(app, ANALYST);
    const res = await mine.request({ method: 'POST', url: '/api/auth/logout', headers: { 'x-csrf-token': theirs.csrf } });
    expect(expectError(res, 403, 'CSRF_INVALID').error.message).toContain('CSRF');
  });

  it('refuses an empty x-csrf-token', async () => {
    const s = await login(app, ANALYST);
    const res = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' }, headers: { 'x-csrf-token': '' } });
    expectError(res, 403, 'CSRF_INVALID', TEXT.csrfMissing);
  });

  it('checks the CSRF token before the permission and the payload', async () => {
    const s = await login(app, ANALYST);
    // The analyst may not impersonate and the payload is invalid, yet CSRF is refused first.
    const res = await s.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: 'x' }, noCsrf: true });
    expectError(res, 403, 'CSRF_INVALID');
  });

  it('accepts the write with the right token', async () => {
    const s = await login(app, ANALYST);
    const res = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['/api/auth/self.json', undefined],
    ['/api/auth/authorize', undefined],
    ['/api/auth/sso-token', undefined],
    ['/api/clients/hierarchy', undefined],
    ['/api/notifications', 'acme'],
    ['/api/home-entities', ACME_PRODUCT],
    ['/api/toolbox/units/type/all/client/acme', 'acme'],
  ])('GET %s needs no CSRF token', async (url, context) => {
    const s = await login(app, ANALYST);
    const res = await s.request({ method: 'GET', url, noCsrf: true, ...(context ? { context } : {}) });
    expect(res.statusCode).toBe(200);
  });

  it('login itself needs no CSRF token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ANALYST, password: 'demo-password' }, remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(200);
  });

  it('a write without any session is 401, not a CSRF refusal', async () => {
    expectError(await app.inject({ method: 'POST', url: '/api/auth/logout' }), 401, 'UNAUTHENTICATED');
  });
});
