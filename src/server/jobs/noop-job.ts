import type { JobDefinition } from './types';

interface NoopPayload {
  /** Milliseconds to hold the job (tests: a worker killed mid-job). */
  holdMs?: number;
  /** Fail with this message (tests: a failing job ends failed with its reason). */
  fail?: string;
  /** Steps of progress to record while held. */
  steps?: number;
  /** Hold only on attempts up to this one (tests: the retry after a dead worker finishes at once). */
  holdAttempts?: number;
}

/** A job that does nothing, or waits, or fails: the queue's own tests and `npm run bench:jobs`. */
export const noopJob: JobDefinition<NoopPayload, { attempt: number }> = {
  type: 'noop',
  parse(payload) {
    const p = (payload ?? {}) as NoopPayload;
    return { holdMs: Number(p.holdMs ?? 0), fail: p.fail ? String(p.fail) : undefined, steps: Number(p.steps ?? 0), holdAttempts: Number(p.holdAttempts ?? Infinity) };
  },
  async run(ctx) {
    const steps = Math.max(1, ctx.payload.steps ?? 0);
    const hold = ctx.attempt <= (ctx.payload.holdAttempts ?? Infinity) ? (ctx.payload.holdMs ?? 0) : 0;
    for (let i = 0; i < steps && hold > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, hold / steps));
      await ctx.progress((i + 1) / steps, `Step ${i + 1} of ${steps}`);
    }
    if (ctx.payload.fail) throw new Error(ctx.payload.fail);
    return { attempt: ctx.attempt };
  },
};
