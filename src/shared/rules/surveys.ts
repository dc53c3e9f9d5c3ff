/**
 * Survey uploads (spec 2 §2 "Surveys Upload", §3, §5 "Survey upload rules", §8, §9; issue 30):
 * the three modes, each template's columns, the rules the page lists word for word, the checks of
 * one row and how a file's rows become surveys. A survey is a set of questions with their answers,
 * attached to the region, to a Grow audience or to a journey's stage of a brand. Pure, so the page,
 * the template and the server's checks agree.
 */

import { checkCell, columns, escapeHtml, norm, UPLOAD_TEXT, type SheetCell, type UploadColumn, type UploadIssue } from './uploads';

import { DEFAULT_SURVEY_MODE, SURVEY_MODES, surveyModeOf, type SurveyMode } from './survey-modes';

export { DEFAULT_SURVEY_MODE, SURVEY_MODES, surveyModeOf, type SurveyMode };

export const SURVEY_LIMITS = {
  /** Answers of one question, and questions of one survey: more than a bar chart can show. */
  answersPerQuestion: 50,
  questionsPerSurvey: 100,
} as const;

export const SURVEY_TEXT = {
  title: 'Surveys Upload',
  complete: 'Upload complete',
  answerRequired: "Give an 'Answer Percent' or an 'Answer Count'.",
  notBoth: "Use either 'Answer Percent' or 'Answer Count', never both.",
  duplicateAnswer: (answer: string, first: number) => `The answer <b>${escapeHtml(answer.length > 60 ? `${answer.slice(0, 60)}…` : answer)}</b> to this question is already on row ${first}.`,
  tooManyAnswers: `A question can have at most ${SURVEY_LIMITS.answersPerQuestion} answers.`,
  tooManyQuestions: `A survey can have at most ${SURVEY_LIMITS.questionsPerSurvey} questions.`,
  /** A survey whose every row is in error is left as it was (spec 2 §5: the upload replaces what it can read). */
  keptWhole: (survey: string) => `No row of the survey <b>${escapeHtml(survey)}</b> could be applied: it is left as it was.`,
} as const;

export interface SurveyModeDefinition {
  mode: SurveyMode;
  /** The radio's label (spec 2 §2). */
  label: string;
  /** The download's name without extension (spec 2 §7). */
  templateName: string;
  sheet: string;
  /** The path under /api/surveys/ of its template (GET .../template) and its upload (POST). */
  apiPath: 'region' | 'audience' | 'stage';
  columns: readonly UploadColumn[];
  /** The rules the page lists, word for word (spec 2 §5). */
  rules: readonly string[];
}

const ANSWER_COLUMNS: [string, string, 'text' | 'position' | 'percent' | 'value', boolean][] = [
  ['Survey Name', 'survey', 'text', true],
  ['Question', 'question', 'text', true],
  ['Answer', 'answer', 'text', true],
  ['Answer Position', 'position', 'position', false],
  ['Answer Percent', 'percent', 'percent', false],
  ['Answer Count', 'count', 'value', false],
];

const COMMON_RULES = [
  'Percent values go in Answer Percent. Use either Answer Percent or Answer Count, never both.',
  'An upload replaces the existing survey; data left out is deleted.',
  'Row errors do not stop the upload, but the erroneous fields or rows are not updated.',
] as const;
const TARGETED_RULES = [
  'Stage level and audience level templates affect only the current client and region.',
  'The template shows all brands and products in columns to the right.',
] as const;
const XLS_ONLY = 'The file input accepts .xls only.';

