import { describe, expect, it } from 'vitest';
import { SURVEY_MODE_DEFINITIONS, SURVEY_TEXT } from '../../src/shared/rules/surveys';
import { UPLOAD_TEXT } from '../../src/shared/rules/uploads';
import { surveyListResponseSchema, surveyUploadResultSchema, type Survey, type SurveyUploadResult } from '../../src/shared/schemas/surveys';
import { mekkoListResponseSchema, mekkoResponseSchema, type Mekko } from '../../src/shared/schemas/grow';
import { seedJourneyDemoIfEmpty } from '../../src/server/db/demo-journeys';
import { expectError } from './support';
import { multipart, sheetRows, uploadsKit, workbook, type Rows } from './uploads-support';

const REGION = SURVEY_MODE_DEFINITIONS.region;
const AUDIENCE = SURVEY_MODE_DEFINITIONS.audience;
const STAGE = SURVEY_MODE_DEFINITIONS.journeyAudience;
const header = (d: typeof REGION) => d.columns.map((c) => c.header);

describe('survey uploads (issue 30)', async () => {
  const kit = await uploadsKit();
  const { admin, analyst, viewer, clientAdmin, get, db } = kit;
  let n = 0;
  const unique = (name: string) => `${name} ${++n}-${Date.now().toString(36)}`;

  const upload = (d: typeof REGION, rows: Rows, { s = admin, context = 'acme/us' } = {}) => {
    const body = multipart(workbook([header(d), ...rows], d.sheet), `${d.templateName}.xls`);
    return s.request({ method: 'POST', url: `/api/surveys/${d.apiPath}`, context, payload: body.payload, headers: body.headers });
  };
  const uploaded = async (d: typeof REGION, rows: Rows): Promise<SurveyUploadResult> => {
    const res = await upload(d, rows);
    expect(res.statusCode, res.body).toBe(200);
    return surveyUploadResultSchema.parse(res.json());
  };
  const surveys = async (query: string, context = 'acme/us/fizz-cola/fizz-original', s = admin): Promise<Survey[]> => {
    const res = await s.request({ method: 'GET', url: `/api/surveys?${query}`, context });
    expect(res.statusCode, res.body).toBe(200);
    return surveyListResponseSchema.parse(res.json()).data;
  };
  const template = async (d: typeof REGION) => {
    const res = await admin.request({ method: 'GET', url: `/api/surveys/${d.apiPath}/template?format=xls`, context: 'acme/us' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${d.templateName}.xls`);
    return sheetRows(res.rawPayload);
  };

  describe('region level', () => {
    it('makes a survey from the file, in order, and the template gives it back', async () => {
      const name = unique('Brand health');
      const answer = await uploaded(REGION, [
        [name, 'Have you heard of Fizz?', 'Yes', 1, 72, null],
        [name, 'Have you heard of Fizz?', 'No', 2, 28, null],
        [name, 'How often do you drink soda?', 'Daily', null, null, 410],
        [name, 'How often do you drink soda?', 'Weekly', null, null, 905],
      ]);
      expect(answer.errors).toEqual([]);
      expect(answer.data).toMatchObject({ surveys: [{ name, questions: 2 }], rows: 4, applied: 4 });
      const made = (await surveys('level=region')).find((s) => s.name === name)!;
      expect(made.questions).toEqual([
        { question: 'Have you heard of Fizz?', answers: [{ answer: 'Yes', percent: 72, count: null }, { answer: 'No', percent: 28, count: null }] },
        { question: 'How often do you drink soda?', answers: [{ answer: 'Daily', percent: null, count: 410 }, { answer: 'Weekly', percent: null, count: 905 }] },
      ]);
      const rows = await template(REGION);
      expect(rows[0]).toEqual(header(REGION));
      expect(rows).toContainEqual([name, 'Have you heard of Fizz?', 'No', 2, 28, null]);
    });

    it('replaces a survey whole: data left out is deleted; other surveys stay', async () => {
      const name = unique('Replace me');
      const other = unique('Stays');
      await uploaded(REGION, [[name, 'Q1', 'A', null, 50, null], [name, 'Q2', 'B', null, 50, null], [other, 'Q', 'X', null, 100, null]]);
      await uploaded(REGION, [[name, 'Q2', 'B', null, 60, null]]);
      const list = await surveys('level=region');
      expect(list.find((s) => s.name === name)!.questions).toEqual([{ question: 'Q2', answers: [{ answer: 'B', percent: 60, count: null }] }]);
      expect(list.find((s) => s.name === other)!.questions).toHaveLength(1);
    });

    it('lists rows in error and applies the rest; a survey whose every row is in error is left as it was', async () => {
      const name = unique('Careful');
      await uploaded(REGION, [[name, 'Q', 'Kept', null, 40, null]]);
      const answer = await uploaded(REGION, [
        [name, 'Q', 'Both', null, 40, 100],
        [name, 'Q', 'Neither', null, null, null],
        [name, 'Q', 'Too much', null, 140, null],
      ]);
      expect(answer.errors).toEqual([
        { column: null, row: 2, message: SURVEY_TEXT.keptWhole(name) },
        { column: 'E', row: 2, message: SURVEY_TEXT.notBoth },
        { column: 'E', row: 3, message: SURVEY_TEXT.answerRequired },
        { column: 'E', row: 4, message: UPLOAD_TEXT.percent('Answer Percent') },
      ]);
      expect(answer.data).toMatchObject({ surveys: [], rows: 3, applied: 0 });
      expect((await surveys('level=region')).find((s) => s.name === name)!.questions[0]!.answers.map((a) => a.answer)).toEqual(['Kept']);
    });

    it('refuses whole a file that is not a spreadsheet or has the wrong header', async () => {
      const body = multipart(Buffer.from('not a workbook \u0000\u0001'), 'x.xls');
      expectError(await admin.request({ method: 'POST', url: '/api/surveys/region', context: 'acme/us', payload: body.payload, headers: body.headers }), 422, 'VALIDATION_FAILED', UPLOAD_TEXT.notWorkbook);
      const wrong = multipart(workbook([['Survey', 'Question'], ['a', 'b']], REGION.sheet), 'x.xls');
      expectError(await admin.request({ method: 'POST', url: '/api/surveys/region', context: 'acme/us', payload: wrong.payload, headers: wrong.headers }), 422, 'VALIDATION_FAILED', /Column A of row 1 should be 'Survey Name'/);
    });
  });

  describe('audience level', () => {
    it("ties a survey to a Grow audience by brand, product, chart, market and audience, and names what it changed", async () => {
      const list = mekkoListResponseSchema.parse((await get('/api/mekkos')).json()).data;
      const chart: Mekko = mekkoResponseSchema.parse((await get(`/api/mekkos/${list[0]!.id}`)).json()).data;
      const market = chart.markets[0]!;
      const audience = market.sub_markets[0]!;
      const name = unique('Audience pulse');
      const answer = await uploaded(AUDIENCE, [
        ['Fizz Cola', 'Fizz Original', chart.name, market.name, audience.name, name, 'Favourite flavour?', 'Cherry', null, 55, null],
        ['Fizz Cola', 'Fizz Original', chart.name, market.name, 'Nobody', name, 'Favourite flavour?', 'Lime', null, 45, null],
        ['No Such Brand', 'Fizz Original', chart.name, market.name, audience.name, name, 'Q', 'A', null, 1, null],
      ]);
      expect(answer.errors.map((e) => [e.column, e.row])).toEqual([['E', 3], ['A', 4]]);
      expect(answer.data.mekkos).toEqual([{ mekko_name: chart.name, markets: [{ name: market.name, sub_markets: [{ name: audience.name, surveys: [name] }] }] }]);
      const mine = await surveys(`level=audience&sub_market_id=${audience.id}`);
      expect(mine.find((s) => s.name === name)!.questions[0]!.answers).toEqual([{ answer: 'Cherry', percent: 55, count: null }]);
      const rows = await template(AUDIENCE);
      expect(rows[0]!.slice(0, 11)).toEqual(header(AUDIENCE));
      expect(rows[0]!.slice(12, 14)).toEqual(['Allowed Brand', 'Allowed Product']);
      expect(rows.some((r) => r[5] === name && r[4] === audience.name)).toBe(true);
    });
  });

  describe('stage level', () => {
    it("ties a survey to a journey's stage of a brand, and names the journeys, brands and stages it changed", async () => {
      await seedJourneyDemoIfEmpty(db);
      const journeys = (await get('/api/journeys')).json().data as { id: number; name: string }[];
      const journey = (await get(`/api/journeys/${journeys[0]!.id}`)).json().data as { name: string; brands: { id: number; name: string }[]; stages: { id: number; name: string }[] };
      const [brand, stage] = [journey.brands[0]!, journey.stages[1]!];
      const name = unique('Stage pulse');
      const answer = await uploaded(STAGE, [
        ['Fizz Cola', 'Fizz Original', journey.name, brand.name, stage.name, name, 'Why did you buy?', 'Price', 1, null, 30],
        ['Fizz Cola', 'Fizz Original', journey.name, brand.name, 'No stage', name, 'Why did you buy?', 'Taste', 2, null, 70],
      ]);
      expect(answer.errors.map((e) => [e.column, e.row])).toEqual([['E', 3]]);
      expect(answer.data.journeys).toEqual([{ journey_name: journey.name, brands: [{ name: brand.name, stages: [{ stage_name: stage.name, surveys: [name] }] }] }]);
      const read = await surveys(`level=stage&journey_stage_id=${stage.id}&journey_brand_id=${brand.id}`);
      expect(read.find((s) => s.name === name)!.questions[0]!.answers).toEqual([{ answer: 'Price', percent: null, count: 30 }]);
    });
  });

  describe('access', () => {
    it('uploads need upload and upload_surveys; the insights read with Grow, Journey or Explore', async () => {
      expectError(await upload(REGION, [['S', 'Q', 'A', null, 1, null]], { s: analyst }), 403, 'FORBIDDEN');
      expect((await upload(REGION, [[unique('By client admin'), 'Q', 'A', null, 1, null]], { s: clientAdmin })).statusCode).toBe(200);
      expect((await analyst.request({ method: 'GET', url: '/api/surveys?level=region', context: 'acme/us/fizz-cola/fizz-original' })).statusCode).toBe(200);
      // Another client's region has its own surveys: none of acme's.
      const globex = await surveys('level=region', 'globex/us/globex-auto/roadster', viewer);
      expect(globex).toEqual([]);
    });
  });
});
