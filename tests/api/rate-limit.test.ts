import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { ADMIN, ANALYST, DEMO_PASSWORD, VIEWER, buildTestApp } from './helper';
import { buildAppOn, expectError } from './support';

const WINDOW_SECONDS = 900;

/**
 * Login throttling (issue 13.3, OWASP): failures are counted per (account, address) and per
 * address; an attempt is slowed by an exponential delay before the limits refuse it, and the
 * correct password from an address that has not failed for the account is never refused (below
 * the address-wide limit against spraying, which login-flood.test.ts covers).
 * The delays are recorded by an injected sleep instead of being waited for.
 */
describe('login throttling', async () => {
  const { config, database } = await buildTestApp({}, { counts: false, jobs: false });
  const slept: number[] = [];
  // Room for every burst below in the password-check queue: these tests are about the throttle (login-flood.test.ts has the pool's).
  const app = await buildAppOn(database, { LOGIN_VERIFY_QUEUE: '100' }, { loginSleep: async (ms) => void slept.push(ms) });
  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  /** Runs `fn` and returns the delays it slept, in order. */
  const delaysOf = async (fn: () => Promise<unknown>) => {
    slept.length = 0;
    await fn();
    return [...slept];
  };
  /** Moves an address's failures `seconds` into the past: the window passes without waiting. */
  const age = (address: string, seconds: number) =>
    database.db.execute(sql`update login_attempts set at = at - make_interval(secs => ${seconds}) where address = ${address}`);

  it('uses the configured limits (5 per account and address, 20 per address, 50 per address for all, 15 minutes, delays 1 s doubling to 8 s)', () => {
    expect(config.loginLimit).toEqual({ perPair: 5, perAddress: 20, perAddressAll: 50, windowSeconds: WINDOW_SECONDS, delayBaseMs: 1000, delayMaxMs: 8000 });
  });

  it('never refuses the correct password from a fresh address after failures from another (no lockout by a stranger)', async () => {
    for (let i = 1; i <= 8; i++) await attempt(VIEWER, `wrong-${i}`, '192.0.2.1');
    expectError(await attempt(VIEWER, DEMO_PASSWORD, '192.0.2.1'), 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
    const slow = await delaysOf(async () => {
      const res = await attempt(VIEWER, DEMO_PASSWORD, '192.0.2.2');
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(slow).toEqual([]);
  });

  it('slows one account from one address down exponentially, then refuses it for the window', async () => {
    const address = '192.0.2.10';
    const statuses: number[] = [];
    const delays = await delaysOf(async () => {
      for (let i = 1; i <= 5; i++) statuses.push((await attempt(ANALYST, `wrong-${i}`, address)).statusCode);
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // The first two failures cost nothing (a typo), then 1 s, 2 s, 4 s before the check.
    expect(delays).toEqual([1000, 2000, 4000]);

    const refusedDelays = await delaysOf(async () => {
      const res = await attempt(ANALYST, DEMO_PASSWORD, address);
      const body = expectError(res, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(body.error.details).toEqual({ retryAfter });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
      // The email's case does not get around it.
      expectError(await attempt(ANALYST.toUpperCase(), DEMO_PASSWORD, address), 429, 'RATE_LIMITED');
    });
    // A refusal answers at once: nothing is checked, so nothing is worth slowing.
    expect(refusedDelays).toEqual([]);

    // Other accounts from the same address, and the same account elsewhere, are untouched.
    expect((await attempt(VIEWER, DEMO_PASSWORD, address)).statusCode).toBe(200);
    expect((await attempt(ANALYST, DEMO_PASSWORD, '192.0.2.11')).statusCode).toBe(200);

    // Once the window has passed, the pair is let in again.
    await age(address, WINDOW_SECONDS + 1);
    expect((await attempt(ANALYST, DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('forgets a pair\'s failures after its successful login', async () => {
    const address = '198.51.100.1';
    for (let i = 1; i <= 4; i++) expectError(await attempt(VIEWER, 'wrong', address), 401, 'INVALID_CREDENTIALS');
    expect((await attempt(VIEWER, DEMO_PASSWORD, address)).statusCode).toBe(200);
    const delays = await delaysOf(async () => {
      for (let i = 1; i <= 2; i++) expectError(await attempt(VIEWER, 'wrong', address), 401, 'INVALID_CREDENTIALS');
    });
    expect(delays).toEqual([]);
  });

  it('slows a noisy address down, refuses there only the accounts that failed from it, and recovers', async () => {
    const address = '203.0.113.7';
    const delays = await delaysOf(async () => {
      for (let i = 1; i <= 20; i++) {
        expectError(await attempt(`nobody-${i}@example.test`, 'wrong', address), 401, 'INVALID_CREDENTIALS', TEXT.loginFailed);
      }
    });
    // Five failures are free (a shared office mistypes), then 1, 2, 4 and 8 s, capped at 8 s.
    expect(delays).toEqual([1000, 2000, 4000, ...Array<number>(11).fill(8000)]);

    // An account that has failed from the noisy address gets no more guesses from it...
    const refused = await attempt('nobody-1@example.test', 'anything', address);
    expectError(refused, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS - 60);
    // ...while a colleague behind the same address who has not failed gets in, slowed.
    const colleague = await delaysOf(async () => {
      const res = await attempt(ADMIN, DEMO_PASSWORD, address);
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(colleague).toEqual([8000]);
    // One wrong guess for a new account is checked; the next is refused.
    expectError(await attempt(ANALYST, 'wrong', address), 401, 'INVALID_CREDENTIALS');
    expectError(await attempt(ANALYST, DEMO_PASSWORD, address), 429, 'RATE_LIMITED');

    // After the window, the address is quiet again: no delay, no refusal.
    await age(address, WINDOW_SECONDS + 1);
    const after = await delaysOf(async () => {
      expectError(await attempt('nobody-1@example.test', 'wrong', address), 401, 'INVALID_CREDENTIALS');
      expect((await attempt(ANALYST, DEMO_PASSWORD, address)).statusCode).toBe(200);
    });
    expect(after).toEqual([]);
  });

  it('ignores X-Forwarded-For (no trusted proxy), so it cannot be used to change address', async () => {
    const address = '203.0.113.50';
    const viaProxy = (password: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: VIEWER, password },
        remoteAddress: address,
        headers: { 'x-forwarded-for': `100.64.0.${i}` },
      });
    for (let i = 1; i <= 5; i++) expectError(await viaProxy('wrong', i), 401, 'INVALID_CREDENTIALS');
    expectError(await viaProxy(DEMO_PASSWORD, 99), 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
  });

  it('cannot be outrun by a burst of parallel guesses on one account from one address', async () => {
    const address = '198.18.0.1';
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(ADMIN, `guess-${i}`, address)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    // At most 5 guesses reached the password check.
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expectError(await attempt(ADMIN, DEMO_PASSWORD, address), 429, 'RATE_LIMITED');
    expect((await attempt(ADMIN, DEMO_PASSWORD, '198.18.0.2')).statusCode).toBe(200);
  });

  it('cannot be outrun by a burst of parallel guesses from one address over several accounts', async () => {
    const address = '198.18.2.1';
    const accounts = ['burst-a@example.test', 'burst-b@example.test', 'burst-c@example.test', 'burst-d@example.test'];
    slept.length = 0;
    const burst = await Promise.all(
      accounts.flatMap((email) => Array.from({ length: 10 }, (_, i) => attempt(email, `guess-${i}`, address).then((r) => ({ email, status: r.statusCode })))),
    );
    expect(burst.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
    const checked = burst.filter((r) => r.status === 401);
    // Each account got at most 5 checked guesses, and all of them together no more than the address limit.
    for (const email of accounts) expect(checked.filter((r) => r.email === email).length, email).toBeLessThanOrEqual(5);
    expect(checked.length).toBeLessThanOrEqual(20);
    // The checked guesses were slowed as they were counted, one after another.
    expect(Math.max(...slept)).toBe(8000);
    for (const email of accounts) expectError(await attempt(email, 'again', address), 429, 'RATE_LIMITED');
    expect((await attempt(VIEWER, DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('lets the pair in again once the Retry-After it gave has passed', async () => {
    const address = '192.0.2.200';
    for (let i = 0; i < 5; i++) expectError(await attempt(VIEWER, 'wrong', address), 401, 'INVALID_CREDENTIALS');
    const limited = await attempt(VIEWER, DEMO_PASSWORD, address);
    expectError(limited, 429, 'RATE_LIMITED');
    const retryAfter = Number(limited.headers['retry-after']);
    await age(address, retryAfter - 5);
    expectError(await attempt(VIEWER, DEMO_PASSWORD, address), 429, 'RATE_LIMITED');
    await age(address, 6);
    expect((await attempt(VIEWER, DEMO_PASSWORD, address)).statusCode).toBe(200);
  });
});
