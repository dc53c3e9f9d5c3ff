/**
 * Reconnecting fast (issue 12 item 7). When the network is up but the server is not, the
 * health endpoint is probed with a short backoff, so edits go within 15 s of the server's
 * return; the outbox's own retry backoff (up to 5 minutes) is for a server that answers with
 * errors, not for one that is gone.
 */

/** The probe (spec 1 §7: the gateway's health check answers when the server does). */
export const HEALTH_PATH = '/api/api-gateway-health-check';

/** The waits before the first probes; after these, every probe waits the cap. */
const PROBE_STEPS_MS = [1_000, 2_000, 4_000, 8_000] as const;
/** The longest wait: the server is reached at most this long after it is back. */
export const PROBE_CAP_MS = 15_000;

/** The wait before probe number `attempt` (0 for the first): 1 s, 2 s, 4 s, 8 s, then 15 s. */
export function probeDelayMs(attempt: number): number {
  if (!Number.isFinite(attempt) || attempt < 0) return PROBE_STEPS_MS[0];
  return PROBE_STEPS_MS[Math.floor(attempt)] ?? PROBE_CAP_MS;
}

/**
 * How long a probe may go unanswered: a server that accepts the connection but hangs is not
 * back, and a hung probe must not stretch the 15 s promise.
 */
export const PROBE_TIMEOUT_MS = 5_000;
