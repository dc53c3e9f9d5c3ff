import { expect, test, type Page } from '@playwright/test';
import { ANALYSIS_TEXT } from '../../src/shared/rules/analysis';
import { USERS, csrfOf, logInAs, openNavigation } from './helpers';

// Issue 32: the five analysis pages, as a user meets them: from the home page's cards and from the
// navigation, on the demo's buyer data (every acme brand has 24 months of it).

const PRODUCT = '/acme/us/fizz-cola/fizz-original';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** "N of M people": the people within the page's filters. */
const peopleCount = (page: Page) => page.getByTestId('analysis-count');
const countOf = async (page: Page) => Number(((await peopleCount(page).textContent()) ?? '').split(' of ')[0]!.replace(/,/g, ''));

async function openFromNavigation(page: Page, name: string) {
  await openNavigation(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true }).click();
  await expect(heading(page, name)).toBeVisible();
}

/** Narrows the page to one segment found by `search`, and gives the people now in the filters. */
async function filterBy(page: Page, search: string): Promise<number> {
  const before = await countOf(page);
  await page.getByRole('button', { name: 'Select Filter by segment' }).click();
  await page.getByLabel('Search filter by segment').fill(search);
  await page.getByRole('listbox', { name: 'Filter by segment results' }).getByRole('option').first().getByRole('button').click();
  await expect.poll(() => countOf(page)).toBeLessThan(before);
  return countOf(page);
}

