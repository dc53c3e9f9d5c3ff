import {
  applyOutcomeFieldValues,
  figureHierarchyProblems,
  fillMissingOutcomes,
  fromServerMonth,
  monthOf,
  monthTitle,
  newMonthProblem,
  OUTCOMES_TEXT,
  outcomeFieldValues,
  sortNewestFirst,
  type NamedOutcomeChart,
  type OutcomeChartShape,
} from '@shared/rules/outcomes';
import type { FieldIssue } from '@shared/rules/grow';
import type { FieldConflict } from '@shared/rules/merge';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { CreateOutcomeTimeframeBody, OutcomeTimeframe, OutcomeTimeframeFields, OutcomeTimeframesResponse, UpdateOutcomeTimeframeBody } from '@shared/schemas/outcomes';
import type { Db, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { JobQueue } from '../../jobs/types';
import { AppError } from '../../lib/errors';
import { claimExact, claimMerged, type Claimable } from '../../lib/versioned';
import { auditWrite } from '../audit/audit-repository';
import { chartInScope, chartScope, invalid, type GrowScope } from '../grow/grow-common';
import { contextClientRegion, timed, type Asker } from '../insights/insights-service';
import { synthesiseChart, type OutcomeCounter } from './outcome-synthesis';
import { OUTCOME_RECORD_JOB, type RecordPayload } from './outcome-record-request';
import * as repo from './outcomes-repository';
import { storedFigures, synthesisedTimeframe, toTimeframe } from './outcomes-views';

/**
 * A Grow chart's outcome timeframes (spec 3 §3, §4, §5, §7 Outcomes; decision 014): the list with
 * the current month synthesised from the chart, adding a past month, editing a month's figures
 * (merged figure by figure over a newer version), deleting one, and 'Record this month' through
 * the job queue. Charts are the X-Context product's in its region; any other is 404.
 */

/** As Grow's: the database (a write's transaction), the caller, the X-Context and the engines. */
export type OutcomesScope = GrowScope;

/** The server's current month (UTC): what 'current', the presets and the available months go by. */
export const currentMonth = () => monthOf(new Date());

export const timeframeNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no outcome timeframe ${id} in this product and region: it may have been deleted.`, { gone: { kind: 'outcome_timeframe', id } });

export const MONTH_FIXED = "A timeframe's month cannot be changed: add a timeframe for the other month instead.";

const audit = (scope: OutcomesScope, action: string, id: number, details: Record<string, unknown>) => auditWrite(scope, `outcome_timeframe.${action}`, `outcome_timeframe:${id}`, details);

/** The session's engine, in the caller's count slots; null while the region's data is not ready. */
function sessionCounter(scope: OutcomesScope): OutcomeCounter {
  const asker: Asker = { db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx };
  return async (clientRegionId, question) => {
    const engine = scope.data.engineFor(clientRegionId, scope.auth.dataSource);
    if (typeof engine === 'string') return null;
    return timed(asker, () => engine.counts(clientRegionId, question));
  };
}

/** A chart's timeframes, newest first, ending with the current month synthesised from the chart unless it has been recorded. */
export async function listTimeframes(scope: OutcomesScope, mekkoId: number): Promise<OutcomeTimeframesResponse> {
  await chartInScope(scope.db, scope.ctx, mekkoId);
  const today = currentMonth();
  const [chart, stored, clientRegion] = await Promise.all([repo.chartShape(scope.db, mekkoId), repo.timeframesOf(scope.db, mekkoId), contextClientRegion(scope)]);
  const data = stored.map((s) => toTimeframe(chart, s, today));
  let dataReady = typeof scope.data.engineFor(clientRegion, scope.auth.dataSource) !== 'string';
  if (!data.some((t) => t.current)) {
    const figures = await synthesiseChart(scope.db, mekkoId, clientRegion, sessionCounter(scope));
    dataReady = dataReady && figures.dataReady;
    data.push(synthesisedTimeframe(chart, mekkoId, figures, today));
  }
  return { data: sortNewestFirst(data), meta: { today, data_ready: dataReady } };
}

// ---- checks ----------------------------------------------------------------------------------

/**
 * A body's figures over the chart as it is now: markets and audiences it leaves out are 0, an
 * audience is filed under the market it is in now. Market or audience ids that are not the
 * chart's are a 422 naming each.
 */
function figuresOf(chart: OutcomeChartShape, fields: OutcomeTimeframeFields): repo.TimeframeFigures {
  const marketIds = new Set(chart.markets.map((m) => m.id));
  const audienceIds = new Set(chart.markets.flatMap((m) => m.sub_markets.map((s) => s.id)));
  const issues: FieldIssue[] = [];
  fields.market_outcomes_attributes.forEach((m, i) => {
    if (!marketIds.has(m.market_id)) issues.push({ field: `outcome_timeframe.market_outcomes_attributes.${i}.market_id`, message: `There is no market ${m.market_id} in this Grow chart: it may have been deleted.` });
  });
  fields.submarket_outcomes_attributes.forEach((s, i) => {
    if (!audienceIds.has(s.sub_market_id)) issues.push({ field: `outcome_timeframe.submarket_outcomes_attributes.${i}.sub_market_id`, message: `There is no audience ${s.sub_market_id} in this Grow chart: it may have been deleted.` });
  });
  if (issues.length) throw invalid(issues);
  return {
    total: fields.total,
    matched: fields.matched,
    modeled: fields.modeled,
    ...fillMissingOutcomes(chart, {
      market_outcomes: fields.market_outcomes_attributes,
      submarket_outcomes: fields.submarket_outcomes_attributes.map((s) => ({ ...s, market_id: s.market_id ?? 0 })),
    }),
  };
}

/**
 * Decision 014's reconciliation rule: no audience above its market, no market above the chart,
 * figure by figure (figureHierarchyProblems). A 422 naming each figure, by its flat field.
 */
function checkLevels(chart: NamedOutcomeChart, figures: repo.TimeframeFigures) {
  const problems = figureHierarchyProblems(figures, chart);
  if (problems.length) throw invalid(problems.map((p) => ({ field: `outcome_timeframe.${p.field}`, message: p.message })));
}

function checkChartId(fields: OutcomeTimeframeFields, mekkoId: number) {
  if (fields.mekko_id !== undefined && fields.mekko_id !== mekkoId) {
    throw invalid([{ field: 'outcome_timeframe.mekko_id', message: `This timeframe is of Grow chart ${mekkoId}, not ${fields.mekko_id}.` }]);
  }
}

const viewOf = async (scope: OutcomesScope, row: repo.TimeframeRow) =>
  toTimeframe(await repo.chartShape(scope.db, row.mekkoId), await repo.withFigures(scope.db, row), currentMonth());

// ---- writes ----------------------------------------------------------------------------------

/** A past month's timeframe, typed (§5: months before the current one, not taken, at most ten years back). */
export async function createTimeframe(scope: OutcomesScope, mekkoId: number, body: CreateOutcomeTimeframeBody): Promise<{ data: OutcomeTimeframe }> {
  // Locked (share) so the chart cannot be deleted under the write.
  const chart = await chartInScope(scope.db, scope.ctx, mekkoId, true);
  const fields = body.outcome_timeframe;
  checkChartId(fields, mekkoId);
  const month = { year: fields.year, month: fromServerMonth(fields.month) };
  const problem = newMonthProblem(month, await repo.monthsOf(scope.db, mekkoId), currentMonth());
  if (problem) throw invalid([{ field: 'outcome_timeframe.month', message: problem }]);
  const shape = await repo.chartShape(scope.db, mekkoId);
  const figures = figuresOf(shape, fields);
  checkLevels(shape, figures);
  let row: repo.TimeframeRow;
  try {
    row = await repo.insertTimeframe(scope.db, { mekkoId, clientId: chart.clientId, ...month, createdBy: scope.auth.user.id }, figures);
  } catch (err) {
    // A concurrent write took the month between the check and the insert: the check's message.
    if (uniqueViolation(err) === 'outcome_timeframes_month_key') throw invalid([{ field: 'outcome_timeframe.month', message: `There is already a timeframe for ${monthTitle(month)}.` }]);
    throw err;
  }
  await audit(scope, 'create', row.id, { mekko_id: mekkoId, year: row.year, month: row.month, version: row.version });
  return { data: toTimeframe(shape, await repo.withFigures(scope.db, row), currentMonth()) };
}

async function timeframeInScope(scope: OutcomesScope, id: number): Promise<repo.TimeframeRow> {
  const row = await repo.findTimeframe(scope.db, chartScope(scope.ctx), id);
  if (!row) throw timeframeNotFound(id);
  return row;
}

/** A timeframe as the versioned claims see it (src/server/lib/versioned.ts). */
function claimable(scope: OutcomesScope, id: number): Claimable<repo.TimeframeRow> {
  return {
    claim: (version) => repo.claimTimeframe(scope.db, chartScope(scope.ctx), id, version),
    current: () => timeframeInScope(scope, id),
    conflict: async (current: repo.TimeframeRow, conflicts?: FieldConflict[]) =>
      new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('outcome timeframe'), { current: await viewOf(scope, current), ...(conflicts ? { conflicts } : {}) }),
  };
}

/**
 * An edit of a month's figures (it becomes 'entered'). At the sent version it applies as sent;
 * over a newer one it is merged with `base` figure by figure, and only a figure both sides
 * changed differently is a 409 naming it (decision 014).
 */
export async function updateTimeframe(scope: OutcomesScope, id: number, body: UpdateOutcomeTimeframeBody): Promise<{ data: OutcomeTimeframe }> {
  const found = await timeframeInScope(scope, id);
  const fields = body.outcome_timeframe;
  checkChartId(fields, found.mekkoId);
  if (fields.year !== found.year || fromServerMonth(fields.month) !== found.month) throw invalid([{ field: 'outcome_timeframe.month', message: MONTH_FIXED }]);
  const shape = await repo.chartShape(scope.db, found.mekkoId);
  const mine = figuresOf(shape, fields);
  const { row, values } = await claimMerged(
    claimable(scope, id),
    { version: body.version, base: body.base },
    outcomeFieldValues(mine),
    async (current) => outcomeFieldValues(storedFigures(shape, await repo.withFigures(scope.db, current))),
    'outcome timeframe',
  );
  // The merged figures are checked, not only mine: two edits that each fit may not together.
  const merged = applyOutcomeFieldValues(mine, values);
  checkLevels(shape, merged);
  const updated = await repo.updateFigures(scope.db, row.id, merged);
  await audit(scope, 'update', id, { mekko_id: updated.mekkoId, year: updated.year, month: updated.month, version: updated.version });
  return { data: toTimeframe(shape, await repo.withFigures(scope.db, updated), currentMonth()) };
}

/** Deletes the timeframe at exactly `version` (404 when gone, 409 with the current one when it moved on). */
export async function deleteTimeframe(scope: OutcomesScope, id: number, version: number): Promise<void> {
  const row = await claimExact(claimable(scope, id), version);
  await repo.deleteTimeframe(scope.db, id);
  await audit(scope, 'delete', id, { mekko_id: row.mekkoId, year: row.year, month: row.month, version: row.version });
}

/**
 * 'Record this month': a task in progress and the job that records every chart of the product in
 * the region (in the caller's transaction: the job exists only if the task does). Refused while
 * the region's data is not ready, rather than failing in the job after its retries.
 */
export async function requestRecording(scope: OutcomesScope, jobs: JobQueue, requestId: string | null) {
  const { ctx, auth } = scope;
  const chartsAt = chartScope(ctx);
  const clientRegionId = await contextClientRegion(scope);
  const engine = scope.data.engineFor(clientRegionId, auth.dataSource);
  if (typeof engine === 'string') throw new AppError(503, ERROR_CODES.dataNotReady, engine);
  const today = currentMonth();
  const context = [ctx.clientSlug, ctx.regionSlug, ctx.brandSlug, ctx.productSlug].join('/');
  const task = await repo.insertRecordTask(scope.db, { userId: auth.user.id, clientId: ctx.clientId, name: OUTCOMES_TEXT.recorded(monthTitle(today)), productSlug: context, requestId });
  const payload: RecordPayload = { taskId: task.id, userId: auth.user.id, ...chartsAt, clientRegionId, dataSource: auth.dataSource, context, today };
  const jobId = await jobs.send(OUTCOME_RECORD_JOB, payload, { userId: auth.user.id, clientId: ctx.clientId, context }, { tx: scope.db as Executor });
  await repo.setTaskJob(scope.db, task.id, jobId);
  await auditWrite(scope, 'outcome_timeframe.record', `task:${task.id}`, { year: today.year, month: today.month, job_id: jobId });
  return { data: { job_id: jobId, task_id: task.id, year: today.year, month: today.month } };
}
