import { addMonths, monthOf, monthTitle, OUTCOMES_TEXT, type YearMonth } from '@shared/rules/outcomes';
import type { DataSource } from '@shared/schemas/auth';
import type { JobContext, JobDefinition } from '../../jobs/types';
import { jobCounter, synthesiseChart, type SynthesisedMonth } from './outcome-synthesis';
import {
  measurePath,
  monthClosePayloadSchema,
  OUTCOME_MONTH_CLOSE_JOB,
  OUTCOME_RECORD_JOB,
  recordPayloadSchema,
  type MonthClosePayload,
  type RecordPayload,
} from './outcome-record-request';
import * as repo from './outcomes-repository';
import { raiseOutcomeCompleted } from '../notifications/notifications-repository';

/** The month close counts on the bitmap engine (the cron has no session's choice). */
const MONTH_CLOSE_SOURCE: DataSource = 'molecula';

/** A failure whose message is meant for the task's reader (the engine's refusals are written for people). */
class OutcomeJobError extends Error {
  override name = 'OutcomeJobError';
}

const readable = (err: unknown): never => {
  throw new OutcomeJobError(err instanceof Error ? err.message : String(err));
};

/**
 * Each chart's month from its counts now, counted first (the engine's work, outside any
 * transaction), then stored in one transaction. `skipped` are the charts whose month is 'entered'.
 */
async function recordCharts(
  ctx: JobContext<unknown>,
  charts: readonly { chart: repo.ChartRow; clientRegionId: number }[],
  month: YearMonth,
  source: DataSource,
  createdBy: (chart: repo.ChartRow) => number | null,
): Promise<{ recorded: number[]; skipped: number[] }> {
  const counted: { chart: repo.ChartRow; figures: SynthesisedMonth }[] = [];
  for (const [i, { chart, clientRegionId }] of charts.entries()) {
    ctx.signal.throwIfAborted();
    counted.push({ chart, figures: await synthesiseChart(ctx.db, chart.id, clientRegionId, jobCounter(ctx, source)).catch(readable) });
    await ctx.progress((i + 1) / (charts.length + 1), `Counted ${i + 1} of ${charts.length} charts`);
  }
  return ctx.db.transaction(async (tx) => {
    const recorded: number[] = [];
    const skipped: number[] = [];
    for (const { chart, figures } of counted) {
      const row = await repo.recordMonth(tx, chart, month, figures, createdBy(chart));
      (row ? recorded : skipped).push(chart.id);
    }
    return { recorded, skipped };
  });
}

/**
 * 'Record this month' (decision 014), in the job thread: every chart of the product in the region
 * gets the month's figures as 'recorded' (an earlier recording of the month replaced; a month
 * typed or edited by hand left alone), then the task completes naming Measure on that month.
 * A final failure marks the task failed with the reason.
 */
export const outcomeRecordJob: JobDefinition<RecordPayload, { taskId: number; recorded: number[]; skipped: number[] } | { taskId: number; done: string }> = {
  type: OUTCOME_RECORD_JOB,
  parse: (payload) => recordPayloadSchema.parse(payload),
  async run(ctx) {
    const p = ctx.payload;
    const task = await repo.taskById(ctx.db, p.taskId);
    if (task && task.status === 'completed') return { taskId: p.taskId, done: 'the month was already recorded' };
    const charts = await repo.chartsOf(ctx.db, { clientId: p.clientId, productId: p.productId, regionId: p.regionId });
    const { recorded, skipped } = await recordCharts(ctx, charts.map((chart) => ({ chart, clientRegionId: p.clientRegionId })), p.today, p.dataSource, () => p.userId);
    await repo.finishTask(ctx.db, p.taskId, { status: 'completed', request: { path: measurePath(p.context, charts[0]?.id ?? null, p.today), recorded, skipped } });
    await ctx.progress(1, 'Recorded');
    return { taskId: p.taskId, recorded, skipped };
  },
  async onFailed(failure) {
    const parsed = recordPayloadSchema.safeParse(failure.payload);
    if (!parsed.success) return;
    await repo.finishTask(failure.db, parsed.data.taskId, { status: 'failed', error: failure.reason || `${monthTitle(parsed.data.today)} could not be recorded. Please try again.` });
  },
};

/**
 * The month close (decision 014), on the 1st of each month by cron: every chart of every product
 * gets the month just ended recorded where it is missing or only recorded (a mid-month recording
 * gets the month's final figures); a month typed or edited by hand is never overwritten. Each
 * chart's creator is told once per product (a completed outcome_completed task opening Measure on
 * the month). A region whose data cannot be counted fails the attempt (the others are stored
 * first) and the job is retried; the creators are told after the last attempt.
 */
export const outcomeMonthCloseJob: JobDefinition<MonthClosePayload, { month: YearMonth; recorded: number[]; skipped: number[]; tasks: number }> = {
  type: OUTCOME_MONTH_CLOSE_JOB,
  parse: (payload) => monthClosePayloadSchema.parse(payload ?? {}),
  async run(ctx) {
    const month = addMonths(ctx.payload.today ?? monthOf(new Date()), -1);
    const all = await repo.allChartsWithContext(ctx.db);
    const byRegion = new Map<number, typeof all>();
    for (const c of all) byRegion.set(c.clientRegionId, [...(byRegion.get(c.clientRegionId) ?? []), c]);
    const recorded: number[] = [];
    const skipped: number[] = [];
    const failures: string[] = [];
    for (const charts of byRegion.values()) {
      try {
        const done = await recordCharts(ctx, charts, month, MONTH_CLOSE_SOURCE, (chart) => chart.createdBy);
        recorded.push(...done.recorded);
        skipped.push(...done.skipped);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        failures.push(err instanceof Error ? err.message : String(err));
      }
    }

    const failed = () => new OutcomeJobError(`${monthTitle(month)} was recorded for ${recorded.length} charts; some regions could not be counted: ${[...new Set(failures)].join(' ')}`);
    // A retry records every chart again (a recording is replaced): the creators are told once, when no attempt is left to come.
    if (failures.length && !ctx.lastAttempt) throw failed();

    // One task per chart creator and product (and region: the context names it), opening its default or first chart.
    const done = new Set(recorded);
    const told = new Map<string, { userId: number; clientId: number; slug: string; chartId: number }>();
    for (const { chart, slug } of all) {
      if (chart.createdBy === null || !done.has(chart.id)) continue;
      const key = `${chart.createdBy}/${slug}`;
      if (!told.has(key)) told.set(key, { userId: chart.createdBy, clientId: chart.clientId, slug, chartId: firstChartOf(all, slug) });
    }
    await ctx.db.transaction(async (tx) => {
      for (const t of told.values()) {
        await raiseOutcomeCompleted(tx, { userId: t.userId, clientId: t.clientId, name: OUTCOMES_TEXT.recorded(monthTitle(month)), productSlug: t.slug, path: measurePath(t.slug, t.chartId, month) });
      }
    });
    if (failures.length) throw failed();
    await ctx.progress(1, 'Recorded');
    return { month, recorded, skipped, tasks: told.size };
  },
};

/** The product's default chart, else its first (the list is ordered default first, then by name). */
function firstChartOf(all: readonly { chart: repo.ChartRow; slug: string }[], slug: string): number {
  return all.find((c) => c.slug === slug)!.chart.id;
}
