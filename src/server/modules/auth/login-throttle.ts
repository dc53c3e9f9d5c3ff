/**
 * The login throttle's rule (issues 13.3 and 26.2, after OWASP's authentication cheat sheet),
 * pure so it can be tested without a database. Failures are counted per (account, address) pair
 * and per address, never per account alone: a stranger's guesses from elsewhere must never lock
 * a user out, so the correct password from an address that has not failed always gets in.
 *
 * - A pair is slowed from its third attempt after failures (1 s, 2 s, 4 s) and refused for
 *   the window at `perPair` failures. That is the brute-force bound on one account per address.
 * - An address is slowed for everyone behind it once a quarter of `perAddress` has failed
 *   there (1 s doubling to `delayMaxMs`). At `perAddress` failures it refuses the accounts
 *   that have already failed from it; an account that has not is still checked, only slowed,
 *   so a few colleagues' typos behind one office NAT do not lock out the others.
 * - At `perAddressAll` failures across accounts the address is refused for every account, those
 *   that never failed there too: that is the bound on spraying one password over many accounts
 *   (60 accounts in 9 s went unrefused before, since parallel attempts sleep their delays at
 *   once). Far more failures than an office makes; a correct password from elsewhere still wins.
 * - A refusal answers at once and is not counted, so hammering does not extend it.
 */
export interface LoginLimits {
  perPair: number;
  perAddress: number;
  /** Failures from one address, any accounts, at which it is refused for all of them. */
  perAddressAll: number;
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
  // Counted failures stop at the limit (refusals are not recorded), so the address drops below
  // it when its oldest failure leaves the window; a pair that failed there also waits for its
  // newest (the per-address rule below would refuse it until then).
  if (address.n >= limits.perAddressAll) {
    const byAddress = until(address.oldest);
    return pair.n > 0 ? { ...byAddress, retryAfterSeconds: Math.max(byAddress.retryAfterSeconds, until(pair.newest).retryAfterSeconds) } : byAddress;
  }
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