export const SURVEY_MODE_DEFINITIONS: Record<SurveyMode, SurveyModeDefinition> = {
  region: {
    mode: 'region',
    label: 'Region Level',
    templateName: 'Region_Survey_Template',
    sheet: 'Region_Survey_Template',
    apiPath: 'region',
    columns: columns(ANSWER_COLUMNS),
    rules: [...COMMON_RULES, XLS_ONLY],
  },
  audience: {
    mode: 'audience',
    label: 'Audience Level',
    templateName: 'GrowChart_Survey_Template',
    sheet: 'GrowChart_Survey_Template',
    apiPath: 'audience',
    columns: columns([
      ['Brand', 'brand', 'text', true],
      ['Product', 'product', 'text', true],
      ['Chart Name', 'chart', 'text', true],
      ['Market Segment', 'market', 'text', true],
      ['Audience', 'audience', 'text', true],
      ...ANSWER_COLUMNS,
    ]),
    rules: ['Audience level rows need Brand, Product, Chart Name, Market Segment and Audience.', ...COMMON_RULES, ...TARGETED_RULES, XLS_ONLY],
  },
  journeyAudience: {
    mode: 'journeyAudience',
    label: 'Stage Level',
    templateName: 'Journey_Survey_Template',
    sheet: 'Journey_Survey_Template',
    apiPath: 'stage',
    columns: columns([
      ['Brand', 'brand', 'text', true],
      ['Product', 'product', 'text', true],
      ['Journey Name', 'journey', 'text', true],
      ['Journey Brand Name', 'journeyBrand', 'text', true],
      ['Journey Stage Name', 'stage', 'text', true],
      ...ANSWER_COLUMNS,
    ]),
    rules: ['Stage level rows need Brand, Product, Journey Name, Journey Brand Name and Journey Stage Name.', ...COMMON_RULES, ...TARGETED_RULES, XLS_ONLY],
  },
};

const isBlank = (cell: SheetCell | undefined) => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

export type SurveyRowValues = Record<string, string | number | null>;

/**
 * One row of a survey upload (spec 2 §5): the mode's required columns, Answer Percent (0-100) or
 * Answer Count (whole, 0 or more) and never both, positions whole from 1.
 * @returns the row's values (null where a cell is in error) and its issues; a row with any issue is not applied
 */
export function checkSurveyRow(definition: SurveyModeDefinition, cells: readonly SheetCell[], row: number): { values: SurveyRowValues; issues: UploadIssue[] } {
  const values: SurveyRowValues = {};
  const issues: UploadIssue[] = [];
  definition.columns.forEach((column, i) => {
    const { value, message } = checkCell(column, cells[i] ?? null);
    values[column.key] = value;
    if (message) issues.push({ column: column.letter, row, message });
  });
  const at = (key: string) => definition.columns.findIndex((c) => c.key === key);
  const letter = (key: string) => definition.columns[at(key)]!.letter;
  const hasPercent = !isBlank(cells[at('percent')]);
  const hasCount = !isBlank(cells[at('count')]);
  if (hasPercent && hasCount) issues.push({ column: letter('percent'), row, message: SURVEY_TEXT.notBoth });
  else if (!hasPercent && !hasCount) issues.push({ column: letter('percent'), row, message: SURVEY_TEXT.answerRequired });
  return { values, issues };
}

/** An answer of a question, as stored and shown. */
export interface SurveyAnswer {
  answer: string;
  percent: number | null;
  count: number | null;
}

/** A question with its answers in order. */
export interface SurveyQuestion {
  question: string;
  answers: SurveyAnswer[];
}

/** The rows of one survey of one target, valid ones only, with their spreadsheet row numbers. */
export interface SurveyRow {
  row: number;
  question: string;
  answer: string;
  position: number | null;
  percent: number | null;
  count: number | null;
}

/**
 * A survey's questions from its valid rows: questions in the order they first appear, answers by
 * Answer Position where given (else in the file's order); an answer given twice to one question
 * and answers or questions past the limits are issues, not applied.
 */
