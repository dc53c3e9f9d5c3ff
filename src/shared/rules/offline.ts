/**
 * "Make available offline" and what a context holds on the device (issue 12): which cached data
 * belongs to a context, how big it is, and what the run tells the user. Pure, so the panel, the
 * removal and the bench agree.
 */

/**
 * Whether a query belongs to a context: every context-scoped query key carries the X-Context
 * string ("acme/us/fizz-cola/fizz-original") as its second element (['grow', context, ...],
 * ['insights', context, ...], ['home-entities', context, ...]). A later feature that keys its
 * reads the same way is held, sized and removed with its context for free.
 */
export function queryOfContext(queryKey: readonly unknown[], context: string): boolean {
  return queryKey[1] === context;
}

/** The device's note that a context was made available offline (meta key), and the prefix of every such note. */
export const OFFLINE_MARKER_PREFIX = 'offline|';
export const offlineMarkerKey = (context: string) => `${OFFLINE_MARKER_PREFIX}${context}`;

/** How long the persisted cache keeps a context's data that nobody made available offline. */
export const UNPINNED_MAX_AGE_MS = 7 * 24 * 60 * 60_000;

/**
 * Whether the persisted query cache keeps a query (issue 27 item 3). A context made available
 * offline keeps its data until the user removes it, however old: a pinned copy that expired after
 * a week left Grow and Explore with dashes at the next meeting. Another context's data goes once it
 * is a week old. Data of no context (the session, the navigation, a client's toolbox) is what every
 * context's screens need, and stays (a logout, another user or a new build wipes it all).
 */
export function keptOnDevice(query: { queryKey: readonly unknown[]; dataUpdatedAt: number }, now: number, pinned: ReadonlySet<string>): boolean {
  if (now - query.dataUpdatedAt <= UNPINNED_MAX_AGE_MS) return true;
  const context = query.queryKey[1];
  if (typeof context !== 'string' || !context.includes('/')) return true;
  return pinned.has(context);
}

/**
 * Whether a device row belongs to a context: entities read in a context are saved under the
 * context as their scope (a chart), a list of them under `${context}#list`. Rows saved under a
 * client alone (toolbox units) are shared by every context of the client and are not a context's.
 */
export function scopeOfContext(scope: string, context: string): boolean {
  return scope === context || scope.startsWith(`${context}#`);
}

/** The bytes a value takes stored as JSON (UTF-8): the estimate of what it costs on the device. */
export function serializedBytes(value: unknown): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A value that cannot be serialised is not persisted either.
    return 0;
  }
  return text === undefined ? 0 : new TextEncoder().encode(text).length;
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** A size as people read it: "840 bytes", "12.4 KB", "3.1 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} ${value === 1 ? 'byte' : 'bytes'}`;
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${UNITS[unit]}`;
}

export interface OfflineStepFailure {
  /** The step, in the user's words: 'Chart “Summer Reach Planner”: counts for every tab'. */
  label: string;
  /** Why, in the user's words: 'the server answered 500: Internal error'. */
  reason: string;
}

export interface OfflineRunOutcome {
  contextLabel: string;
  /** Steps finished (whether they worked or not) and steps known: "n of m". */
  done: number;
  total: number;
  failures: readonly OfflineStepFailure[];
  running: boolean;
}

const steps = (n: number) => `${n} ${n === 1 ? 'step' : 'steps'}`;

/**
 * What the run says: its progress while it runs, and at the end exactly what it did. A run with
 * any failure never says the context is available offline without saying what is missing.
 */
export function offlineRunStatement(run: OfflineRunOutcome): string {
  if (run.running) return `Saving ${run.contextLabel} for offline use: ${run.done} of ${run.total} ${run.total === 1 ? 'step' : 'steps'}`;
  const failed = run.failures.length;
  if (failed === 0) return `${run.contextLabel} is available offline: all ${steps(run.total)} done.`;
  if (failed >= run.total) return `Nothing of ${run.contextLabel} could be saved for offline use: ${steps(failed)} failed.`;
  return `${run.contextLabel} is only partly available offline: ${failed} of ${steps(run.total)} failed, ${run.total - failed} done.`;
}
