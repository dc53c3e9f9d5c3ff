import * as z from 'zod/mini';
import { monthKey, type YearMonth } from '@shared/rules/outcomes';
import { dataSourceSchema } from '@shared/schemas/auth';

/** The job types of outcome recording (decision 014); jobs/registry.ts names their definitions (outcome-jobs.ts). */
export const OUTCOME_RECORD_JOB = 'outcome-record';
export const OUTCOME_MONTH_CLOSE_JOB = 'outcome-month-close';

const yearMonthSchema = z.object({ year: z.int(), month: z.int().check(z.gte(1), z.lte(12)) });

/** 'Record this month': every chart of one product in one region, for `today`'s month, completing task `taskId`. */
export const recordPayloadSchema = z.object({
  taskId: z.int(),
  userId: z.int(),
  clientId: z.int(),
  productId: z.int(),
  regionId: z.int(),
  clientRegionId: z.int(),
  /** The requester's data source: the job counts as their page did. */
  dataSource: dataSourceSchema,
  /** 'client/region/brand/product': the task's context and the path it opens. */
  context: z.string(),
  /** The month recorded (one-based), fixed when it was asked. */
  today: yearMonthSchema,
});
export type RecordPayload = z.infer<typeof recordPayloadSchema>;

/** The cron sends {}; a test (or an operator) may name the day's month, whose previous month is closed. */
export const monthClosePayloadSchema = z.object({ today: z.optional(yearMonthSchema) });
export type MonthClosePayload = z.infer<typeof monthClosePayloadSchema>;

/** Where an outcome task leads: Measure on the chart (default or first, when there is one), with `month` as the current month. */
export function measurePath(context: string, chartId: number | null, month: YearMonth): string {
  return `/${context}/outcomes/measure${chartId === null ? '' : `/${chartId}`}?current=${monthKey(month)}`;
}