export function surveyQuestions(rows: readonly SurveyRow[]): { questions: SurveyQuestion[]; issues: UploadIssue[] } {
  const issues: UploadIssue[] = [];
  const byQuestion = new Map<string, { question: string; entries: (SurveyRow & { order: number })[]; seen: Map<string, number> }>();
  rows.forEach((r, order) => {
    const key = norm(r.question);
    let q = byQuestion.get(key);
    if (!q) {
      if (byQuestion.size >= SURVEY_LIMITS.questionsPerSurvey) {
        issues.push({ column: null, row: r.row, message: SURVEY_TEXT.tooManyQuestions });
        return;
      }
      q = { question: r.question, entries: [], seen: new Map() };
      byQuestion.set(key, q);
    }
    const first = q.seen.get(norm(r.answer));
    if (first !== undefined) {
      issues.push({ column: null, row: r.row, message: SURVEY_TEXT.duplicateAnswer(r.answer, first) });
      return;
    }
    if (q.entries.length >= SURVEY_LIMITS.answersPerQuestion) {
      issues.push({ column: null, row: r.row, message: SURVEY_TEXT.tooManyAnswers });
      return;
    }
    q.seen.set(norm(r.answer), r.row);
    q.entries.push({ ...r, order });
  });
  const questions = [...byQuestion.values()].map((q) => ({
    question: q.question,
    answers: [...q.entries]
      .sort((a, b) => (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.order - b.order)
      .map(({ answer, percent, count }) => ({ answer, percent, count })),
  }));
  return { questions, issues };
}

// ---- targets ------------------------------------------------------------------------------------

type Named = { id: number; name: string };
type ByName<T> = ReadonlyMap<string, T>;

/** A product's Grow charts by name, with their markets and audiences (the audience mode's names). */
export type AudienceCatalog = ByName<Named & { markets: ByName<Named & { audiences: ByName<Named> }> }>;
/** A product's journeys by name, with their brands and stages (the stage mode's names). */
export type StageCatalog = ByName<Named & { brands: ByName<Named>; stages: ByName<Named> }>;

export interface AudienceTarget { kind: 'audience'; key: string; chart: Named; market: Named; audience: Named }
export interface StageTarget { kind: 'stage'; key: string; journey: Named; brand: Named; stage: Named }

const text = (v: string | number | null | undefined) => (typeof v === 'string' ? v : null);

/** The audience a row names (columns C, D, E), or the issue of the first name that is not the product's. */
export function audienceTargetOf(values: SurveyRowValues, row: number, product: string, catalog: AudienceCatalog): AudienceTarget | UploadIssue | null {
  const [chartName, marketName, audienceName] = [text(values.chart), text(values.market), text(values.audience)];
  if (chartName === null || marketName === null || audienceName === null) return null;
  const chart = catalog.get(norm(chartName));
  if (!chart) return { column: 'C', row, message: UPLOAD_TEXT.unknownChart(chartName, product) };
  const market = chart.markets.get(norm(marketName));
  if (!market) return { column: 'D', row, message: UPLOAD_TEXT.unknownMarket(marketName, chart.name) };
  const audience = market.audiences.get(norm(audienceName));
  if (!audience) return { column: 'E', row, message: UPLOAD_TEXT.unknownAudience(audienceName, market.name) };
  return { kind: 'audience', key: `a${audience.id}`, chart, market, audience };
}

/** The journey's stage of a brand a row names (columns C, D, E), or the issue of the first name that is not the product's. */
export function stageTargetOf(values: SurveyRowValues, row: number, product: string, catalog: StageCatalog): StageTarget | UploadIssue | null {
  const [journeyName, brandName, stageName] = [text(values.journey), text(values.journeyBrand), text(values.stage)];
  if (journeyName === null || brandName === null || stageName === null) return null;
  const journey = catalog.get(norm(journeyName));
  if (!journey) return { column: 'C', row, message: UPLOAD_TEXT.unknownJourney(journeyName, product) };
  const brand = journey.brands.get(norm(brandName));
  if (!brand) return { column: 'D', row, message: UPLOAD_TEXT.unknownJourneyBrand(brandName, journey.name) };
  const stage = journey.stages.get(norm(stageName));
  if (!stage) return { column: 'E', row, message: UPLOAD_TEXT.unknownStage(stageName, journey.name) };
  return { kind: 'stage', key: `s${brand.id}/${stage.id}`, journey, brand, stage };
}
