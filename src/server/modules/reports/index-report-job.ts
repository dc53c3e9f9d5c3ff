import { indexMaths, intersectRules, ruleSegmentIds, rulesInWords } from '@shared/rules/index-report';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { DataSource } from '@shared/schemas/auth';
import { regionCatalog } from '../../engine/engine-repository';
import type { WidgetAnswer } from '../../engine/questions';
import type { JobContext, JobDefinition } from '../../jobs/types';
import { indexWorkbook, type IndexReportData, type IndexReportRow } from './index-workbook';
import { INDEX_REPORT_JOB, XLSX_TYPE, indexReportPayloadSchema, indexReportRequestSchema, type IndexReportPayload, type IndexReportRequest } from './index-report-request';
import * as repo from './reports-repository';

/** A failure whose message a user can read and act on (the task shows it). */
export class ReportError extends Error {
  override name = 'ReportError';
}

const SOURCE_NAMES: Record<DataSource, string> = { molecula: 'Molecula', es: 'ES' };
const GENERIC_FAILURE = 'The report could not be made because of an unexpected error. Please try again; if it fails again, contact Product Support.';
/** Errors whose own message is meant for the user: ours, the engine's time limit, a cancellation. */
const READABLE = new Set(['ReportError', 'TimeLimitError', 'AbortError']);

/** The reason a failed task shows: the error's message when it is meant for people, else a general one. */
export function readableReason(err: unknown): string {
  return err instanceof Error && READABLE.has(err.name) && err.message ? err.message : GENERIC_FAILURE;
}

/** Why a job was stopped (cancelled, past its time limit, its lease lost), from its signal. */
export function stopReason(reason: unknown): string {
  const text = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return text ? `The report was stopped: ${text.replace(/\.$/, '')}.` : 'The report was stopped.';
}

export type Ask = (rules: AudienceRules, attributeIds: number[]) => Promise<WidgetAnswer>;

/** The rows of one category, the same numbers as POST /api/insights/widgets for a population base. */
export async function categoryRows(ask: Ask, request: IndexReportRequest, values: { id: number; name: string }[]) {
  const ids = values.map((v) => v.id);
  const audience = await ask(request.audience.rules, ids);
  const base = request.compare_base.type === 'audience' ? request.compare_base : null;
  // Against a base audience, also its answer and the audience's part inside it (for z: the audience against the rest of the base).
  const [baseAnswer, overlap] = base
    ? await Promise.all([ask(base.rules, ids), ask(intersectRules(request.audience.rules, base.rules), ids)])
    : [null, null];
  const byId = (answer: WidgetAnswer) => new Map(answer.values.map((v) => [v.attributeId, v]));
  const [mine, theirs, both] = [byId(audience), baseAnswer && byId(baseAnswer), overlap && byId(overlap)];
  const rows: IndexReportRow[] = values.map((value) => {
    const a = mine.get(value.id) ?? { count: 0, valueSize: 0 };
    const aud = { count: a.count, size: audience.audienceCount };
    const basePart = theirs ? { count: theirs.get(value.id)?.count ?? 0, size: baseAnswer!.audienceCount } : { count: a.valueSize, size: audience.people };
    const inside = both ? { count: both.get(value.id)?.count ?? 0, size: overlap!.audienceCount } : aud;
    return { name: value.name, count: a.count, base_count: basePart.count, ...indexMaths(aud, basePart, inside) };
  });
  return { rows, audienceSize: audience.audienceCount, baseSize: baseAnswer ? baseAnswer.audienceCount : audience.people };
}

