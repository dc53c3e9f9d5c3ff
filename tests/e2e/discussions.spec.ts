import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { DISCUSSION_COLUMNS, DISCUSSION_RULES, DISCUSSION_TEXT } from '../../src/shared/rules/discussions';
import { apiOf, chartWith, CONTEXT, openChart, tile, waitForDemoData } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { journeyApi } from './journey-helpers';

type Row = (string | number | null)[];
const PAGE = '/acme/us/upload/discussions_upload/admin';
const HEADER = DISCUSSION_COLUMNS.map((c) => c.header);

/** Rows saved as .xls, as a spreadsheet program saves them. */
const xls = (rows: Row[]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), DISCUSSION_TEXT.sheet);
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
};

async function openPage(page: Page) {
  await logInAs(page, USERS.admin);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Discussions Upload' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Discussion clusters' })).toBeVisible();
}

const card = (page: Page, name: string) => page.getByRole('list', { name: 'Discussion clusters' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test('a new cluster is saved with its file: rows in error are listed, the good ones become its bubbles; uploaded again clean, the drawer closes', async ({ page }) => {
  await openPage(page);
  const name = unique('Talk');
  await page.getByRole('button', { name: 'New Discussion' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Cluster' });
  const save = drawer.getByRole('button', { name: 'Save' });
  // Save is disabled without a name; leaving the field empty says why.
  await expect(save).toBeDisabled();
  await drawer.getByLabel('Name').focus();
  await drawer.getByLabel('Description').focus();
  await expect(drawer.getByText('Cluster name is required.')).toBeVisible();
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Description').fill('What people say about winter drinks');
  await drawer.getByRole('button', { name: 'Show Rules' }).click();
  for (const rule of DISCUSSION_RULES) await expect(drawer.getByText(rule, { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Hide Rules' }).click();
  await expect(drawer.getByText(DISCUSSION_RULES[3], { exact: true })).toHaveCount(0);

  // A blank template for a cluster not yet saved.
  const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Download template (.xls)' }).click()]);
  expect(download.suggestedFilename()).toBe('Discussion_Template.xls');
  const blank = XLSX.utils.sheet_to_json<Row>(XLSX.read(fs.readFileSync(await download.path())).Sheets[DISCUSSION_TEXT.sheet]!, { header: 1, defval: null });
  expect(blank).toEqual([HEADER]);

  await drawer.getByLabel('File').setInputFiles({
    name: 'winter.xls', mimeType: 'application/vnd.ms-excel',
    buffer: xls([HEADER, ['Hot chocolate', 'Seasons', 30, 80], ['Too cold', 'Weather', 120, 20], ['Cosy', 'Mood', null, 0], ['Snow day', 'Occasions', 12, 45]]),
  });
  await save.click();
  // Saved, the cluster is now edited.
  const edited = page.getByRole('dialog', { name: 'Edit Cluster' });
  const errors = edited.getByRole('region', { name: 'Errors found in Uploaded Template' });
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row', { name: /C 3 Name must be a number from 0 to 100/ })).toBeVisible();
  await expect(errors.getByRole('row', { name: /D 4 Size must be a whole number from 1 to 100/ })).toBeVisible();
  await expect(page.getByText('Upload complete').first()).toBeVisible();
  // The drawer now downloads the saved cluster's template, with its two bubbles.
  await expect(edited.getByText("Discussion_Template with this cluster's 2 word bubbles.")).toBeVisible();

  await edited.getByLabel('File').setInputFiles({
    name: 'winter2.xls', mimeType: 'application/vnd.ms-excel',
    buffer: xls([HEADER, ['Hot chocolate', 'Seasons', 30, 80], ['Snow day', 'Occasions', 12, 45], ['Mulled cider', 'Seasons', 8, 25]]),
  });
  await edited.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page, name)).toContainText('3 word bubbles');
  await expect(card(page, name)).toContainText(/ID \d+/);
  await expect(card(page, name).getByRole('list', { name: `Largest bubbles of ${name}` })).toContainText('Hot chocolate');
});

test('a cluster an audience uses cannot be deleted, and says why; an unused one is deleted', async ({ page }) => {
  await openPage(page);
  // The demo's summer cluster is on a Fizz Original audience.
  await card(page, 'Summer refreshment talk').getByRole('button', { name: 'Edit Summer refreshment talk' }).click();
  const drawer = page.getByRole('dialog', { name: 'Edit Cluster' });
  const remove = drawer.getByRole('button', { name: 'Delete' });
  await expect(remove).toHaveAttribute('aria-disabled', 'true');
  await remove.hover();
  await expect(page.getByRole('tooltip')).toContainText(DISCUSSION_TEXT.inUse);
  await drawer.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const name = unique('Unused');
  await page.getByRole('button', { name: 'New Discussion' }).click();
  await page.getByRole('dialog', { name: 'Create Cluster' }).getByLabel('Name').fill(name);
  await page.getByRole('dialog', { name: 'Create Cluster' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Save Complete').first()).toBeVisible();
  await card(page, name).getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('dialog', { name: 'Edit Cluster' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted successfully.`).first()).toBeVisible();
  await expect(card(page, name)).toHaveCount(0);
});

test("Grow: an audience given a discussion cluster in its form shows the cluster's word bubbles, with Reachable People, in its insights", async ({ page, playwright }, testInfo) => {
  test.setTimeout(90_000);
  await waitForDemoData(playwright, testInfo);
  await logInAs(page, USERS.admin);
  const chart = await chartWith(await apiOf(page), unique('talk chart'), [{ name: 'Coast', audiences: [{ name: 'Surfers', segment: 'Gaming' }] }]);
  await openChart(page, chart.id, chart.name);
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  await tile(page, 'Surfers').click();
  const form = page.getByRole('dialog', { name: 'Edit audience Surfers' });
  await form.getByLabel('Discussion').selectOption({ label: 'Summer refreshment talk (12 clusters)' });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'View' }).click();

  await tile(page, 'Surfers').click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('tab', { name: /^Total Population/ }).click();
  const bubbles = page.getByRole('region', { name: 'Insights' }).getByRole('region', { name: 'Discussion: Summer refreshment talk' });
  await expect(bubbles.getByRole('listitem')).toHaveCount(12);
  await expect(bubbles.getByRole('listitem').first()).toContainText('Ice cold');
  await expect(bubbles.getByLabel('Reachable People 41%')).toBeVisible();

  // The discussion cluster form (650) opens on the audience's cluster, its bubbles typed in place.
  await page.getByRole('button', { name: 'Edit word bubbles of Summer refreshment talk' }).click();
  const clusterForm = page.getByRole('dialog', { name: 'Discussion cluster Summer refreshment talk' });
  await expect(clusterForm.getByRole('textbox', { name: /^Bubble, bubble \d+$/ })).toHaveCount(12);
  await expect(clusterForm.getByRole('textbox', { name: 'Bubble, bubble 1', exact: true })).toHaveValue('Ice cold');
  await expect(clusterForm.getByRole('link', { name: 'bulk upload discussions' })).toHaveAttribute('href', '/acme/us/upload/discussions_upload/admin');
  await clusterForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(clusterForm).toBeHidden();
});

test("Grow's discussion cluster form makes a cluster of typed word bubbles, checked by the upload's rules and saved in the order typed", async ({ page }) => {
  await logInAs(page, USERS.admin);
  await page.goto(`/${CONTEXT}/insights/grow`);
  await page.getByRole('button', { name: 'Discussion clusters' }).click();
  const form = page.getByRole('dialog', { name: 'Discussion clusters' });
  await form.getByLabel('Cluster').selectOption({ label: 'New cluster…' });
  const made = page.getByRole('dialog', { name: 'New discussion cluster' });
  const name = unique('Typed talk');
  await made.getByLabel('Name').fill(name);
  const cell = (field: string, n: number) => made.getByRole('textbox', { name: `${field}, bubble ${n}`, exact: true });
  await cell('Bubble', 1).fill('Fizzy mornings');
  await cell('Theme', 1).fill('Occasions');
  await cell('Size (1-100)', 1).fill('60');
  await made.getByRole('button', { name: 'Add word bubble' }).click();
  await expect(cell('Bubble', 2)).toBeFocused();
  await page.keyboard.type('fizzy MORNINGS');
  await cell('Theme', 2).fill('Again');
  await cell('Size (1-100)', 2).fill('30');
  await made.getByRole('button', { name: 'Add word bubble' }).click();
  await cell('Bubble', 3).fill('Late-night snacks');
  await cell('Theme', 3).fill('Occasions');
  await cell('Reachable People (%)', 3).fill('120');
  await cell('Size (1-100)', 3).fill('0');
  await made.getByRole('button', { name: 'Save' }).click();
  // Nothing is sent: each problem shows under its field, in the uploader's words.
  await expect(made.getByText('3 problems in the word bubbles: each is shown under its field.')).toBeVisible();
  await expect(cell('Bubble', 2)).toHaveAccessibleDescription(/already on row 2/);
  await expect(cell('Reachable People (%)', 3)).toHaveAccessibleDescription('Name must be a number from 0 to 100.');
  await expect(cell('Size (1-100)', 3)).toHaveAccessibleDescription(DISCUSSION_TEXT.size);

  await made.getByRole('button', { name: 'Remove bubble 2 fizzy MORNINGS' }).click();
  await cell('Reachable People (%)', 2).fill('45');
  await cell('Size (1-100)', 2).fill('30');
  // Drawn as they will show while being typed.
  await expect(made.getByRole('region', { name: `Discussion: ${name}` }).getByRole('listitem')).toHaveCount(2);
  await made.getByRole('button', { name: 'Save' }).click();
  await expect(made).toBeHidden();
  await expect(page.getByText('Save Complete').first()).toBeVisible();

  // Saved on the server, in the order typed.
  const nodes = (await (await page.request.get('/api/discussion-cluster-nodes', { headers: { 'x-context': CONTEXT } })).json()).data as { name: string; discussion_clusters: { name: string; reach: number | null; size: number }[] }[];
  expect(nodes.find((n) => n.name === name)?.discussion_clusters.map((b) => [b.name, b.reach, b.size])).toEqual([['Fizzy mornings', null, 60], ['Late-night snacks', 45, 30]]);
});

test("Journey: the demo cell's discussion shows as word bubbles in its stage's panel", async ({ page }) => {
  await logInAs(page, USERS.admin);
  const api = await journeyApi(page);
  const nodes = (await (await page.request.get('/api/discussion-cluster-nodes', { headers: { 'x-context': CONTEXT } })).json()).data as { name: string; journey_sub_markets: { name: string }[] }[];
  const used = nodes.find((n) => n.name === 'Switching brands talk')!.journey_sub_markets[0]!.name.split(' › ');
  const [journeyName, brandName, stageName] = used as [string, string, string];
  const journey = (await api.list()).find((j) => j.name === journeyName)!;
  await page.goto(`/${CONTEXT}/insights/journey/${journey.id}`);
  await page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: brandName }).check();
  await page.getByRole('button', { name: `${stageName}: show every brand` }).click();
  const panel = page.getByRole('dialog', { name: `${stageName} by brand` });
  const bubbles = panel.getByRole('region', { name: 'Discussion: Switching brands talk' });
  await expect(bubbles.getByRole('listitem')).toHaveCount(9);
  await expect(bubbles.getByRole('listitem').first()).toContainText('Cheaper store brand');
});
