import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCENARIO_TEXT } from '../../src/shared/rules/scenarios';
import { USERS, logInAs } from './helpers';

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
