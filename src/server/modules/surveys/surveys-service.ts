import {
  audienceTargetOf, checkSurveyRow, stageTargetOf, SURVEY_MODE_DEFINITIONS, SURVEY_TEXT, surveyQuestions,
  type AudienceCatalog, type AudienceTarget, type StageCatalog, type StageTarget, type SurveyMode, type SurveyRow,
} from '@shared/rules/surveys';
import { checkHeader, isBlankRow, norm, UPLOAD_LIMITS, UPLOAD_TEXT, type UploadIssue } from '@shared/rules/uploads';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Survey, SurveyUploadResult } from '@shared/schemas/surveys';
import type { Executor } from '../../db/client';
import { AppError, unavailable } from '../../lib/errors';
import type { RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { chartScope } from '../grow/grow-common';
import * as grow from '../grow/grow-repository';
import { contextClientRegion } from '../insights/insights-service';
import * as journeys from '../journeys/journeys-repository';
import { ReadBusyError, readInWorker } from '../uploads/read-in-worker';
import { reachable, type UploadScope } from '../uploads/uploads-service';
import * as repo from './surveys-repository';

/**
 * Survey uploads (spec 2 §2, §5, §7; issue 30): a file of one mode is read in the upload thread,
 * each row checked; rows in error are listed and not applied. The valid rows of each survey of
 * each target (the region, an audience, a journey's stage of a brand) replace that survey whole,
 * one transaction per survey; a survey whose every row is in error is left as it was.
 */

type Target = { kind: 'region'; key: 'region' } | AudienceTarget | StageTarget;

interface Group { target: Target; survey: string; rows: SurveyRow[] }

const targetOf = (t: Target): repo.SurveyTarget =>
  t.kind === 'region' ? { level: 'region', subMarketId: null, journeyBrandId: null, journeyStageId: null }
    : t.kind === 'audience' ? { level: 'audience', subMarketId: t.audience.id, journeyBrandId: null, journeyStageId: null }
      : { level: 'stage', subMarketId: null, journeyBrandId: t.brand.id, journeyStageId: t.stage.id };

async function audienceCatalog(db: Executor, ctx: RequestContext): Promise<AudienceCatalog> {
  const charts = await grow.listCharts(db, chartScope(ctx));
  const audiences = await grow.audiencesOf(db, charts.map((c) => c.id));
  const out: Map<string, NonNullable<ReturnType<AudienceCatalog['get']>>> = new Map();
  for (const chart of charts) {
    const markets = await grow.marketsOf(db, chart.id);
    out.set(norm(chart.name), {
      id: chart.id,
      name: chart.name,
      markets: new Map(markets.map((m) => [norm(m.name), {
        id: m.id, name: m.name, audiences: new Map(audiences.filter((a) => a.marketId === m.id).map((a) => [norm(a.name), { id: a.id, name: a.name }])),
      }])),
    });
  }
  return out;
}

async function stageCatalog(db: Executor, ctx: RequestContext): Promise<StageCatalog> {
  const rows = await journeys.listJourneys(db, chartScope(ctx));
  const items = await journeys.itemsOf(db, rows.map((r) => r.id));
  return new Map(rows.map((j) => [norm(j.name), {
    id: j.id,
    name: j.name,
    brands: new Map(items.brands.filter((b) => b.journeyId === j.id).map((b) => [norm(b.name), { id: b.id, name: b.name }])),
    stages: new Map(items.stages.filter((s) => s.journeyId === j.id).map((s) => [norm(s.name), { id: s.id, name: s.name }])),
  }]));
}

const byRowThenColumn = (a: UploadIssue, b: UploadIssue) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? '').localeCompare(b.column ?? '');

