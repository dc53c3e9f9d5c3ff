import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ssoValidationResponseSchema } from '../../src/shared/schemas/toolbox';
import { secrets, users } from '../../src/server/db/schema';
import { ADMIN, ANALYST, buildTestApp, login, type Session } from './helper';
import { expectError, strict, userId } from './support';

const INVALID = 'This sign-on token is not valid or has expired.';

describe('sso token validation (spec 1 §2.11)', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst] = await Promise.all([login(app, ADMIN), login(app, ANALYST)]);
  const [adminId, analystId] = await Promise.all([userId(database, ADMIN), userId(database, ANALYST)]);

  const tokenOf = async (s: Session, context?: string) => {
    const res = await s.request({ method: 'GET', url: '/api/auth/sso-token', ...(context ? { context } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const token = String(res.headers['sso-token']);
    expect(res.body).toBe(token);
    return token;
  };
  // Public: the unit's server calls it with no session, cookie or CSRF token; the token in a header, never a URL.
  const validate = (token: string) => app.inject({ method: 'GET', url: '/api/auth/sso-token/validate', headers: { authorization: `Bearer ${token}` } });
  const validateByQuery = (token: string) => app.inject({ method: 'GET', url: `/api/auth/sso-token/validate?token=${encodeURIComponent(token)}` });
  const payloadOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<string, unknown>;
  /** A token signed with the deployment's own secret: what only the server can make. */
  const signed = async (body: object) => {
    const [row] = await db.select().from(secrets).where(eq(secrets.name, 'sso-token'));
    if (!row) throw new Error('no sso secret yet');
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${payload}.${createHmac('sha256', row.value).update(payload).digest('base64url')}`;
  };

  it("answers a valid token's user, expiry and the context it was issued in", async () => {
    const token = await tokenOf(analyst, 'acme/us/fizz-cola/fizz-original');
    const res = await validate(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { data } = strict(ssoValidationResponseSchema).parse(res.json());
    expect(data).toEqual({
      valid: true,
      user: { id: analystId, email: ANALYST, first_name: 'Priya', last_name: 'Raman' },
      expires_at: new Date(Number(payloadOf(token).exp) * 1000).toISOString(),
      context: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' },
    });
    const ttl = Date.parse(data.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(240_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
    // Without an X-Context, no context.
    const plain = strict(ssoValidationResponseSchema).parse((await validate(await tokenOf(admin))).json()).data;
    expect(plain).toMatchObject({ user: { id: adminId, email: ADMIN }, context: null });
  });

  it('refuses a tampered token: another signature, another payload, or pieces missing', async () => {
    const token = await tokenOf(analyst);
    const [payload, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const longer = Buffer.from(JSON.stringify({ ...payloadOf(token), exp: Number(payloadOf(token).exp) + 86_400 })).toString('base64url');
    for (const bad of [`${payload}.${flipped}`, `${longer}.${signature}`, payload, `${payload}.`, `.${signature}`, `${payload}.${signature}.x`, 'not-a-token', `${payload}.${signature.slice(0, 10)}`]) {
      expectError(await validate(bad), 401, 'UNAUTHENTICATED', INVALID);
    }
    expectError(await app.inject({ method: 'GET', url: '/api/auth/sso-token/validate' }), 400, 'VALIDATION_FAILED');
  });

  it("refuses another user's id under this user's signature, and names only the token's own user", async () => {
    const token = await tokenOf(analyst);
    const [, signature] = token.split('.') as [string, string];
    const asAdmin = Buffer.from(JSON.stringify({ ...payloadOf(token), sub: adminId, email: ADMIN })).toString('base64url');
    expectError(await validate(`${asAdmin}.${signature}`), 401, 'UNAUTHENTICATED', INVALID);
    const adminToken = await tokenOf(admin);
    expect(strict(ssoValidationResponseSchema).parse((await validate(adminToken)).json()).data.user.id).toBe(adminId);
    expect(strict(ssoValidationResponseSchema).parse((await validate(token)).json()).data.user.id).toBe(analystId);
  });

  it('refuses an expired token, and one whose user is deactivated or gone', async () => {
    await tokenOf(analyst);
    const now = Math.floor(Date.now() / 1000);
    expectError(await validate(await signed({ sub: analystId, email: ANALYST, exp: now - 1 })), 401, 'UNAUTHENTICATED', INVALID);
    expect((await validate(await signed({ sub: analystId, email: ANALYST, exp: now + 60 }))).statusCode).toBe(200);
    expectError(await validate(await signed({ sub: 999_999, email: 'nobody@x.test', exp: now + 60 })), 401, 'UNAUTHENTICATED', INVALID);
    expectError(await validate(await signed({ sub: 'x', exp: now + 60 })), 401, 'UNAUTHENTICATED', INVALID);
    const token = await tokenOf(analyst);
    await db.update(users).set({ active: false }).where(eq(users.id, analystId));
    expectError(await validate(token), 401, 'UNAUTHENTICATED', INVALID);
  });

  it('still takes the token as ?token= from units written before the header, and refuses a request with neither', async () => {
    // The admin: the test before deactivated the analyst.
    const token = await tokenOf(admin);
    expect(strict(ssoValidationResponseSchema).parse((await validateByQuery(token)).json()).data.user.id).toBe(adminId);
    expectError(await validateByQuery('not-a-token'), 401, 'UNAUTHENTICATED', INVALID);
    // Another scheme, or a bearer with no token, is no token.
    for (const authorization of [`Basic ${token}`, 'Bearer ', `Bearer ${token} extra`]) {
      expectError(await app.inject({ method: 'GET', url: '/api/auth/sso-token/validate', headers: { authorization } }), 400, 'VALIDATION_FAILED');
    }
    expect((await app.inject({ method: 'GET', url: '/api/auth/sso-token/validate', headers: { authorization: `bearer ${token}` } })).statusCode).toBe(200);
  });

  it('issues a token only to a session', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/auth/sso-token' }), 401, 'UNAUTHENTICATED');
  });
});
