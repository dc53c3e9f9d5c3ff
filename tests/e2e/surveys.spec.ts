import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { SURVEY_MODE_DEFINITIONS, type SurveyMode } from '../../src/shared/rules/surveys';
import { CONTEXT, openChart } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { demoSurveyPlaces, openAudienceMarketLevel, openStageMarketLevel } from './survey-helpers';

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

test("the answers show as bars in the insights: a Grow audience's, a journey stage's and, on Explore's Market Level, the region's", async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.admin);
  const places = await demoSurveyPlaces(page);
  // Grow: the demo's audience survey, on the audience it is on.
  await openChart(page, places.chart.id, places.chart.name);
  await openAudienceMarketLevel(page, places.audience);
  const audienceSurvey = page.getByRole('region', { name: `Survey Fizz Original audience pulse of ${places.audience}` });
  await expect(audienceSurvey.getByRole('row', { name: /Supermarket/ })).toContainText('412');
  await expect(audienceSurvey.getByRole('row', { name: /Definitely not/ })).toContainText('4.0%');

  // Journey: the stage survey, for its brand and stage.
  await openStageMarketLevel(page, places);
  await expect(page.getByRole('region', { name: `Survey Purchase moment survey of ${places.brand} · ${places.stage}` })).toContainText('On promotion');

  // Explore: the region's survey on Market Level.
  await page.goto(`/${CONTEXT}/insights/explore`);
  await page.getByRole('tab', { name: 'Market Level' }).click();
  const region = page.getByRole('region', { name: 'Survey US soft drinks tracker of the region' });
  await expect(region.getByRole('row', { name: /Every day/ })).toContainText('21.0%');
});
