import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { passwordPool } from '../../src/server/modules/auth/password-pool';
import { ADMIN, ANALYST, DEMO_PASSWORD, VIEWER, buildTestApp } from './helper';
import { buildAppOn, expectError } from './support';

const WINDOW_SECONDS = 900;
const PER_ADDRESS_ALL = 50;

/**
 * Issue 26.2 and 26.3: one address spraying a password over many accounts is refused for every
 * account once past the address-wide limit, however parallel its attempts, while the correct
 * password from elsewhere still gets in; and the password checks run through a bounded pool whose
 * overflow answers 503 with Retry-After without counting as a failure. Delays are recorded by an
 * injected sleep instead of being waited for.
 */
describe('login flood', async () => {
  const { database } = await buildTestApp({}, { counts: false, jobs: false });
  const slept: number[] = [];
  /** Runs once when a throttled login is about to sleep (then forgotten): the moment between the count and the check. */
  let onSleep: (() => void) | undefined;
  const sleep = async (ms: number) => {
    slept.push(ms);
    const run = onSleep;
    onSleep = undefined;
    run?.();
  };
  // Room in the check queue for the bursts: the spraying tests are about the throttle.
  const app = await buildAppOn(database, { LOGIN_VERIFY_QUEUE: '100' }, { loginSleep: sleep });
  // One check at a time and one waiting: the pool's tests fill it by hand.
  const tight = await buildAppOn(database, { LOGIN_VERIFY_CONCURRENCY: '1', LOGIN_VERIFY_QUEUE: '1' }, { loginSleep: sleep });
  const attempt = (email: string, password: string, remoteAddress: string, on = app) =>
    on.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const failuresAt = async (address: string) => {
    const rows = (await database.db.execute(sql`select count(*)::int as n from login_attempts where address = ${address}`)) as unknown as { rows: { n: number }[] };
    return rows.rows[0]!.n;
  };
  const age = (address: string, seconds: number) =>
    database.db.execute(sql`update login_attempts set at = at - make_interval(secs => ${seconds}) where address = ${address}`);

  afterEach(() => {
    onSleep = undefined;
    slept.length = 0;
  });

  it('refuses a spraying address for every account past 50 failures, while the same accounts get in from elsewhere', async () => {
    const address = '203.0.113.60';
    const statuses: number[] = [];
    // One password over 50 accounts (unknown ones and real ones), one guess each: none reaches its pair's limit.
    for (let i = 1; i <= PER_ADDRESS_ALL; i++) {
      const email = i === 10 ? ANALYST : `spray-${i}@example.test`;
      statuses.push((await attempt(email, 'Summer2026!', address)).statusCode);
    }
    expect(statuses).toEqual(Array<number>(PER_ADDRESS_ALL).fill(401));
    // Slowed on the way: five free, then 1, 2, 4 s and 8 s from then on.
    expect(slept.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);

    // Now every account is refused there, even one that never failed there, with its right password.
    slept.length = 0;
    for (const email of ['spray-51@example.test', VIEWER, ADMIN]) {
      const password = email === 'spray-51@example.test' ? 'Summer2026!' : DEMO_PASSWORD;
      const res = await attempt(email, password, address);
      const body = expectError(res, 429, 'RATE_LIMITED', TEXT.tooManyAttempts);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 120);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(body.error.details).toEqual({ retryAfter });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    // Refusals are answered at once and not counted.
    expect(slept).toEqual([]);
    expect(await failuresAt(address)).toBe(PER_ADDRESS_ALL);

    // Nobody is locked out: the right password from another address gets in, unslowed.
    for (const email of [VIEWER, ADMIN, ANALYST]) expect((await attempt(email, DEMO_PASSWORD, '203.0.113.61')).statusCode).toBe(200);
    expect(slept).toEqual([]);

    // Once the oldest failures leave the window the address is below the limit again.
    await age(address, WINDOW_SECONDS + 1);
    expect((await attempt(VIEWER, DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('says in Retry-After when the address drops below the limit', async () => {
    const address = '203.0.113.62';
    for (let i = 1; i <= PER_ADDRESS_ALL; i++) await attempt(`late-${i}@example.test`, 'x', address);
    await age(address, 600);
    const res = await attempt(VIEWER, DEMO_PASSWORD, address);
    expectError(res, 429, 'RATE_LIMITED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 600 - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS - 600);
  });

  it('cannot be outrun by 60 parallel attempts on 60 accounts from one address', async () => {
    const address = '198.18.26.1';
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(i === 59 ? VIEWER : `parallel-${i}@example.test`, i === 59 ? DEMO_PASSWORD : 'Winter2026!', address)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 401 && s !== 429 && s !== 200)).toEqual([]);
    // Counted one after another under the address's lock: exactly the limit reached the check.
    expect(statuses.filter((s) => s === 401 || s === 200)).toHaveLength(PER_ADDRESS_ALL);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    for (const r of burst.filter((x) => x.statusCode === 429)) expect(Number(r.headers['retry-after'])).toBeGreaterThan(WINDOW_SECONDS - 120);
    expect(await failuresAt(address)).toBeLessThanOrEqual(PER_ADDRESS_ALL);
    expectError(await attempt(ANALYST, DEMO_PASSWORD, address), 429, 'RATE_LIMITED');
    expect((await attempt(ANALYST, DEMO_PASSWORD, '198.18.26.2')).statusCode).toBe(200);
  });

  /** Takes every place of `tight`'s pool (both running and waiting) until the returned function is called. */
  const fillPool = () => {
    const pool = passwordPool(tight.config.loginVerify);
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const runs = [pool.run(() => held), pool.run(() => held)];
    expect(pool.full).toBe(true);
    return async () => {
      free();
      await Promise.all(runs);
    };
  };

  it('answers 503 with Retry-After when the password checks are full, known email or not, and counts nothing', async () => {
    const address = '192.0.2.226';
    const release = fillPool();
    for (const [email, password] of [[VIEWER, DEMO_PASSWORD], [VIEWER, 'wrong'], ['nobody@example.test', 'wrong']] as const) {
      const res = await attempt(email, password, address, tight);
      const body = expectError(res, 503, 'UNAVAILABLE', TEXT.loginBusy);
      expect(res.headers['retry-after']).toBe('1');
      expect(body.error.details).toEqual({ retryAfter: 1 });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
    expect(await failuresAt(address)).toBe(0);
    await release();
    expect((await attempt(VIEWER, DEMO_PASSWORD, address, tight)).statusCode).toBe(200);
  });

  it('forgets an attempt counted before the checks filled up: a flood from elsewhere uses up nobody\'s allowance', async () => {
    const address = '192.0.2.227';
    // Six failures at the address, so the next attempt is slowed: the pool fills while it sleeps.
    for (let i = 1; i <= 6; i++) expectError(await attempt(`filler-${i}@example.test`, 'x', address, tight), 401, 'INVALID_CREDENTIALS');
    let release: (() => Promise<void>) | undefined;
    for (const email of [ANALYST, 'unknown-after-count@example.test']) {
      onSleep = () => (release = fillPool());
      expectError(await attempt(email, 'wrong', address, tight), 503, 'UNAVAILABLE', TEXT.loginBusy);
      expect(release).toBeDefined();
      await release!();
      release = undefined;
    }
    expect(await failuresAt(address)).toBe(6);
  });

  it('checks a burst of correct passwords one after another through the pool', async () => {
    // Two at a time fit (one running, one waiting); the rest are told to come back, and then get in.
    const burst = await Promise.all([ADMIN, ANALYST, VIEWER, ADMIN].map((email, i) => attempt(email, DEMO_PASSWORD, `192.0.2.${230 + i}`, tight)));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    for (const [i, r] of burst.entries()) {
      if (r.statusCode === 503) expect((await attempt([ADMIN, ANALYST, VIEWER, ADMIN][i]!, DEMO_PASSWORD, `192.0.2.${230 + i}`, tight)).statusCode).toBe(200);
    }
  });
});
