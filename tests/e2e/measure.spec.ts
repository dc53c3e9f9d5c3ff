import { expect, test, type Page } from '@playwright/test';
import { OUTCOMES_TEXT, addMonths, monthKey, monthLabel, type YearMonth } from '../../src/shared/rules/outcomes';
import { CONTEXT, PRODUCT, apiOf, chartWith, tile } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { adminWithChart, matched, measureOf, openMeasure, trigger, waitForDemoDataFirst } from './measure-helpers';

// Issue 18, "comparison of two months with the mekko and its overlay" and the notification link
// (spec 3 §2.5 Measure, §4, §9 overlay clamp): a chart of two markets with two past months set
// through the API, compared on the mekko with the percent change on every block.

const MARKETS = [
  { name: 'Sparkling', audiences: ['Fans', 'Switchers'] },
  { name: 'Still', audiences: ['Runners'] },
];
/** Matched figures: Fans +25 %, Switchers -25 %, Runners +150 % (shown clamped to +100 %). */
const BEFORE = { Fans: matched(1_000), Switchers: matched(2_000), Runners: matched(4_000) };
const AFTER = { Fans: matched(1_250), Switchers: matched(1_500), Runners: matched(10_000) };

/** Logged in as the admin, a new chart with its two past months. */
const twoMonths = (page: Page) => adminWithChart(page, unique('measure'), MARKETS, (today) => [
  { month: addMonths(today, -3), figures: BEFORE },
  { month: addMonths(today, -2), figures: AFTER },
]);
const tileBox = (page: Page, name: string) => page.locator('.audience-tile').filter({ has: tile(page, name) });
const infoBox = (page: Page, title: string) => page.getByRole('region', { name: title });

waitForDemoDataFirst();

test('comparison of two months: the mekko with its overlay, the info boxes, a market selected dims the rest, tooltips', async ({ page }) => {
  test.setTimeout(120_000);
  const { chart, today } = await twoMonths(page);
  const previous = addMonths(today, -3);
  const current = addMonths(today, -2);
  await openMeasure(page, chart.id, `previous=${monthKey(previous)}&current=${monthKey(current)}`);
  await expect(page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker })).toContainText(chart.name);
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(previous)} to ${monthLabel(current)}`);
  await expect(page.getByRole('tab', { name: /^Matched Addressable/, selected: true })).toContainText('12,750');

  // The overlay: each block's change since the previous month, clamped to ±100 (§9).
  await expect(tileBox(page, 'Fans')).toContainText('+25.0%');
  await expect(tileBox(page, 'Switchers')).toContainText('-25.0%');
  await expect(tileBox(page, 'Runners')).toContainText('+100.0%');

  // Info boxes: the whole chart, 7,000 then 12,750.
  await expect(infoBox(page, OUTCOMES_TEXT.previousPopulation(monthLabel(previous)))).toContainText('7,000');
  const change = infoBox(page, OUTCOMES_TEXT.populationChange);
  await expect(change).toContainText('+5,750');
  await expect(change).toContainText('(+82.1%)');
  await expect(change.getByLabel('up')).toBeVisible();

  // A market's name selects it: the other market's blocks are dimmed, the boxes read the market.
  await page.getByRole('button', { name: 'Sparkling', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sparkling', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(tileBox(page, 'Runners')).toHaveClass(/audience-tile--dimmed/);
  await expect(tileBox(page, 'Fans')).not.toHaveClass(/audience-tile--dimmed/);
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText('Sparkling');
  await expect(infoBox(page, OUTCOMES_TEXT.previousPopulation(monthLabel(previous)))).toContainText('3,000');
  await expect(change).toContainText('-250');
  await expect(change).toContainText('(-8.3%)');
  await expect(change.getByLabel('down')).toBeVisible();

  // A block then selects its audience alone (the market is cleared); Clear all clears it.
  await tile(page, 'Runners').click();
  await expect(tileBox(page, 'Fans')).toHaveClass(/audience-tile--dimmed/);
  await expect(tileBox(page, 'Runners')).not.toHaveClass(/audience-tile--dimmed/);
  await expect(change).toContainText('+6,000');
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(tileBox(page, 'Fans')).not.toHaveClass(/audience-tile--dimmed/);

  // A block's tooltip: its name, count, audience path (none here: 'N/A') and percent change.
  await tile(page, 'Fans').hover();
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toContainText('Fans');
  await expect(tooltip).toContainText('1,250');
  await expect(tooltip).toContainText(OUTCOMES_TEXT.notApplicable);
  await expect(tooltip).toContainText('+25.0%');

  // Total Population: its own figures (3 × matched), its own overlay.
  await page.getByRole('tab', { name: /^Total Population/ }).click();
  await expect(page.getByRole('tab', { name: /^Total Population/, selected: true })).toContainText('38,250');
  await expect(page).toHaveURL(/tab=total/);
  await expect(tileBox(page, 'Fans')).toContainText('+25.0%');
});

test('a notification link with ?current=YYYY-MM opens that month, compared with the month before it', async ({ page }) => {
  test.setTimeout(120_000);
  const { chart, today } = await twoMonths(page);
  const month: YearMonth = addMonths(today, -2);
  // The path an outcome_completed task carries (decision 014).
  await page.goto(`${PRODUCT}/outcomes/measure/${chart.id}?current=${monthKey(month)}`);
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(addMonths(today, -3))} to ${monthLabel(month)}`);
  await expect(tileBox(page, 'Fans')).toContainText('+25.0%');
  // Without a month, the newest (the current month) and the second newest (§4).
  await page.goto(measureOf(chart.id));
  await expect(trigger(page)).toHaveAccessibleName(`Time period: ${monthLabel(month)} to ${monthLabel(today)}`);
  expect(CONTEXT).toContain('fizz-original');
});

test('without a chart in the path the address names the chart shown, in place (Back leaves Measure); a chart of markets without audiences says so', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.admin);
  await page.goto(`${PRODUCT}/home`);
  await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible({ timeout: 30_000 });
  await page.goto(`${PRODUCT}/outcomes/measure?tab=total`);
  await expect(page.getByRole('heading', { name: OUTCOMES_TEXT.header })).toBeVisible({ timeout: 30_000 });
  // The product's default chart (else its first), named in the path; the search is kept.
  await expect(page).toHaveURL(new RegExp(`/outcomes/measure/\\d+\\?tab=total$`));
  const shown = (await page.getByRole('button', { name: OUTCOMES_TEXT.chartPicker }).textContent()) ?? '';
  expect(shown).toContain('⚑');
  await expect(page.getByRole('tab', { name: /^Total Population/, selected: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}/home$`));

  const api = await apiOf(page);
  const empty = await chartWith(api, unique('no audiences'), [{ name: 'Sparkling', audiences: [] }, { name: 'Still', audiences: [] }]);
  await openMeasure(page, empty.id);
  await expect(page.getByText(OUTCOMES_TEXT.noAudiences)).toBeVisible();
  await expect(page.getByText(OUTCOMES_TEXT.noMarkets)).toHaveCount(0);
  await expect(page.locator('.audience-tile')).toHaveCount(0);
});
