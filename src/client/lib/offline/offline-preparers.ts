import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Area } from '@shared/rules/access';
import type { ProductScope } from '../guards';

/**
 * What "Make available offline" asks of each feature (issue 12): the work its pages need in a
 * product context, as named steps. A feature registers a loader for its preparer here (in
 * src/client/offline-preparers.ts, as entities.ts does for outbox handlers), so its code loads
 * only when a user makes a context available offline, never with the shell.
 */

/** One piece of work, named so a failure can be told to the user and retried alone. */
export interface OfflineStep {
  /** In the user's words: 'Chart “Summer Reach Planner”: counts for every tab'. */
  label: string;
  /**
   * Does the work; throws when it failed. May return the further steps it found (a list's
   * charts, a chart's insights): they join the run, and its "n of m".
   */
  run(): Promise<readonly OfflineStep[] | void>;
}

export interface OfflinePrepareInput {
  queryClient: QueryClient;
  scope: ProductScope;
  /** The X-Context string of the scope ("acme/us/fizz-cola/fizz-original"). */
  context: string;
  /**
   * Reads a query from the server with the page's own query options, so the persisted query
   * cache then answers the page offline. Throws when the answer did not come from the server
   * (the device's or the service worker's older copy) or the server refused.
   */
  fetch<T, E, K extends QueryKey>(options: FetchQueryOptions<T, E, T, K>): Promise<T>;
}

/** A feature's preparer: the first steps of its pages in one context (their run may find more). */
export type OfflinePreparer = (input: OfflinePrepareInput) => readonly OfflineStep[];

/**
 * A read several steps share (the region's categories): asked once, and a failed read is asked
 * again by the next step that needs it (a retry included), never remembered as failed.
 */
export function sharedRead<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

interface Registration {
  area: Area;
  load: () => Promise<OfflinePreparer>;
}

const registry = new Map<Area, Registration>();

/**
 * Registers the preparer of an area's pages; `load` imports it (a dynamic import), so the
 * feature's queries and schemas stay out of the shell until a run needs them.
 */
export function registerOfflinePreparer(area: Area, load: () => Promise<OfflinePreparer>): void {
  registry.set(area, { area, load });
}

/** The registered preparers of the areas that `open` says this user may open in the context. */
export function preparerRegistrations(open: (area: Area) => boolean): Registration[] {
  return [...registry.values()].filter((r) => open(r.area));
}

export interface StepFailureOf {
  step: OfflineStep;
  error: unknown;
}

export interface RunStepsOptions {
  /** Steps run at once (the count engine and this machine are shared). */
  concurrency: number;
  /** Whether a failure means "ask again later" (the server preparing the region's data); `tries` so far, 1 at the first failure. */
  askAgain(error: unknown, tries: number): boolean;
  askAgainEveryMs: number;
  /** How long one step keeps asking again before it counts as failed. */
  askAgainForMs: number;
  onProgress(progress: { done: number; total: number }): void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** The server was still preparing the data when a step gave up asking. */
export class StillPreparingError extends Error {
  constructor(readonly waitedMs: number, cause: unknown) {
    super(`still being prepared after ${Math.round(waitedMs / 1000)} s`, { cause });
  }
}

/**
 * Runs steps a few at a time, with the steps they find, until none is left. A step whose data
 * is being prepared is asked again until `askAgainForMs` has passed; then, like any other
 * failure, it is returned (never dropped), so the run can say exactly what failed.
 */
export async function runSteps(steps: readonly OfflineStep[], options: RunStepsOptions): Promise<{ done: number; total: number; failures: StepFailureOf[] }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const now = options.now ?? Date.now;
  const queue = [...steps];
  const failures: StepFailureOf[] = [];
  let total = queue.length;
  let done = 0;
  options.onProgress({ done, total });

  const attempt = async (step: OfflineStep): Promise<readonly OfflineStep[] | void> => {
    const started = now();
    for (let tries = 1; ; tries++) {
      try {
        return await step.run();
      } catch (error) {
        if (!options.askAgain(error, tries)) throw error;
        const waited = now() - started;
        if (waited + options.askAgainEveryMs > options.askAgainForMs) throw new StillPreparingError(waited, error);
        await sleep(options.askAgainEveryMs);
      }
    }
  };

  const worker = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      try {
        const found = await attempt(step);
        if (found && found.length > 0) {
          queue.push(...found);
          total += found.length;
        }
      } catch (error) {
        failures.push({ step, error });
      }
      done++;
      options.onProgress({ done, total });
    }
  };
  // A worker that finds the queue empty stops, though a running step may still add to it: keep
  // starting workers until every step, found ones included, has run.
  let running: Promise<void>[] = [];
  while (queue.length > 0 || running.length > 0) {
    while (running.length < options.concurrency && queue.length > 0) {
      const task: Promise<void> = worker().finally(() => {
        running = running.filter((t) => t !== task);
      });
      running.push(task);
    }
    if (running.length > 0) await Promise.race(running);
  }
  return { done, total, failures };
}
