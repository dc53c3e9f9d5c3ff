/**
 * Per-user limits on the writes that start expensive work (issue 26, decision 018): each of these
 * queues a job that reads a region's whole audience data, so a burst from one user (a script,
 * a stuck button, a replaying client) would hold the job workers for everyone. The numbers are
 * far above what an analyst asks for by hand and far below a burst of a hundred.
 */
export const WRITE_LIMIT_ACTIONS = ['index_reports', 'lookalikes', 'motivation_audiences', 'activations', 'record_month', 'uploads'] as const;
export type WriteLimitAction = (typeof WRITE_LIMIT_ACTIONS)[number];

/** How many of each one user may ask for in one window, unless configured otherwise. */
export const DEFAULT_WRITE_LIMITS: Readonly<Record<WriteLimitAction, number>> = {
  index_reports: 20,
  lookalikes: 10,
  motivation_audiences: 10,
  activations: 20,
  record_month: 10,
  uploads: 30,
};
export const DEFAULT_WRITE_LIMIT_WINDOW_SECONDS = 600;

/** What a refusal calls n of each: the action as the user did it, not the route. */
const ASKED: Record<WriteLimitAction, (n: number) => string> = {
  index_reports: (n) => `asked for ${plural(n, 'index report', 'index reports')}`,
  lookalikes: (n) => `asked for ${plural(n, 'lookalike or optimized audience', 'lookalike or optimized audiences')}`,
  motivation_audiences: (n) => `asked for ${plural(n, 'motivation audience', 'motivation audiences')}`,
  activations: (n) => `sent ${plural(n, 'activation', 'activations')}`,
  record_month: (n) => `recorded this month ${n === 1 ? 'once' : `${n} times`}`,
  uploads: (n) => `uploaded ${plural(n, 'spreadsheet', 'spreadsheets')}`,
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A span of seconds as the message says it: whole minutes from a minute up, else seconds. */
export function spanText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return plural(s, 'second', 'seconds');
  return plural(Math.ceil(s / 60), 'minute', 'minutes');
}

/**
 * The refusal's message, e.g. "You have asked for 20 index reports in the last 10 minutes.
 * Please wait 4 minutes before asking again."
 */
export function writeLimitMessage(action: WriteLimitAction, count: number, windowSeconds: number, retryAfterSeconds: number): string {
  return `You have ${ASKED[action](count)} in the last ${spanText(windowSeconds)}. Please wait ${spanText(retryAfterSeconds)} before asking again.`;
}
