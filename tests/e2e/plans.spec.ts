import fs from 'node:fs';
import { expect, test, type Download, type Locator, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { SCENARIO_LIMITS, SCENARIO_TEXT } from '../../src/shared/rules/scenarios';
import { SCRATCH_TEXT } from '../../src/client/features/plans/scenario-model';
import { USERS, csrfOf, logInAs, unique } from './helpers';

const PAGE = '/acme/us/fizz-cola/fizz-original/plans';
const PLAN = 'Fizz Original spring burst 2027 (FZ-2027-SPRING)';

/** The demo plan as the planning system exports it: each media type's planned spend is the sum of its weeks. */
const demo = JSON.parse(fs.readFileSync('src/server/modules/plans/demo-plans/FZ-2027-SPRING.json', 'utf8')) as { flights: { media_type: string; weekly_budget: number[] }[] };
const PLANNED = demo.flights.map((f) => ({ media: f.media_type, spend: f.weekly_budget.reduce((s, x) => s + x, 0) }));
const dollars = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const amountOf = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

async function openPlanner(page: Page) {
  await logInAs(page, USERS.admin);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Scenario Planner' })).toBeVisible();
  // Another import may be newer (Scenario Planner Management's tests import plans): start from the spring one.
  await page.getByLabel('Start from').selectOption({ label: PLAN });
  await expect(page.getByText('FZ-2027-SPRING · 13 weeks', { exact: false })).toBeVisible();
  return page.getByRole('table', { name: 'Scenario by media type' });
}

const rowOf = (table: Locator, media: string) => table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name: media, exact: true }) });

test('the plan is listed by media type with its planned spends; Optimise gains response within each media type\'s ±30 %', async ({ page }) => {
  const table = await openPlanner(page);
  // Six media types and a totals row, each with the sum of its 13 weeks.
  await expect(table.getByRole('rowheader')).toHaveText([...PLANNED.map((p) => p.media), 'Total']);
  for (const { media, spend } of PLANNED) await expect(rowOf(table, media).getByRole('cell').first()).toHaveText(dollars(spend));
  await expect(rowOf(table, 'Total').getByRole('cell').first()).toHaveText(dollars(PLANNED.reduce((s, p) => s + p.spend, 0)));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: /^Response curves of 6 media types/ })).toBeVisible();

  await page.getByRole('button', { name: 'Optimise' }).click();
  const headline = page.getByText(/^Gain over the plan: /);
  await expect(headline).toBeVisible();
  expect(await headline.textContent()).toMatch(/^Gain over the plan: \+[\d,.]+ response/);
  const split = page.getByRole('table', { name: 'Optimised split' });
  await expect(split.getByRole('rowheader')).toHaveCount(PLANNED.length + 1);
  let total = 0;
  for (const { media, spend } of PLANNED) {
    const optimised = amountOf(await rowOf(split, media).getByRole('cell').nth(1).innerText());
    expect(optimised).toBeGreaterThanOrEqual(spend * 0.7 - 1);
    expect(optimised).toBeLessThanOrEqual(spend * 1.3 + 1);
    total += optimised;
  }
  // The whole budget, the plan's total, is spent (within the rounding of six figures).
  expect(Math.abs(total - PLANNED.reduce((s, p) => s + p.spend, 0))).toBeLessThanOrEqual(6);
  await expect(page.getByRole('list', { name: 'Legend' }).getByText('Optimised spend')).toBeVisible();
});

test('a negative budget is refused in words; the least budget for the default target is found', async ({ page }) => {
  await openPlanner(page);
  const budget = page.getByLabel('Total budget');
  await budget.fill('-1000');
  await page.getByRole('button', { name: 'Optimise' }).click();
  await expect(page.getByRole('alert')).toHaveText(SCENARIO_TEXT.budgetNegative);
  await expect(page.getByRole('table', { name: 'Optimised split' })).toHaveCount(0);

  // The default target is the plan's response +5 %.
  await page.getByRole('button', { name: 'Find least budget' }).click();
  const least = page.getByText(/^Least budget: \$[\d,]+$/);
  await expect(least).toBeVisible();
  expect(amountOf(await least.innerText())).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: 'Split of the least budget' }).getByRole('rowheader')).toHaveCount(PLANNED.length);
});

