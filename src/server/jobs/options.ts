import type { JobOptions } from './types';

const DEFAULTS: JobOptions = { retryLimit: 2, retryDelaySeconds: 5, backoff: true, timeLimitSeconds: 15 * 60 };

/** Per type: attempts, backoff and time limit. A type not listed gets DEFAULTS. */
export const JOB_OPTIONS: Record<string, JobOptions> = {
  noop: { ...DEFAULTS, retryLimit: 0, timeLimitSeconds: 60 },
  'index-report': { ...DEFAULTS, timeLimitSeconds: 10 * 60 },
  'activation-delivery': { ...DEFAULTS, timeLimitSeconds: 30 * 60 },
  // Issue 16: a lookalike scores the whole region (bench: about 10 s at 10M people); a motivation audience stores one rule's people.
  lookalike: { ...DEFAULTS, timeLimitSeconds: 10 * 60 },
  'motivation-audience': { ...DEFAULTS, timeLimitSeconds: 10 * 60 },
  // Decision 014: recording counts each chart of a product once; the month close every chart, on the 1st at 00:10 UTC
  // (retried for an hour or so, so a region still loading after a restart is recorded when it is ready).
  'outcome-record': { ...DEFAULTS, timeLimitSeconds: 10 * 60 },
  'outcome-month-close': { ...DEFAULTS, retryLimit: 5, retryDelaySeconds: 120, timeLimitSeconds: 30 * 60, cron: '10 0 1 * *' },
  // Issue 31: reading a plan file is quick; a planning system's connector may be slow.
  'plan-import': { ...DEFAULTS, retryLimit: 2, timeLimitSeconds: 5 * 60 },
  // Spec 1 §9: tasks are removed after 15 days; hourly, so none outlives that by more than an hour.
  'notifications-cleanup': { ...DEFAULTS, retryLimit: 1, timeLimitSeconds: 5 * 60, cron: '7 * * * *' },
};

export function jobOptions(type: string): JobOptions {
  return JOB_OPTIONS[type] ?? DEFAULTS;
}
