import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { ADMIN_RESOURCES, RESOURCES } from '../../src/shared/permissions';
import { authorizeResponseSchema, impersonableUsersResponseSchema, loginResponseSchema, selfResponseSchema } from '../../src/shared/schemas/auth';
import { auditLog, secrets, sessions, users } from '../../src/server/db/schema';
import { ADMIN, ANALYST, DEMO_PASSWORD, VIEWER, buildTestApp, login } from './helper';
import { buildAppOn, expectError, userId, strict } from './support';

describe('auth', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  let address = 0;
  /** Each raw login from its own address, so this file never trips the per-address limit. */
  const postLogin = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress: `172.16.0.${++address}` });

  describe('POST /api/auth/login', () => {
    it('sets an HttpOnly SameSite session cookie and returns x-csrf-token and {data:{user}}, and no auth-token', async () => {
      const res = await postLogin({ email: ANALYST, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      const sid = res.cookies.find((c) => c.name === 'sid');
      expect(sid).toBeDefined();
      expect(sid?.httpOnly).toBe(true);
      expect(sid?.sameSite).toMatch(/^(Lax|Strict)$/);
      expect(sid?.path).toBe('/');
      expect(sid?.value.length).toBeGreaterThanOrEqual(32);
      const csrf = res.headers['x-csrf-token'];
      expect(typeof csrf).toBe('string');
      expect(csrf).not.toBe(sid?.value);
      // The session token leaves the server only in the HttpOnly cookie (decision 008).
      expect(res.headers['auth-token']).toBeUndefined();
      const { 'set-cookie': _setCookie, ...others } = res.headers;
      expect(JSON.stringify(others)).not.toContain(String(sid?.value));
      expect(res.body).not.toContain(String(sid?.value));
      const body = strict(loginResponseSchema).parse(res.json());
      expect(body.data.user).toMatchObject({ email: ANALYST, first_name: 'Priya', last_name: 'Raman', loginUserId: 'praman' });
      expect(body.data.user.roles.map((r) => r.name)).toEqual(['Analyst']);
      expect(body.data.user.role_ids).toEqual(body.data.user.roles.map((r) => r.id));
      expect(body.data.parentUser).toBeNull();
      expect(body.data.dataSource).toBe('molecula');
      expect(body.data.dataSourceCount).toBe(2);
    });

    it('stores only a hash of the session token', async () => {
      const res = await postLogin({ email: VIEWER, password: DEMO_PASSWORD });
      const token = String(res.cookies.find((c) => c.name === 'sid')?.value);
      const rows = await database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const res = await postLogin({ email: `  ${ADMIN.toUpperCase()} `, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.email).toBe(ADMIN);
    });

    it('answers a wrong password and an unknown email with the same 401, code and message, and no cookie', async () => {
      const wrong = await postLogin({ email: ANALYST, password: 'not-the-password' });
      const unknown = await postLogin({ email: 'nobody@acme.test', password: DEMO_PASSWORD });
      const a = expectError(wrong, 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
      const b = expectError(unknown, 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
      expect(a).toEqual(b);
      for (const res of [wrong, unknown]) {
        expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
        expect(res.headers['auth-token']).toBeUndefined();
        expect(res.headers['x-csrf-token']).toBeUndefined();
      }
    });

    it('refuses an inactive user with the same generic 401', async () => {
      const id = await userId(database, VIEWER);
      await database.db.update(users).set({ active: false }).where(eq(users.id, id));
      try {
        expectError(await postLogin({ email: VIEWER, password: DEMO_PASSWORD }), 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
      } finally {
        await database.db.update(users).set({ active: true }).where(eq(users.id, id));
      }
    });

    it('answers a malformed email with 400 in the one error shape', async () => {
      const body = expectError(await postLogin({ email: 'not-an-email', password: 'x' }), 400, 'VALIDATION_FAILED',
        'body.email: Enter a valid email address');
      expect(body.error.details).toEqual([{ path: 'body.email', message: 'Enter a valid email address' }]);
    });

    it('answers a missing password and a missing body with 400', async () => {
      expectError(await postLogin({ email: ANALYST, password: '' }), 400, 'VALIDATION_FAILED', 'body.password: Enter your password');
      expectError(await postLogin({ email: ANALYST }), 400, 'VALIDATION_FAILED', /^body\.password: /);
      const none = await app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '172.16.1.1' });
      expectError(none, 400, 'VALIDATION_FAILED');
    });

    it('writes an audit row for a login', async () => {
      const id = await userId(database, ANALYST);
      const rows = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorUserId, id)));
      expect(rows.length).toBeGreaterThan(0);
    });
  });

  describe('the session token as a Bearer token (decision 008: refused)', () => {
    it('does not authenticate reads', async () => {
      const s = await login(app, VIEWER);
      const res = await app.inject({ method: 'GET', url: '/api/auth/self.json', headers: { authorization: `Bearer ${s.sid}` } });
      expect(expectError(res, 401, 'UNAUTHENTICATED', TEXT.sessionExpired).refresh_login).toBe(true);
    });

    it('does not authenticate writes, with or without a CSRF token', async () => {
      const s = await login(app, ANALYST);
      for (const headers of [{}, { 'x-csrf-token': s.csrf }]) {
        const res = await app.inject({
          method: 'PUT',
          url: '/api/auth/data-source',
          headers: { authorization: `Bearer ${s.sid}`, ...headers },
          payload: { source: 'es' },
        });
        expectError(res, 401, 'UNAUTHENTICATED');
      }
      const self = await s.request({ method: 'GET', url: '/api/auth/self.json' });
      expect(self.json().data.dataSource).toBe('molecula');
    });

    it('does not excuse a cookie session from the CSRF token', async () => {
      const s = await login(app, ANALYST);
      const res = await s.request({
        method: 'PUT',
        url: '/api/auth/data-source',
        noCsrf: true,
        headers: { authorization: `Bearer ${s.sid}` },
        payload: { source: 'es' },
      });
      expectError(res, 403, 'CSRF_INVALID', TEXT.csrfMissing);
    });
  });

  describe('GET /api/auth/self.json', () => {
    it('returns the session user and hands back the CSRF token', async () => {
      const s = await login(app, ADMIN);
      const res = await s.request({ method: 'GET', url: '/api/auth/self.json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-csrf-token']).toBe(s.csrf);
      const body = strict(selfResponseSchema).parse(res.json());
      expect(body.data.user.email).toBe(ADMIN);
      expect(body.data.parentUser).toBeNull();
    });

    it('is 401 with refresh_login:true without a cookie', async () => {
      const body = expectError(await app.inject({ method: 'GET', url: '/api/auth/self.json' }), 401, 'UNAUTHENTICATED', TEXT.sessionExpired);
      expect(body.refresh_login).toBe(true);
    });

    it('is 401 with refresh_login:true for an unknown cookie', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/self.json', headers: { cookie: 'sid=forged-token' } });
      expect(expectError(res, 401, 'UNAUTHENTICATED').refresh_login).toBe(true);
    });

    it('is 401 with refresh_login:true once the session has expired', async () => {
      const s = await login(app, VIEWER);
      await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
      const res = await s.request({ method: 'GET', url: '/api/auth/self.json' });
      expect(expectError(res, 401, 'UNAUTHENTICATED', TEXT.sessionExpired).refresh_login).toBe(true);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('ends the session, clears the cookie, and self.json then answers 401 with refresh_login', async () => {
      const s = await login(app, ANALYST);
      const res = await s.request({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: 'OK' });
      const cleared = res.cookies.find((c) => c.name === 'sid');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
      const after = await s.request({ method: 'GET', url: '/api/auth/self.json' });
      expect(expectError(after, 401, 'UNAUTHENTICATED', TEXT.sessionExpired).refresh_login).toBe(true);
      const id = await userId(database, ANALYST);
      const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'auth.logout'), eq(auditLog.actorUserId, id)));
      expect(audit).toHaveLength(1);
    });

    it('leaves the other sessions of the same user alone', async () => {
      const a = await login(app, ADMIN);
      const b = await login(app, ADMIN);
      expect((await a.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      expect((await b.request({ method: 'GET', url: '/api/auth/self.json' })).statusCode).toBe(200);
    });

    it('is 401 without a session', async () => {
      expectError(await app.inject({ method: 'POST', url: '/api/auth/logout' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/auth/sso-token', () => {
    it('returns a signed short-lived token for the user in the sso-token header and the body', async () => {
      const s = await login(app, ANALYST);
      const res = await s.request({ method: 'GET', url: '/api/auth/sso-token' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const token = res.headers['sso-token'];
      expect(typeof token).toBe('string');
      expect(res.body).toBe(token);
      const [payload, signature] = String(token).split('.');
      const claims = JSON.parse(Buffer.from(String(payload), 'base64url').toString('utf8')) as { sub: number; email: string; exp: number };
      expect(claims.sub).toBe(await userId(database, ANALYST));
      expect(claims.email).toBe(ANALYST);
      const now = Date.now() / 1000;
      expect(claims.exp).toBeGreaterThan(now);
      expect(claims.exp).toBeLessThanOrEqual(now + 300 + 1);
      const [secret] = await database.db.select().from(secrets).where(eq(secrets.name, 'sso-token'));
      expect(signature).toBe(createHmac('sha256', String(secret?.value)).update(String(payload)).digest('base64url'));
      // It is not the session token.
      expect(token).not.toContain(s.sid);
    });

    it('is 401 without a session', async () => {
      expectError(await app.inject({ method: 'GET', url: '/api/auth/sso-token' }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/auth/authorize', () => {
    it('gives the analyst CRUD on mekkos, journeys and explore, read elsewhere, and no admin resources', async () => {
      const s = await login(app, ANALYST);
      const res = await s.request({ method: 'GET', url: '/api/auth/authorize' });
      expect(res.statusCode).toBe(200);
      const { permissions } = authorizeResponseSchema.parse(res.json()).data;
      const crud = { create: true, read: true, update: true, destroy: true };
      expect(permissions.mekkos).toEqual(crud);
      expect(permissions.journeys).toEqual(crud);
      expect(permissions.explore).toEqual(crud);
      // Issue 16: analysts save, rename and delete their overlap comparisons.
      expect(permissions.comparisons).toEqual(crud);
      expect(permissions.molecula_access?.read).toBe(true);
      for (const r of ADMIN_RESOURCES) expect(permissions[r], r).toBeUndefined();
      expect(permissions.clients).toBeUndefined();
      expect(permissions.brands).toBeUndefined();
    });

    it('gives the viewer read only, without molecula_access', async () => {
      const s = await login(app, VIEWER);
      const { permissions } = authorizeResponseSchema.parse((await s.request({ method: 'GET', url: '/api/auth/authorize' })).json()).data;
      const entries = Object.entries(permissions);
      expect(entries.length).toBeGreaterThan(5);
      for (const [resource, actions] of entries) {
        expect(actions, resource).toEqual({ create: false, read: true, update: false, destroy: false });
      }
      expect(permissions.molecula_access).toBeUndefined();
      for (const r of ADMIN_RESOURCES) expect(permissions[r], r).toBeUndefined();
    });

    it('gives the admin every action on every resource', async () => {
      const s = await login(app, ADMIN);
      const { permissions } = authorizeResponseSchema.parse((await s.request({ method: 'GET', url: '/api/auth/authorize' })).json()).data;
      expect(Object.keys(permissions).sort()).toEqual([...RESOURCES].sort());
      for (const actions of Object.values(permissions)) expect(actions).toEqual({ create: true, read: true, update: true, destroy: true });
    });

    it('is 401 without a session', async () => {
      expect(expectError(await app.inject({ method: 'GET', url: '/api/auth/authorize' }), 401, 'UNAUTHENTICATED').refresh_login).toBe(true);
    });
  });

  describe('GET /api/auth/providers', () => {
    it('reports no identity provider when none is configured (public)', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sso: null } });
    });

    it('names the login URL of a configured identity provider', async () => {
      const sso = await buildAppOn(database, { SSO_LOGIN_URL: 'https://idp.example.com/login' });
      const res = await sso.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { sso: { loginUrl: 'https://idp.example.com/login' } } });
    });
  });

  describe('GET /api/auth/impersonable-users', () => {
    it('lists the other active users for an admin', async () => {
      const s = await login(app, ADMIN);
      const res = await s.request({ method: 'GET', url: '/api/auth/impersonable-users' });
      expect(res.statusCode).toBe(200);
      const emails = strict(impersonableUsersResponseSchema).parse(res.json()).data.map((u) => u.email);
      expect(emails).toContain(ANALYST);
      expect(emails).toContain(VIEWER);
      expect(emails).not.toContain(ADMIN);
    });

    it('is 403 for a non-admin and 401 without a session', async () => {
      const s = await login(app, ANALYST);
      expectError(await s.request({ method: 'GET', url: '/api/auth/impersonable-users' }), 403, 'FORBIDDEN');
      expectError(await app.inject({ method: 'GET', url: '/api/auth/impersonable-users' }), 401, 'UNAUTHENTICATED');
    });
  });
});