async function makeReport(ctx: JobContext<IndexReportPayload>, task: repo.TaskRow, request: IndexReportRequest): Promise<IndexReportData> {
  const region = request.client_region_id;
  const catalog = await regionCatalog(ctx.db, region);
  // The engine's refusals are written for people (data still loading, the time limit): the task shows them.
  const ask: Ask = (rules, attributeIds) =>
    ctx.ask(region, request.data_source, { type: 'widget', rules, attributeIds }).catch((err: unknown) => {
      throw new ReportError(err instanceof Error ? err.message : String(err));
    });
  const categories: IndexReportData['categories'] = [];
  let sizes = { audienceSize: 0, baseSize: 0 };
  for (const [i, id] of request.categories.entries()) {
    ctx.signal.throwIfAborted();
    const category = catalog.categories.find((c) => c.id === id);
    if (!category) throw new ReportError(`The demographic category ${id} no longer exists in ${request.context.region}.`);
    const { rows, ...counted } = await categoryRows(ask, request, category.values);
    categories.push({ name: category.name, rows });
    sizes = counted;
    await ctx.progress((i + 1) / (request.categories.length + 1), `${category.name} (${i + 1} of ${request.categories.length})`);
  }
  const base = request.compare_base;
  const names = await repo.segmentNames(ctx.db, region, [...ruleSegmentIds(request.audience.rules), ...(base.type === 'audience' ? ruleSegmentIds(base.rules) : [])]);
  const nameOf = (id: number) => names.get(id);
  const valueNames = new Map(catalog.categories.flatMap((c) => c.values.map((v) => [v.id, `${c.name}: ${v.name}`] as const)));
  const valueNameOf = (id: number) => valueNames.get(id);
  return {
    name: request.name,
    context: { slug: request.context.slug, name: request.context.name },
    origin: request.origin ?? null,
    audience: { name: request.audience.name, rule: rulesInWords(request.audience.rules, nameOf, valueNameOf), size: sizes.audienceSize },
    base: base.type === 'audience'
      ? { name: base.name, rule: rulesInWords(base.rules, nameOf, valueNameOf), size: sizes.baseSize }
      : { name: `Everyone in ${request.context.region}`, rule: null, size: sizes.baseSize },
    dataSource: SOURCE_NAMES[request.data_source],
    requestedBy: await repo.userLabel(ctx.db, task.userId),
    createdAt: new Date(),
    asOf: await repo.dataAsOf(ctx.db, region),
    categories,
  };
}

/**
 * Makes an index report's workbook (issue 14), in the job thread: per chosen category the
 * insights widget's question, the rows of the insights panel, then the workbook, stored with the
 * task marked done. A retry after the report was stored does nothing; a final failure marks the
 * task failed with a reason the user can read.
 */
export const indexReportJob: JobDefinition<IndexReportPayload, { taskId: number; bytes: number } | { taskId: number; skipped: string }> = {
  type: INDEX_REPORT_JOB,
  parse: (payload) => indexReportPayloadSchema.parse(payload),
  async run(ctx) {
    const { taskId } = ctx.payload;
    const task = await repo.taskById(ctx.db, taskId);
    if (!task) return { taskId, skipped: 'the task was removed' };
    if (task.status === 'done') return { taskId, skipped: 'the report was already made' };
    const parsed = indexReportRequestSchema.safeParse(task.request);
    if (!parsed.success) throw new ReportError('The report request could not be read. Please ask for the report again.');
    await repo.setTaskStatus(ctx.db, taskId, 'processing', { from: ['received', 'processing'] });
    try {
      const bytes = indexWorkbook(await makeReport(ctx, task, parsed.data));
      ctx.signal.throwIfAborted();
      await repo.storeReport(ctx.db, task, { name: task.name, contentType: XLSX_TYPE, bytes });
      await ctx.progress(1, 'Ready');
      return { taskId, bytes: bytes.length };
    } catch (err) {
      // What the task will show if this was the last attempt. A stopped job says why it was stopped
      // (the signal's reason may be a plain string, which throwIfAborted throws as it is).
      if (ctx.signal.aborted) throw new ReportError(stopReason(ctx.signal.reason));
      const reason = readableReason(err);
      if (reason === GENERIC_FAILURE) ctx.log(`index report ${taskId} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      throw new ReportError(reason);
    }
  },
  async onFailed(failure) {
    const taskId = Number((failure.payload as Partial<IndexReportPayload> | null)?.taskId);
    if (!Number.isInteger(taskId)) return;
    await repo.setTaskStatus(failure.db, taskId, 'failed', { error: failure.reason || GENERIC_FAILURE, from: ['received', 'processing'] });
  },
};
