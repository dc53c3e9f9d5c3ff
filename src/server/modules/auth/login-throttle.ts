/**
 * The login throttle's rule (issue 13.3, after OWASP's authentication cheat sheet), pure so
 * it can be tested without a database. Failures are counted per (account, address) pair and
 * per address, never per account alone: a stranger's guesses from elsewhere must not lock a
 * user out, and one noisy machine behind an office NAT must not lock out its colleagues.
 *
 * - A pair is slowed from its third attempt after failures (1 s, 2 s, 4 s) and refused for
 *   the window at `perPair` failures. That is the brute-force bound on one account per address.
 * - An address is slowed for everyone behind it once a quarter of `perAddress` has failed
 *   there (1 s doubling to `delayMaxMs`). At `perAddress` failures it refuses the accounts
 *   that have already failed from it; an account that has not is still checked, only slowed,
 *   so the correct password from an address that has not failed for the account always wins.
 * - A refusal answers at once and is not counted, so hammering does not extend it.
 */
export interface LoginLimits {
  perPair: number;
  perAddress: number;
  windowSeconds: number;
  delayBaseMs: number;
  delayMaxMs: number;
}

/** Failures in the window, with the time (ms) the oldest and newest happened. */
export interface FailureCount {
  n: number;
  oldest: number | null;
  newest: number | null;
}

export type LoginThrottle = { refuse: true; retryAfterSeconds: number } | { refuse: false; delayMs: number };

/** Failures a pair may have before its attempts are slowed (one typo costs nothing). */
export const FREE_PAIR_FAILURES = 1;

/** No delay up to `free` failures, then base, 2 x base, 4 x base ... capped at max. */
export function exponentialDelayMs(failures: number, free: number, baseMs: number, maxMs: number): number {
  if (failures <= free) return 0;
  return Math.min(maxMs, baseMs * 2 ** (failures - free - 1));
}

export function throttleLogin(
  failures: { pair: FailureCount; address: FailureCount },
  limits: LoginLimits,
  now: number,
): LoginThrottle {
  const { pair, address } = failures;
  const until = (at: number | null) => ({
    refuse: true as const,
    retryAfterSeconds: Math.max(1, Math.ceil(((at ?? now) + limits.windowSeconds * 1000 - now) / 1000)),
  });
  // The pair is free again when its oldest failure leaves the window (refusals are not counted).
  if (pair.n >= limits.perPair) return until(pair.oldest);
  // Certainly free once all of the pair's failures have left the window.
  if (pair.n > 0 && address.n >= limits.perAddress) return until(pair.newest);
  const freeAddressFailures = Math.floor(limits.perAddress / 4);
  return {
    refuse: false,
    delayMs: Math.max(
      exponentialDelayMs(pair.n, FREE_PAIR_FAILURES, limits.delayBaseMs, limits.delayMaxMs),
      exponentialDelayMs(address.n, freeAddressFailures, limits.delayBaseMs, limits.delayMaxMs),
    ),
  };
}
