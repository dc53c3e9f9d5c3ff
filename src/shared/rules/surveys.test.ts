import { describe, expect, it } from 'vitest';
import { UPLOAD_TEXT } from './uploads';
import {
  checkSurveyRow, DEFAULT_SURVEY_MODE, SURVEY_LIMITS, SURVEY_MODE_DEFINITIONS, SURVEY_TEXT, surveyModeOf, surveyQuestions, type SurveyRow,
} from './surveys';

const REGION = SURVEY_MODE_DEFINITIONS.region;
const AUDIENCE = SURVEY_MODE_DEFINITIONS.audience;
const STAGE = SURVEY_MODE_DEFINITIONS.journeyAudience;

describe('the survey modes (spec 2 §2, §5, §7, §9)', () => {
  it('are region, audience and journeyAudience, region by default, each with its template', () => {
    expect(DEFAULT_SURVEY_MODE).toBe('region');
    expect(surveyModeOf('audience')).toBe('audience');
    expect(surveyModeOf('journeyAudience')).toBe('journeyAudience');
    expect(surveyModeOf('nonsense')).toBe('region');
    expect(surveyModeOf(undefined)).toBe('region');
    expect([REGION, AUDIENCE, STAGE].map((d) => [d.label, d.templateName])).toEqual([
      ['Region Level', 'Region_Survey_Template'], ['Audience Level', 'GrowChart_Survey_Template'], ['Stage Level', 'Journey_Survey_Template'],
    ]);
  });

  it('list the rules word for word', () => {
    expect(AUDIENCE.rules).toContain('Audience level rows need Brand, Product, Chart Name, Market Segment and Audience.');
    expect(STAGE.rules).toContain('Stage level rows need Brand, Product, Journey Name, Journey Brand Name and Journey Stage Name.');
    for (const d of [REGION, AUDIENCE, STAGE]) {
      expect(d.rules).toContain('Percent values go in Answer Percent. Use either Answer Percent or Answer Count, never both.');
      expect(d.rules).toContain('An upload replaces the existing survey; data left out is deleted.');
      expect(d.rules).toContain('The file input accepts .xls only.');
    }
    expect(AUDIENCE.rules).toContain('The template shows all brands and products in columns to the right.');
    expect(REGION.rules).not.toContain('The template shows all brands and products in columns to the right.');
  });

  it('key audience rows on brand, product, chart, market and audience, and stage rows on the journey, its brand and stage', () => {
    expect(AUDIENCE.columns.slice(0, 5).map((c) => c.header)).toEqual(['Brand', 'Product', 'Chart Name', 'Market Segment', 'Audience']);
    expect(STAGE.columns.slice(0, 5).map((c) => c.header)).toEqual(['Brand', 'Product', 'Journey Name', 'Journey Brand Name', 'Journey Stage Name']);
    expect(REGION.columns.map((c) => c.header)).toEqual(['Survey Name', 'Question', 'Answer', 'Answer Position', 'Answer Percent', 'Answer Count']);
  });
});

describe('a survey row', () => {
  it('needs every keyed column, and an Answer Percent or an Answer Count, never both', () => {
    expect(checkSurveyRow(REGION, ['Brand health', 'Do you like it?', 'Yes', 1, 60, null], 2).issues).toEqual([]);
    expect(checkSurveyRow(REGION, ['Brand health', 'Do you like it?', 'Yes', null, null, 1200], 2).issues).toEqual([]);
    expect(checkSurveyRow(REGION, ['Brand health', 'Do you like it?', 'Yes', null, 60, 1200], 3).issues).toEqual([{ column: 'E', row: 3, message: SURVEY_TEXT.notBoth }]);
    expect(checkSurveyRow(REGION, ['Brand health', 'Do you like it?', 'Yes', null, null, null], 4).issues).toEqual([{ column: 'E', row: 4, message: SURVEY_TEXT.answerRequired }]);
    expect(checkSurveyRow(AUDIENCE, ['Fizz Cola', null, 'Chart', 'Market', 'Audience', 'S', 'Q', 'A', null, 10, null], 5).issues).toEqual([{ column: 'B', row: 5, message: UPLOAD_TEXT.required('Product') }]);
    expect(checkSurveyRow(STAGE, ['Fizz Cola', 'Fizz Original', 'Journey', null, 'Aware', 'S', 'Q', 'A', null, 10, null], 6).issues).toEqual([{ column: 'D', row: 6, message: UPLOAD_TEXT.required('Journey Brand Name') }]);
  });

  it('refuses a percent over 100, a negative or fractional count and a position of 0', () => {
    expect(checkSurveyRow(REGION, ['S', 'Q', 'A', 0, 101, null], 2).issues.map((i) => i.column)).toEqual(['D', 'E']);
    expect(checkSurveyRow(REGION, ['S', 'Q', 'A', null, null, -1], 2).issues.map((i) => i.column)).toEqual(['F']);
    expect(checkSurveyRow(REGION, ['S', 'Q', 'A', null, null, 2.5], 2).issues.map((i) => i.column)).toEqual(['F']);
  });
});

describe("a survey's questions", () => {
  const row = (n: number, question: string, answer: string, extra: Partial<SurveyRow> = {}): SurveyRow => ({ row: n, question, answer, position: null, percent: 10, count: null, ...extra });

  it('keep the questions in file order and the answers by position, then file order', () => {
    const { questions, issues } = surveyQuestions([
      row(2, 'Q1', 'b', { position: 2 }), row(3, 'Q2', 'x'), row(4, 'Q1', 'a', { position: 1 }), row(5, 'q1 ', 'c'),
    ]);
    expect(issues).toEqual([]);
    expect(questions.map((q) => [q.question, q.answers.map((a) => a.answer)])).toEqual([['Q1', ['a', 'b', 'c']], ['Q2', ['x']]]);
  });

  it('refuse an answer given twice to one question, naming the first row, and escape it', () => {
    const { questions, issues } = surveyQuestions([row(2, 'Q', 'Yes'), row(3, 'Q', ' yes'), row(4, 'Q', '<b>x</b>'), row(5, 'Q', '<B>X</B>')]);
    expect(questions[0]!.answers.map((a) => a.answer)).toEqual(['Yes', '<b>x</b>']);
    expect(issues).toEqual([
      { column: null, row: 3, message: SURVEY_TEXT.duplicateAnswer(' yes', 2) },
      { column: null, row: 5, message: SURVEY_TEXT.duplicateAnswer('<B>X</B>', 4) },
    ]);
    expect(issues[1]!.message).toContain('&lt;B&gt;');
  });

  it('stop at the limits of answers and questions', () => {
    const many = Array.from({ length: SURVEY_LIMITS.answersPerQuestion + 1 }, (_, i) => row(i + 2, 'Q', `a${i}`));
    const { questions, issues } = surveyQuestions(many);
    expect(questions[0]!.answers).toHaveLength(SURVEY_LIMITS.answersPerQuestion);
    expect(issues).toEqual([{ column: null, row: SURVEY_LIMITS.answersPerQuestion + 2, message: SURVEY_TEXT.tooManyAnswers }]);
    const questionsPast = Array.from({ length: SURVEY_LIMITS.questionsPerSurvey + 1 }, (_, i) => row(i + 2, `Q${i}`, 'a'));
    expect(surveyQuestions(questionsPast).issues).toEqual([{ column: null, row: SURVEY_LIMITS.questionsPerSurvey + 2, message: SURVEY_TEXT.tooManyQuestions }]);
  });
});