test('a scenario saved after Optimise is listed with its response, opens, compares side by side with another, and is deleted', async ({ page }) => {
  await openPlanner(page);
  await page.getByRole('button', { name: 'Optimise' }).click();
  const split = page.getByRole('table', { name: 'Optimised split' });
  await expect(split).toBeVisible();
  const optimised = new Map<string, number>();
  for (const { media } of PLANNED) optimised.set(media, amountOf(await rowOf(split, media).getByRole('cell').nth(1).innerText()));

  const name = unique('scenario');
  await page.getByLabel('Scenario name').fill(name);
  await page.getByRole('button', { name: 'Save scenario' }).click();
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByText('Scenario saved', { exact: true })).toBeVisible();

  // A taken name is refused in the server's words, under the name.
  const nameField = page.getByLabel('Scenario name');
  await nameField.fill('Spring burst as planned');
  await page.getByRole('button', { name: 'Save scenario' }).click();
  await expect(page.getByRole('alert')).toHaveText(SCENARIO_TEXT.nameTaken);
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');

  // Listed first (last changed first), with a response from the product's curves; sent at once (online).
  const saved = page.getByRole('table', { name: 'Saved scenarios' });
  const row = saved.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(name);
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^[\d,.]+$/);
  expect(amountOf(await row.getByRole('cell').nth(2).innerText())).toBeGreaterThan(0);

  // Opened, its flights are the lines: each media type's planned spend is the optimised one (weeks rounded to whole units).
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByText(`Saved scenario ${name} · 13 weeks`, { exact: false })).toBeVisible();
  const table = page.getByRole('table', { name: 'Scenario by media type' });
  for (const { media } of PLANNED) {
    const spend = amountOf(await rowOf(table, media).getByRole('cell').first().innerText());
    expect(Math.abs(spend - optimised.get(media)!)).toBeLessThanOrEqual(13);
  }
  await expect(page.getByLabel('Scenario name')).toHaveValue(name);

  // Someone else saves it meanwhile at another budget: saving it again is refused, and theirs can be reloaded.
  const headers = async () => ({ 'x-context': PAGE.split('/').slice(1, 5).join('/'), 'x-csrf-token': await csrfOf(page), 'x-request-id': crypto.randomUUID() });
  const listed = (await (await page.request.get('/api/scenarios', { headers: await headers() })).json()) as { data: { id: number; name: string; version: number; budget: number; start_week: string | null; flights: unknown[]; source_import_id: number | null }[] };
  const mine = listed.data.find((s) => s.name === name)!;
  const theirs = await page.request.put(`/api/scenarios/${mine.id}`, {
    headers: await headers(),
    data: { name, budget: 5_000_000, start_week: mine.start_week, flights: mine.flights, source_import_id: mine.source_import_id, version: mine.version },
  });
  expect(theirs.status()).toBe(200);
  // Two more saved scenarios, for a fifth tick.
  const extras: number[] = [];
  const extraNames = [unique('extra'), unique('extra')];
  for (const extra of extraNames) {
    const made = await page.request.post('/api/scenarios', { headers: await headers(), data: { name: extra, budget: mine.budget, start_week: mine.start_week, flights: mine.flights, source_import_id: mine.source_import_id } });
    expect(made.status()).toBe(201);
    extras.push(((await made.json()) as { data: { id: number } }).data.id);
  }
  // Saved again, through the outbox: the server refuses it as based on an older version, and the
  // sync's conflict dialog shows theirs beside mine; Take theirs keeps theirs.
  await page.getByRole('button', { name: 'Save scenario' }).click();
  const changed = page.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(changed).toBeVisible({ timeout: 20_000 });
  await expect(changed.getByRole('row').filter({ hasText: /^Budget/ })).toContainText('5000000');
  await changed.getByRole('button', { name: 'Take theirs' }).click();
  await expect(changed).toBeHidden();
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByLabel('Total budget')).toHaveValue('5,000,000');

  // Up to four side by side: a fifth tick is refused.
  for (const extra of extraNames) await expect(saved.getByRole('rowheader', { name: extra, exact: true })).toBeVisible();
  const boxes = (await saved.getByRole('checkbox').all()).slice(0, 5);
  for (const box of boxes.slice(0, 4)) await box.check();
  await boxes[4]!.click();
  await expect(boxes[4]!).not.toBeChecked();
  await expect(page.getByRole('alert')).toHaveText(`You can compare at most ${SCENARIO_LIMITS.compareMax} scenarios side by side: untick one first.`);
  await expect(page.getByRole('table', { name: 'Scenarios compared' }).getByRole('columnheader')).toHaveCount(5);
  for (const box of boxes) await box.uncheck();
  for (const id of extras) expect((await page.request.delete(`/api/scenarios/${id}?version=1`, { headers: await headers() })).status()).toBe(200);

  // Side by side with the demo's scenario as planned.
  await row.getByRole('checkbox', { name: `Compare ${name}` }).check();
  await saved.getByRole('checkbox', { name: 'Compare Spring burst as planned' }).check();
  const compared = page.getByRole('table', { name: 'Scenarios compared' });
  await expect(compared.getByRole('columnheader')).toHaveText(['Figure', name, 'Spring burst as planned']);
  for (const label of ['Budget', 'Response', 'Incremental response', 'Cost per response']) {
    await expect(compared.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })).toHaveCount(1);
  }
  await expect(compared.getByRole('rowheader', { name: `${PLANNED[0]!.media} spend (share)` })).toBeVisible();
  await expect(compared.getByRole('row').filter({ has: page.getByRole('rowheader', { name: `${PLANNED[0]!.media} spend (share)` }) }).getByRole('cell').first()).toHaveText(/^\$[\d,]+ \([\d.]+%\)$/);

  // Deleted after a confirmation: gone from the list and the comparison.
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete scenario' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(compared).toHaveCount(0);
});

