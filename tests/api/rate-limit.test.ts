import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { ADMIN, ANALYST, DEMO_PASSWORD, VIEWER, buildTestApp } from './helper';
import { buildAppOn, expectError } from './support';

const WINDOW_SECONDS = 900;

describe('login rate limit', async () => {
  const { app, config, database } = await buildTestApp();
  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it('uses the configured limits (5 per account, 20 per address, 15 minutes)', () => {
    expect(config.loginLimit).toEqual({ perAccount: 5, perAddress: 20, windowSeconds: WINDOW_SECONDS });
  });

  it('locks an account after 5 failures, from any address, even for the right password', async () => {
    for (let i = 1; i <= 5; i++) {
      expectError(await attempt(ANALYST, `wrong-${i}`, `192.0.2.${i}`), 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
    }
    const res = await attempt(ANALYST, DEMO_PASSWORD, '192.0.2.99');
    const body = expectError(res, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(body.error.details).toEqual({ retryAfter });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect(res.headers['auth-token']).toBeUndefined();
    // The email's case does not get around the lock.
    expectError(await attempt(ANALYST.toUpperCase(), DEMO_PASSWORD, '192.0.2.100'), 429, 'RATE_LIMITED');
  });

  it('leaves other accounts alone', async () => {
    expect((await attempt(VIEWER, DEMO_PASSWORD, '192.0.2.1')).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    for (let i = 1; i <= 4; i++) expectError(await attempt(VIEWER, 'wrong', '198.51.100.1'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(VIEWER, DEMO_PASSWORD, '198.51.100.1')).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expectError(await attempt(VIEWER, 'wrong', '198.51.100.2'), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(VIEWER, DEMO_PASSWORD, '198.51.100.2')).statusCode).toBe(200);
  });

  it('locks an address after 20 failures across different emails', async () => {
    const address = '203.0.113.7';
    for (let i = 1; i <= 20; i++) {
      expectError(await attempt(`nobody-${i}@example.test`, 'wrong', address), 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
    }
    const res = await attempt(ADMIN, DEMO_PASSWORD, address);
    expectError(res, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still logs the same account in.
    expect((await attempt(ADMIN, DEMO_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For (no trusted proxy), so it cannot be used to change address', async () => {
    const address = '203.0.113.50';
    for (let i = 1; i <= 20; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `xff-${i}@example.test`, password: 'wrong' },
        remoteAddress: address,
        headers: { 'x-forwarded-for': `100.64.0.${i}` },
      });
      expectError(res, 401, 'INVALID_CREDENTIALS');
    }
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: VIEWER, password: DEMO_PASSWORD },
      remoteAddress: address,
      headers: { 'x-forwarded-for': '100.64.1.1' },
    });
    expectError(res, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
  });

  it('cannot be outrun by a burst of parallel guesses on one account', async () => {
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('admin@demo.test', `guess-${i}`, `198.18.0.${i + 1}`)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // At most 5 guesses were checked against the password.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expectError(await attempt(ADMIN, DEMO_PASSWORD, '198.18.1.1'), 429, 'RATE_LIMITED');
  });

  it('cannot be outrun by a burst of parallel guesses from one address', async () => {
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`burst-${i}@example.test`, 'wrong', '198.18.2.1')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(20);
    expectError(await attempt(VIEWER, DEMO_PASSWORD, '198.18.2.1'), 429, 'RATE_LIMITED');
  });

  it('lets the account in again once the window has passed, and says so in Retry-After', async () => {
    const short = await buildAppOn(database, { LOGIN_LIMIT_WINDOW_SECONDS: '1' });
    const once = (password: string) =>
      short.inject({ method: 'POST', url: '/api/auth/login', payload: { email: VIEWER, password }, remoteAddress: '192.0.2.200' });
    for (let i = 0; i < 5; i++) expectError(await once('wrong'), 401, 'INVALID_CREDENTIALS');
    const limited = await once(DEMO_PASSWORD);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await once(DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