export async function runSurveyUpload(scope: UploadScope, mode: SurveyMode, bytes: Uint8Array): Promise<SurveyUploadResult> {
  const definition = SURVEY_MODE_DEFINITIONS[mode];
  let read;
  try {
    read = await readInWorker({ bytes, sheet: definition.sheet, columns: definition.columns.length });
  } catch (err) {
    if (err instanceof ReadBusyError) throw unavailable(err.message);
    throw err;
  }
  if (!read.ok) throw new AppError(read.status, read.status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation, read.message);
  const headerProblem = checkHeader(definition, read.header);
  if (headerProblem) throw new AppError(422, ERROR_CODES.validation, headerProblem);

  const issues: UploadIssue[] = read.merged.map((m) => ({ column: m.column, row: m.row, message: UPLOAD_TEXT.merged(m.range) }));
  const mergedRows = new Set(read.merged.map((m) => m.row));
  const clientRegionId = await contextClientRegion({ db: scope.db, ctx: scope.ctx, data: scope.data });
  const brands = mode === 'region' ? null : await reachable(scope);
  const catalogs = new Map<number, AudienceCatalog | StageCatalog>();
  const groups = new Map<string, Group>();
  /** Surveys named by a row in error: kept whole when none of their rows could be applied. */
  const touched = new Map<string, { survey: string; row: number }>();
  const errorRows = new Set<number>();
  let rows = 0;
  for (const [i, cells] of read.rows.entries()) {
    if (isBlankRow(cells, definition)) continue;
    rows++;
    const row = i + 2;
    if (mergedRows.has(row)) {
      errorRows.add(row);
      continue;
    }
    const { values, issues: own } = checkSurveyRow(definition, cells, row);
    let target: Target | null = mode === 'region' ? { kind: 'region', key: 'region' } : null;
    if (brands && typeof values.brand === 'string' && typeof values.product === 'string') {
      const brand = brands.get(norm(values.brand));
      const product = brand?.products.get(norm(values.product));
      if (!brand) own.push({ column: 'A', row, message: UPLOAD_TEXT.unknownBrand(values.brand) });
      else if (!product) own.push({ column: 'B', row, message: UPLOAD_TEXT.unknownProduct(values.product, brand.name) });
      else {
        const ctx: RequestContext = { ...scope.ctx, brandId: brand.id, brandSlug: brand.slug, productId: product.id, productSlug: product.slug };
        let catalog = catalogs.get(product.id);
        if (!catalog) {
          catalog = mode === 'audience' ? await audienceCatalog(scope.db, ctx) : await stageCatalog(scope.db, ctx);
          catalogs.set(product.id, catalog);
        }
        const found = mode === 'audience'
          ? audienceTargetOf(values, row, product.name, catalog as AudienceCatalog)
          : stageTargetOf(values, row, product.name, catalog as StageCatalog);
        if (found && 'kind' in found) target = found;
        else if (found) own.push(found);
      }
    }
    const survey = typeof values.survey === 'string' ? values.survey : null;
    const key = target && survey !== null ? `${target.key}\u0000${norm(survey)}` : null;
    if (own.length > 0) {
      issues.push(...own);
      errorRows.add(row);
      if (key && survey !== null && !touched.has(key)) touched.set(key, { survey, row });
      continue;
    }
    const group = groups.get(key!) ?? { target: target!, survey: survey!, rows: [] };
    group.rows.push({ row, question: values.question as string, answer: values.answer as string, position: values.position as number | null, percent: values.percent as number | null, count: values.count as number | null });
    groups.set(key!, group);
  }
  if (rows === 0) throw new AppError(422, ERROR_CODES.validation, UPLOAD_TEXT.noRows);
  for (const [key, { survey, row }] of touched) {
    if (!groups.has(key)) issues.push({ column: null, row, message: SURVEY_TEXT.keptWhole(survey) });
  }

  const written: { group: Group; questions: number }[] = [];
  for (const group of groups.values()) {
    const { questions, issues: own } = surveyQuestions(group.rows);
    issues.push(...own);
    for (const i of own) if (i.row !== null) errorRows.add(i.row);
    if (questions.length === 0) continue;
    const target = targetOf(group.target);
    await scope.db.transaction(async (tx) => {
      await repo.replaceSurvey(tx, clientRegionId, target, group.survey, questions);
      await auditWrite({ db: tx, auth: scope.auth, requestId: scope.requestId }, 'surveys.upload', `survey:${target.level}:${group.target.key}`, { name: group.survey, questions: questions.length });
    });
    written.push({ group, questions: questions.length });
  }
  const sorted = issues.sort(byRowThenColumn);
  return {
    data: { ...updatedShape(mode, written), rows, applied: Math.max(0, rows - errorRows.size), more_errors: Math.max(0, sorted.length - UPLOAD_LIMITS.errorsListed) },
    errors: sorted.slice(0, UPLOAD_LIMITS.errorsListed),
  };
}

interface Named { id: number; name: string }

/**
 * Surveys under a three-level path (chart, market, audience; journey, brand, stage), each level
 * once in the order first written: what the updated list of an audience or stage upload shows.
 */
function byPath(written: readonly { path: readonly [Named, Named, Named]; survey: string }[]) {
  const top = new Map<number, { name: string; children: Map<number, { name: string; children: Map<number, { name: string; surveys: string[] }> }> }>();
  for (const { path: [a, b, c], survey } of written) {
    const first = top.get(a.id) ?? { name: a.name, children: new Map() };
    const second = first.children.get(b.id) ?? { name: b.name, children: new Map() };
    const third = second.children.get(c.id) ?? { name: c.name, surveys: [] };
    third.surveys.push(survey);
    second.children.set(c.id, third);
    first.children.set(b.id, second);
    top.set(a.id, first);
  }
  return [...top.values()].map((x) => ({ name: x.name, children: [...x.children.values()].map((y) => ({ name: y.name, children: [...y.children.values()] })) }));
}

/** What changed, in the spec's shapes (spec 2 §3): surveys; mekkos with markets; journeys with brands. */
function updatedShape(mode: SurveyMode, written: { group: Group; questions: number }[]): Pick<SurveyUploadResult['data'], 'surveys' | 'mekkos' | 'journeys'> {
  if (mode === 'region') return { surveys: written.map((w) => ({ name: w.group.survey, questions: w.questions })) };
  if (mode === 'audience') {
    const paths = written.map(({ group }) => {
      const t = group.target as AudienceTarget;
      return { path: [t.chart, t.market, t.audience] as const, survey: group.survey };
    });
    return { mekkos: byPath(paths).map((c) => ({ mekko_name: c.name, markets: c.children.map((m) => ({ name: m.name, sub_markets: m.children })) })) };
  }
  const paths = written.map(({ group }) => {
    const t = group.target as StageTarget;
    return { path: [t.journey, t.brand, t.stage] as const, survey: group.survey };
  });
  return { journeys: byPath(paths).map((j) => ({ journey_name: j.name, brands: j.children.map((b) => ({ name: b.name, stages: b.children.map((s) => ({ stage_name: s.name, surveys: s.surveys })) })) })) };
}

