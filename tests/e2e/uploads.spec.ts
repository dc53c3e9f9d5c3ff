import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { UPLOADERS, type UploaderKey } from '../../src/shared/rules/uploads';
import { apiOf, chartWith, escape, GROW, openChart, PRODUCT, tile, waitForDemoData } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { journeyApi } from './journey-helpers';

type Row = (string | number | null)[];

/** Downloads the page's .xls template, as step 1 does, and reads its sheet (header first). */
async function downloadTemplate(page: Page, uploader: UploaderKey): Promise<Row[]> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download template (.xls)' }).click()]);
  expect(download.suggestedFilename()).toBe(`${UPLOADERS[uploader].templateName}.xls`);
  const bytes = fs.readFileSync(await download.path());
  // An .xls is an OLE2 container, not a zip.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
  const book = XLSX.read(bytes, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<Row>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: null, blankrows: false });
}

/** Step 3: the edited rows saved as .xls and chosen in the file picker (the upload starts at once). */
async function uploadRows(page: Page, uploader: UploaderKey, rows: Row[]) {
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, UPLOADERS[uploader].sheet);
  const buffer = XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
  await page.getByLabel('Choose file to upload').setInputFiles({ name: 'edited.xls', mimeType: 'application/vnd.ms-excel', buffer });
}

const header = (uploader: UploaderKey) => UPLOADERS[uploader].columns.map((c) => c.header);

test('Grow: the template downloads, an edited file uploads with its good row applied and its bad row listed, and the audience shows the figure', async ({ page, playwright }, testInfo) => {
  test.setTimeout(120_000);
  await waitForDemoData(playwright, testInfo);
  await logInAs(page, USERS.admin);
  const chart = await chartWith(await apiOf(page), unique('upload chart'), [{ name: 'Coast', audiences: [{ name: 'Surfers', segment: 'Gaming' }] }]);

  await page.goto('/acme/us/upload/mekkos_upload/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Grow / Widgets Upload' })).toBeVisible();
  const rules = page.getByRole('region', { name: 'Rules' });
  await expect(rules).toContainText('The same as Journeys, but columns A-K are required except G, keyed on brand, market and audience names.');

  const template = await downloadTemplate(page, 'grow');
  expect(template[0]!.slice(0, header('grow').length)).toEqual(header('grow'));
  // The demo's uploaded figures come down with it.
  expect(template.some((r) => r[2] === 'Fizz Original Market Map' && r[7] === 'Age')).toBe(true);

  await uploadRows(page, 'grow', [
    header('grow'),
    ['Fizz Cola', 'Fizz Original', chart.name, 'Coast', 1, 'Surfers', 1, 'Age', '18-24', 1, null, 77.7],
    ['Fizz Cola', 'Fizz Original', chart.name, 'Coast', 1, 'Nobody', 2, 'Age', '18-24', 1, null, 10],
    ['Fizz Cola', 'Fizz Original', chart.name, 'Coast', 1, '<img src=x onerror="window.__xss=1">', 3, 'Age', '18-24', 1, null, 10],
  ]);
  const errors = page.getByRole('region', { name: 'Errors found in Uploaded Template' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^F3There is no audience Nobody in the market Coast\.$/);
  // A name with markup is shown as the text it is, never run.
  await expect(errors.getByRole('row').nth(2)).toContainText('There is no audience <img src=x onerror="window.__xss=1"> in the market Coast.');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(errors.locator('img')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Updated charts, markets and audiences' })).toContainText(`${chart.name} › Coast`);
  await expect(page.getByRole('region', { name: 'Updated charts, markets and audiences' })).toContainText('1 of 3 rows applied');

  await openChart(page, chart.id, chart.name);
  await tile(page, 'Surfers').click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('tab', { name: /^Total Population/ }).click();
  const insights = page.getByRole('region', { name: 'Insights' });
  await expect(insights.getByRole('region', { name: 'Demographics of Surfers' })).toContainText('77.7%');
  await expect(insights.getByRole('region', { name: 'Demographics of Coast' })).toContainText('18-24');
  expect(GROW).toContain('/insights/grow');
});

test('Journeys: a changed figure of a stage uploads and shows at Market Level for that brand and stage', async ({ page, playwright }, testInfo) => {
  test.setTimeout(120_000);
  await waitForDemoData(playwright, testInfo);
  await logInAs(page, USERS.admin);
  // The demo's valid journey: Fizz Loyalty Path opens on its invalid-audiences dialog until a test removes them (run alone, this one failed).
  const funnel = (await (await journeyApi(page)).list()).find((j) => j.name === 'Fizz Purchase Funnel')!;

  await page.goto('/acme/us/upload/journeys_upload/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Journeys / Widgets Upload' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rules' })).toContainText('Columns A-H required, I-O optional.');
  const template = await downloadTemplate(page, 'journeys');
  const row = template.find((r) => r[2] === 'Fizz Purchase Funnel' && r[8] === '25-34')!;
  expect(row).toBeDefined();
  const edited = [...row.slice(0, 11), 64.2, null, null, null];
  await uploadRows(page, 'journeys', [header('journeys'), edited]);
  await expect(page.getByText('Upload complete', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Errors found in Uploaded Template' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Updated journeys and stages' })).toContainText(`Fizz Purchase Funnel › ${row[3]}`);

  await page.goto(`${PRODUCT}/insights/journey/${funnel.id}`);
  await page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: String(row[3]) }).check();
  await page.getByRole('region', { name: 'Chart' }).getByRole('button', { name: new RegExp(`^${escape(String(row[5]))}: .* this stage$`) }).click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  const insights = page.getByRole('region', { name: 'Insights' });
  await insights.getByRole('tab', { name: 'Market Level' }).click();
  const figures = insights.getByRole('region', { name: `Demographics of ${row[3]} · ${row[5]}` });
  await expect(figures.getByRole('row').filter({ hasText: '25-34' })).toContainText('64.2%');
});

test('Explore: an uploaded widget appears on the all-data persona’s Market Level', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.admin);
  await page.goto('/acme/us/upload/personas_upload/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore / Widgets Upload' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Rules' })).toContainText("Affects only custom Market Level widgets under the 'All Data' persona.");
  const template = await downloadTemplate(page, 'explore');
  expect(template.some((r) => r[1] === 'Fizz Original' && r[3] === 'Household Income')).toBe(true);
  const name = unique('widget');
  await uploadRows(page, 'explore', [
    header('explore'),
    ['Fizz Cola', 'Fizz Original', 'Uploaded', name, 1, 'Gender', 'Female', null, 58.5],
    ['Fizz Cola', 'Fizz Original', 'Uploaded', name, 2, 'Gender', 'Male', null, 41.5],
  ]);
  await expect(page.getByText('Upload Complete', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Updated widgets' })).toContainText(`Uploaded › ${name}`);

  await page.goto(`${PRODUCT}/insights/explore`);
  await page.getByRole('button', { name: /^Persona: / }).click();
  await page.getByRole('searchbox', { name: 'Search personas' }).fill('All Data');
  await page.getByRole('option', { name: /^All Data/ }).click();
  await expect(page.getByRole('button', { name: /^Persona: / })).toHaveAccessibleName('Persona: All Data');
  await page.getByRole('tab', { name: 'Market Level' }).click();
  await page.getByRole('tablist', { name: 'Market level tabs' }).getByRole('tab', { name: 'Uploaded' }).click();
  await expect(page.getByRole('region', { name, exact: true })).toContainText('58.5%');
});
