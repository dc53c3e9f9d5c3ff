import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { SURVEY_MODE_DEFINITIONS, type SurveyMode } from '../../src/shared/rules/surveys';
import { CONTEXT, escape, openChart, tile } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { journeyApi } from './journey-helpers';

type Row = (string | number | null)[];
const PAGE = '/acme/us/upload/surveys_upload/admin';
const header = (mode: SurveyMode) => SURVEY_MODE_DEFINITIONS[mode].columns.map((c) => c.header);

async function downloadTemplate(page: Page, mode: SurveyMode): Promise<Row[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Template (.xls)' }).click()]);
  expect(download.suggestedFilename()).toBe(`${SURVEY_MODE_DEFINITIONS[mode].templateName}.xls`);
  const book = XLSX.read(fs.readFileSync(await download.path()));
  return XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null, blankrows: false });
}

async function uploadRows(page: Page, mode: SurveyMode, rows: Row[]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), SURVEY_MODE_DEFINITIONS[mode].sheet);
  await page.getByLabel('Choose .xls file to upload').setInputFiles({ name: 'survey.xls', mimeType: 'application/vnd.ms-excel', buffer: XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer });
}

test('Region Level by default: the demo survey downloads, an edited file replaces it, rows in error are listed; another mode clears the results', async ({ page }) => {
  await logInAs(page, USERS.admin);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Surveys Upload' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Region Level' })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Rules' })).toContainText('An upload replaces the existing survey; data left out is deleted.');
  const rows = await downloadTemplate(page, 'region');
  expect(rows[0]).toEqual(header('region'));
  expect(rows.some((r) => r[0] === 'US soft drinks tracker')).toBe(true);

  const name = unique('Tracker');
  await uploadRows(page, 'region', [header('region'), [name, 'Favourite?', 'Cola', 1, 60, null], [name, 'Favourite?', 'Lemon', 2, 40, 12]]);
  const errors = page.getByRole('region', { name: 'Errors found in Uploaded Template' });
  await expect(errors.getByRole('row', { name: /E 3 Use either 'Answer Percent' or 'Answer Count', never both\./ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Updated surveys' })).toContainText('1 survey was replaced.');
  await expect(page.getByText('1 of 2 rows applied; 1 error, listed below.')).toBeVisible();

  // Another mode: the address says so and the results are cleared.
  await page.getByRole('radio', { name: 'Stage Level' }).check();
  await expect(page).toHaveURL(/surveyType=journeyAudience/);
  await expect(errors).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Rules' })).toContainText('Stage level rows need Brand, Product, Journey Name, Journey Brand Name and Journey Stage Name.');
});

test('Audience Level: a survey of a Grow audience uploads and the updated list names its market and audience', async ({ page }) => {
  await logInAs(page, USERS.admin);
  await page.goto(`${PAGE}?surveyType=audience`);
  await expect(page.getByRole('radio', { name: 'Audience Level' })).toBeChecked();
  const rows = await downloadTemplate(page, 'audience');
  expect(rows[0]!.slice(0, 11)).toEqual(header('audience'));
  expect(rows[0]!.slice(12, 14)).toEqual(['Allowed Brand', 'Allowed Product']);
  // The demo's audience survey names the audience it is on.
  const demo = rows.find((r) => r[5] === 'Fizz Original audience pulse')!;
  const name = unique('Pulse');
  await uploadRows(page, 'audience', [header('audience'), [...demo.slice(0, 5), name, 'Seen our ad?', 'Yes', null, 70, null]]);
  const updated = page.getByRole('region', { name: 'Updated audiences' });
  await expect(updated.getByRole('row')).toHaveCount(2);
  await expect(updated).toContainText(`${demo[2]} › ${demo[3]}`);
  await expect(updated).toContainText(`${demo[4]} (${name})`);
});

/** The demo's surveys as the API reads them (the page's own read). */
async function demoSurveys(page: Page, level: 'region' | 'audience' | 'stage') {
  const res = await page.request.get(`/api/surveys?level=${level}`, { headers: { 'x-context': CONTEXT } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { name: string; sub_market_id: number | null; journey_stage_id: number | null; journey_brand_id: number | null }[];
}

test("the answers show as bars in the insights: a Grow audience's, a journey stage's and, on Explore's Market Level, the region's", async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.admin);
  // Grow: the demo's audience survey, on the audience it is on.
  const pulse = (await demoSurveys(page, 'audience')).find((s) => s.name === 'Fizz Original audience pulse')!;
  type ChartRead = { id: number; name: string; markets: { sub_markets: { id: number; name: string }[] }[] };
  const charts = (await (await page.request.get('/api/mekkos', { headers: { 'x-context': CONTEXT } })).json()).data as { id: number }[];
  let found: { chart: ChartRead; audience: string } | null = null;
  for (const c of charts) {
    const chart = (await (await page.request.get(`/api/mekkos/${c.id}`, { headers: { 'x-context': CONTEXT } })).json()).data as ChartRead;
    const audience = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.id === pulse.sub_market_id);
    if (audience) found = { chart, audience: audience.name };
  }
  await openChart(page, found!.chart.id, found!.chart.name);
  await tile(page, found!.audience).click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('tab', { name: /^Total Population/ }).click();
  const audienceSurvey = page.getByRole('region', { name: `Survey Fizz Original audience pulse of ${found!.audience}` });
  await expect(audienceSurvey.getByRole('row', { name: /Supermarket/ })).toContainText('412');
  await expect(audienceSurvey.getByRole('row', { name: /Definitely not/ })).toContainText('4.0%');

  // Journey: the stage survey, for its brand and stage.
  const moment = (await demoSurveys(page, 'stage')).find((s) => s.name === 'Purchase moment survey')!;
  const journeys = await journeyApi(page);
  let stage: { journeyId: number; brand: string; stage: string } | null = null;
  for (const j of await journeys.list()) {
    const full = await journeys.journey(j.id);
    const s = full.stages.find((x) => x.id === moment.journey_stage_id);
    const b = full.brands.find((x) => x.id === moment.journey_brand_id);
    if (s && b) stage = { journeyId: j.id, brand: b.name, stage: s.name };
  }
  await page.goto(`/${CONTEXT}/insights/journey/${stage!.journeyId}`);
  await page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: stage!.brand }).check();
  await page.getByRole('region', { name: 'Chart' }).getByRole('button', { name: new RegExp(`^${escape(stage!.stage)}: .* this stage$`) }).click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('region', { name: 'Insights' }).getByRole('tab', { name: 'Market Level' }).click();
  await expect(page.getByRole('region', { name: `Survey Purchase moment survey of ${stage!.brand} · ${stage!.stage}` })).toContainText('On promotion');

  // Explore: the region's survey on Market Level.
  await page.goto(`/${CONTEXT}/insights/explore`);
  await page.getByRole('tab', { name: 'Market Level' }).click();
  const region = page.getByRole('region', { name: 'Survey US soft drinks tracker of the region' });
  await expect(region.getByRole('row', { name: /Every day/ })).toContainText('21.0%');
});