/** A downloaded workbook's sheets as rows of values, as a spreadsheet program reads the file. */
async function workbookOf(download: Download): Promise<Record<string, unknown[][]>> {
  const wb = XLSX.read(fs.readFileSync((await download.path())!), { type: 'buffer' });
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[n]!, { header: 1, defval: null })]));
}

test('a scenario from scratch is split evenly, optimised and exported; two saved ones are compared and exported', async ({ page }) => {
  await logInAs(page, USERS.admin);
  await page.goto(PAGE);
  await page.getByLabel('Start from').selectOption({ label: 'New scenario from scratch' });
  const form = page.getByRole('form', { name: 'New scenario from scratch' });

  // Bad input is refused under its field, and nothing starts.
  await form.getByLabel('Weeks').fill('0');
  for (const box of await form.getByRole('checkbox').all()) await box.uncheck();
  await form.getByRole('button', { name: 'Start scenario' }).click();
  await expect(form.getByText(SCRATCH_TEXT.weeks)).toBeVisible();
  await expect(form.getByText(SCRATCH_TEXT.media)).toBeVisible();
  await expect(form.getByLabel('Weeks')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('table', { name: 'Scenario by media type' })).toHaveCount(0);

  await form.getByLabel('Total budget').fill('2,400,000');
  await form.getByLabel('Weeks').fill('12');
  await form.getByLabel('First week').fill('2027-01-04');
  for (const media of ['TV', 'Search', 'Social']) await form.getByRole('checkbox', { name: media, exact: true }).check();
  await form.getByRole('button', { name: 'Start scenario' }).click();
  const table = page.getByRole('table', { name: 'Scenario by media type' });
  await expect(table.getByRole('rowheader')).toHaveText(['TV', 'Social', 'Search', 'Total']);
  for (const media of ['TV', 'Social', 'Search']) await expect(rowOf(table, media).getByRole('cell').first()).toHaveText('$800,000');
  await expect(page.getByText('New scenario · 3 media types · 12 weeks from 2027-01-04 · USD')).toBeVisible();

  // Free from nothing to the whole budget, Optimise moves money to where it answers best.
  await page.getByRole('button', { name: 'Optimise' }).click();
  const split = page.getByRole('table', { name: 'Optimised split' });
  await expect(split).toBeVisible();
  const optimised = new Map<string, number>();
  for (const media of ['TV', 'Social', 'Search']) optimised.set(media, amountOf(await rowOf(split, media).getByRole('cell').nth(1).innerText()));
  expect([...optimised.values()].some((v) => Math.abs(v - 800_000) > 1_000)).toBe(true);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export scenario' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^New scenario \d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = await workbookOf(download);
  expect(Object.keys(book)).toEqual(['Scenario', 'Weeks', 'Curves']);
  const rows = book.Scenario!;
  const head = rows.findIndex((r) => r[0] === 'Media type');
  for (const [i, media] of ['TV', 'Social', 'Search'].entries()) {
    const r = rows[head + 1 + i]!;
    expect(r[0]).toBe(media);
    expect(r[1]).toBe(800_000);
    expect(Math.abs(Number(r[2]) - optimised.get(media)!)).toBeLessThanOrEqual(1);
  }
  // Twelve weeks from the first, each media type's optimised weeks adding up to its spend.
  const weeks = book.Weeks!;
  expect(weeks[1]![0]).toBe('2027-01-04');
  expect(weeks[12]![0]).toBe('2027-03-22');
  expect(weeks[13]![0]).toBe('Total');
  expect(Math.abs(Number(weeks[13]![1]) - optimised.get('TV')!)).toBeLessThanOrEqual(12);

  // The demo's two saved scenarios, compared and exported side by side.
  const saved = page.getByRole('table', { name: 'Saved scenarios' });
  await saved.getByRole('checkbox', { name: 'Compare Spring burst as planned' }).check();
  await saved.getByRole('checkbox', { name: 'Compare Spring burst, optimised split' }).check();
  await expect(page.getByRole('table', { name: 'Scenarios compared' })).toBeVisible();
  const [comparison] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export comparison' }).click()]);
  const compared = await workbookOf(comparison);
  expect(Object.keys(compared)).toEqual(['Comparison', 'Spring burst as planned', 'Spring burst, optimised split']);
  expect(compared.Comparison![0]).toEqual(['Figure', 'Spring burst as planned', 'Spring burst, optimised split']);
  const budget = compared.Comparison!.find((r) => r[0] === 'Budget (USD)')!;
  expect(Math.abs(Number(budget[1]) - PLANNED.reduce((t, p) => t + p.spend, 0))).toBeLessThanOrEqual(1);
  const response = compared.Comparison!.find((r) => r[0] === 'Response')!;
  expect(Number(response[2])).toBeGreaterThan(Number(response[1]));
});