/**
 * The surveys the insights show: the region's; every audience's or stage's of the region (what
 * a page keeps for offline), or one audience's or one stage's of a brand.
 */
export async function listSurveys(scope: Pick<UploadScope, 'db' | 'ctx' | 'data'>, query: { level: repo.SurveyLevel; sub_market_id?: number; journey_brand_id?: number; journey_stage_id?: number }): Promise<Survey[]> {
  const clientRegionId = await contextClientRegion(scope);
  const rows = query.level === 'region'
    ? await repo.surveysOf(scope.db, clientRegionId, { level: 'region', subMarketId: null, journeyBrandId: null, journeyStageId: null })
    : await repo.surveysOfItems(scope.db, clientRegionId, query.level, query.level === 'audience'
      ? { subMarketIds: query.sub_market_id === undefined ? undefined : [query.sub_market_id] }
      : { stageIds: query.journey_stage_id === undefined ? undefined : [query.journey_stage_id] });
  return rows
    .filter((r) => query.journey_brand_id === undefined || r.journeyBrandId === query.journey_brand_id)
    .map((r) => ({
      id: r.id, name: r.name, level: r.level, sub_market_id: r.subMarketId, journey_brand_id: r.journeyBrandId, journey_stage_id: r.journeyStageId,
      questions: r.questions, updated_at: r.updatedAt.toISOString(),
    }));
}

type Cell = string | number | null;

const answerRows = (lead: Cell[], survey: repo.SurveyRow): Cell[][] =>
  survey.questions.flatMap((q) => q.answers.map((a, i) => [...lead, survey.name, q.question, a.answer, i + 1, a.percent, a.count]));

/**
 * A mode's template (spec 2 §5, §7): the header, the region's current surveys of that mode (so a
 * download changed and uploaded changes exactly that), and for the audience and stage modes the
 * brands and products the caller may use, to the right after a blank column.
 */
export async function surveyTemplateRows(scope: UploadScope, mode: SurveyMode): Promise<Cell[][]> {
  const definition = SURVEY_MODE_DEFINITIONS[mode];
  const header: Cell[] = definition.columns.map((c) => c.header);
  const clientRegionId = await contextClientRegion({ db: scope.db, ctx: scope.ctx, data: scope.data });
  if (mode === 'region') {
    const surveys = await repo.surveysOf(scope.db, clientRegionId, { level: 'region', subMarketId: null, journeyBrandId: null, journeyStageId: null });
    return [header, ...surveys.flatMap((s) => answerRows([], s))];
  }
  const brands = await reachable(scope);
  const rows: Cell[][] = [];
  const allowed: [string, string][] = [];
  for (const brand of brands.values()) {
    for (const product of brand.products.values()) {
      allowed.push([brand.name, product.name]);
      const ctx: RequestContext = { ...scope.ctx, brandId: brand.id, brandSlug: brand.slug, productId: product.id, productSlug: product.slug };
      if (mode === 'audience') {
        const names = new Map<number, Cell[]>();
        for (const chart of (await audienceCatalog(scope.db, ctx)).values()) {
          for (const market of chart.markets.values()) for (const a of market.audiences.values()) names.set(a.id, [brand.name, product.name, chart.name, market.name, a.name]);
        }
        for (const s of await repo.surveysOfItems(scope.db, clientRegionId, 'audience', { subMarketIds: [...names.keys()] })) rows.push(...answerRows(names.get(s.subMarketId!)!, s));
      } else {
        const names = new Map<string, Cell[]>();
        for (const journey of (await stageCatalog(scope.db, ctx)).values()) {
          for (const b of journey.brands.values()) for (const st of journey.stages.values()) names.set(`${b.id}/${st.id}`, [brand.name, product.name, journey.name, b.name, st.name]);
        }
        const stageIds = [...new Set([...names.keys()].map((k) => Number(k.split('/')[1])))];
        for (const s of await repo.surveysOfItems(scope.db, clientRegionId, 'stage', { stageIds })) {
          const lead = names.get(`${s.journeyBrandId}/${s.journeyStageId}`);
          if (lead) rows.push(...answerRows(lead, s));
        }
      }
    }
  }
  const width = header.length;
  const table: Cell[][] = [[...header, null, 'Allowed Brand', 'Allowed Product'], ...rows.map((r) => [...r, null, null, null])];
  allowed.forEach(([b, p], i) => {
    const line = table[i + 1] ?? (table[i + 1] = Array<Cell>(width + 3).fill(null));
    line[width + 1] = b;
    line[width + 2] = p;
  });
  return table;
}
