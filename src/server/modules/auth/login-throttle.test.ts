import { describe, expect, it } from 'vitest';
import { exponentialDelayMs, throttleLogin, type FailureCount, type LoginLimits } from './login-throttle';

const limits: LoginLimits = { perPair: 5, perAddress: 20, perAddressAll: 50, windowSeconds: 900, delayBaseMs: 1000, delayMaxMs: 8000 };
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const count = (n: number, oldestAgoS = 60, newestAgoS = 1): FailureCount =>
  n === 0 ? { n, oldest: null, newest: null } : { n, oldest: NOW - oldestAgoS * 1000, newest: NOW - newestAgoS * 1000 };
const throttle = (pair: number, address: number) => throttleLogin({ pair: count(pair), address: count(address) }, limits, NOW);

describe('exponentialDelayMs', () => {
  it('is free up to the allowance, then doubles from the base up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => exponentialDelayMs(n, 1, 1000, 8000))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000, 8000,
    ]);
    expect(exponentialDelayMs(1_000_000, 5, 1000, 8000)).toBe(8000);
  });
});

describe('throttleLogin', () => {
  it('slows a pair exponentially (0, 0, 1, 2, 4 s) before refusing it at the fifth failure', () => {
    expect([0, 1, 2, 3, 4].map((n) => throttle(n, n))).toEqual([0, 0, 1000, 2000, 4000].map((delayMs) => ({ refuse: false, delayMs })));
    expect(throttle(5, 5)).toEqual({ refuse: true, retryAfterSeconds: 840 });
  });

  it('says in Retry-After when the oldest failure of a refused pair leaves the window', () => {
    const refused = throttleLogin({ pair: count(5, 899), address: count(5) }, limits, NOW);
    expect(refused).toEqual({ refuse: true, retryAfterSeconds: 1 });
  });

  it('slows everyone at a noisy address from the sixth failure there (1, 2, 4, then 8 s)', () => {
    expect([5, 6, 7, 8, 9, 19, 49].map((n) => throttle(0, n))).toEqual(
      [0, 1000, 2000, 4000, 8000, 8000, 8000].map((delayMs) => ({ refuse: false, delayMs })),
    );
  });

  it('at the address limit refuses the accounts that failed there, until their last failure leaves the window', () => {
    const refused = throttleLogin({ pair: count(1, 300, 300), address: count(20) }, limits, NOW);
    expect(refused).toEqual({ refuse: true, retryAfterSeconds: 600 });
  });

  it('below the address-wide limit never refuses an account that has not failed from the address', () => {
    for (const n of [20, 21, 49]) expect(throttle(0, n)).toEqual({ refuse: false, delayMs: 8000 });
  });

  it('at the address-wide limit refuses every account there, until the oldest failure leaves the window', () => {
    const address = count(50, 600, 1);
    expect(throttleLogin({ pair: count(0), address }, limits, NOW)).toEqual({ refuse: true, retryAfterSeconds: 300 });
    // However many failures there are (a limit lowered meanwhile).
    expect(throttleLogin({ pair: count(0), address: count(1000, 899) }, limits, NOW)).toEqual({ refuse: true, retryAfterSeconds: 1 });
    // An account that failed there waits until the per-address rule lets it go too.
    expect(throttleLogin({ pair: count(1, 100, 100), address }, limits, NOW)).toEqual({ refuse: true, retryAfterSeconds: 800 });
    expect(throttleLogin({ pair: count(1, 800, 800), address }, limits, NOW)).toEqual({ refuse: true, retryAfterSeconds: 300 });
    // The pair's own limit says the same as before.
    expect(throttleLogin({ pair: count(5, 700, 10), address }, limits, NOW)).toEqual({ refuse: true, retryAfterSeconds: 200 });
  });

  it('takes the longer of the pair and the address delay', () => {
    expect(throttle(4, 6)).toEqual({ refuse: false, delayMs: 4000 });
    expect(throttle(2, 9)).toEqual({ refuse: false, delayMs: 8000 });
  });
});