test('Customer Value from the home card: tiers with their shares, a filter narrows them, and a context change resets it', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  await page.goto(`${PRODUCT}/home`);
  await page.getByRole('region', { name: 'Quick links' }).getByRole('article').filter({ hasText: 'Identify Your Best Customers' }).getByRole('link', { name: 'Take Me There' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}/insights/customer-value$`));
  await expect(heading(page, 'Customer Value')).toBeVisible();
  const tiers = section(page, 'Buyers by value tier');
  await expect(tiers.getByRole('rowheader')).toHaveText([/^Top/, /^High/, /^Medium/, /^Low/, 'All buyers']);
  await expect(peopleCount(page)).toHaveText('50,000 of 50,000 people');
  const topPeople = await tiers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Top/ }) }).getByRole('cell').first().textContent();
  await expect(section(page, 'Movement between tiers')).toContainText('Lapsed');

  const within = await filterBy(page, 'Yoga');
  expect(within).toBeGreaterThan(0);
  await expect(tiers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Top/ }) }).getByRole('cell').first()).not.toHaveText(topPeople ?? '');

  // Another brand: its own buyers, and no filter.
  await page.getByRole('combobox', { name: 'Brand', exact: true }).selectOption({ label: 'Mountain Spring' });
  await expect(page).toHaveURL(/\/acme\/us\/mountain-spring\/[a-z-]+\/insights\/customer-value$/);
  await expect(peopleCount(page)).toHaveText('50,000 of 50,000 people');
  await expect(page.getByText('No filters: everyone in the region’s data.')).toBeVisible();
  await expect(tiers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Top/ }) }).getByRole('cell').first()).not.toHaveText(topPeople ?? '');
});

test('Best Customer from the navigation: the top X % refuses 60 under its field, and Build an Optimized Audience builds a lookalike with its lift', async ({ page }) => {
  test.slow();
  await logInAs(page, USERS.analyst);
  await page.goto(`${PRODUCT}/home`);
  await openFromNavigation(page, 'Best Customer');
  const best = section(page, 'Best customers');
  await expect(best).toContainText('Top tier: bought in 10 to 12 of the last 12 months');
  await expect(section(page, 'Segments best customers over-index on').getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('group', { name: 'Best customers are' }).getByRole('button', { name: 'Top X % by spend' }).click();
  const percent = page.getByLabel('Top % of buyers by spend');
  await percent.fill('60');
  await expect(page.getByText(ANALYSIS_TEXT.badPercent)).toBeVisible();
  await percent.fill('5');
  await expect(best).toContainText(/Top 5 % by spend: bought in \d+ or more of the last 12 months/);

  await page.getByRole('button', { name: 'Build an Optimized Audience' }).click();
  const dialog = page.getByRole('dialog', { name: 'Build an Optimized Audience' });
  const name = `e2e best ${Date.now().toString(36)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Build' }).click();
  await expect(dialog).toHaveCount(0);
  const built = page.getByRole('link', { name });
  await expect(built).toBeVisible();
  await expect(page.getByTestId('optimized-quality')).toContainText(/^Model lift \d+\.\d×/, { timeout: 60_000 });
  // Removed again: the shared server's recent activity (Home's last 5) is other tests' to read.
  const id = ((await built.getAttribute('href')) ?? '').split('/').at(-1);
  const removed = await page.request.delete(`/api/audiences/${id}`, { headers: { 'x-csrf-token': await csrfOf(page), 'x-context': 'acme/us/fizz-cola/fizz-original', 'x-request-id': crypto.randomUUID() } });
  expect(removed.status(), await removed.text()).toBeLessThan(300);
});

test('Customer Attrition from the home card: a window of 9 is refused and the figures stay; at-risk buyers are saved as a win-back audience', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  await page.goto(`${PRODUCT}/home`);
  await page.getByRole('region', { name: 'Quick links' }).getByRole('article').filter({ hasText: 'Customer Attrition' }).getByRole('link', { name: 'Take Me There' }).click();
  await expect(heading(page, 'Customer Attrition')).toBeVisible();
  const months = section(page, 'Month by month');
  await expect(months.getByRole('rowheader')).toHaveCount(12);
  await expect(months).toContainText('Oct 2026');
  const window = page.getByLabel('Window (months)');
  await window.fill('9');
  await expect(page.getByText(ANALYSIS_TEXT.badWindow)).toBeVisible();
  await expect(months).toContainText('Oct 2026');
  await window.fill('6');
  await expect(page.getByText(ANALYSIS_TEXT.badWindow)).toHaveCount(0);
  await expect(section(page, 'At risk in Oct 2026')).toBeVisible();
  // The window is the address's: a reload opens the page on it.
  await expect(page).toHaveURL(/[?&]window=6(&|$)/);
  await page.reload();
  await expect(page.getByLabel('Window (months)')).toHaveValue('6');
  await expect(months.getByRole('rowheader')).toHaveCount(12);

  await section(page, 'At risk in Oct 2026').getByRole('button', { name: /^Save as audience/ }).click();
  await expect(page).toHaveURL(/\/audiences\/builder/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Buyer Retention and Site Visitation from the navigation: the cohort triangle in both modes, the three site groups and their Venn', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  await page.goto(`${PRODUCT}/home`);
  await openFromNavigation(page, 'Buyer Retention');
  const cohorts = section(page, 'Cohorts by first purchase (N-month)');
  // The oldest cohort: month 0 is everyone in it.
  const oldest = cohorts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Nov 2024/ }) });
  await expect(oldest.getByRole('cell').first()).toBeVisible();
  await expect(oldest).toContainText('100');
  await page.getByRole('radio', { name: 'Unbounded' }).check();
  await expect(section(page, 'Cohorts by first purchase (Unbounded)')).toBeVisible();
  // The mode is the address's: a reload keeps it.
  await expect(page).toHaveURL(/[?&]mode=unbounded(&|$)/);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Unbounded' })).toBeChecked();
  await expect(section(page, 'Cohorts by first purchase (Unbounded)')).toBeVisible();

  await openFromNavigation(page, 'Site Visitation');
  const groups = section(page, 'Site-visit groups');
  for (const name of ['Customer site visitors', 'Customer site non-visitors', 'Non-customer site visitors']) await expect(groups).toContainText(name);
  await expect(page.getByRole('img', { name: /visitors/i }).first()).toBeVisible();
  await expect(section(page, 'Visit frequency')).toContainText('Visited 5 or more times');
});
