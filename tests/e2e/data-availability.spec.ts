import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn, openNavigation } from './helpers';

const PRODUCT = '/acme/us/fizz-cola/fizz-original';
const GENERIC = 'Something went wrong with this page. Please refresh and try again';
const PREPARING = 'Preparing demo audience data for acme/us: 42 %. Counts become available when it is ready.';

interface Status {
  client: string;
  region: string;
  state: string;
  progress: number;
  people: number;
}

// The server generates the demo audience data in the background after it starts.
test.describe.configure({ timeout: 150_000 });

/** Logs the analyst in and waits, through the status endpoint, until acme/us's data is ready. */
async function analystWithData(page: Page) {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/data-status')).json()) as { data: Status[] };
      return body.data.find((s) => s.client === 'acme' && s.region === 'us')?.state;
    }, { timeout: 120_000, intervals: [1_000] })
    .toBe('ready');
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const card = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test('with the data ready, Best Customer and Customer Attrition appear in the navigation and cards lead to them', async ({ page }) => {
  await analystWithData(page);
  await page.goto(`${PRODUCT}/home`);
  await expectGreeting(page, USERS.analyst.name);
  await openNavigation(page);

  await expect(nav(page).getByRole('link', { name: 'Best Customer', exact: true })).toHaveAttribute('href', `${PRODUCT}/insights/best-customer`);
  await expect(nav(page).getByRole('link', { name: 'Customer Attrition', exact: true })).toHaveAttribute('href', `${PRODUCT}/insights/customer-attrition`);
  // Panel data is there too, so site visitation stays inside the product.
  await expect(nav(page).getByRole('link', { name: 'Site Visitation', exact: true })).toHaveAttribute('href', `${PRODUCT}/insights/site-visitation`);

  await expect(card(page, 'Best Customer').getByRole('link', { name: 'Take Me There' })).toHaveAttribute('href', `${PRODUCT}/insights/best-customer`);
  await expect(card(page, 'Customer Attrition').getByRole('link', { name: 'Take Me There' })).toHaveAttribute('href', `${PRODUCT}/insights/customer-attrition`);

  await nav(page).getByRole('link', { name: 'Best Customer', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Best Customer' })).toBeVisible();
});

test('when the availability call fails, the entries that need the data are not shown and no error banner appears', async ({ page }) => {
  let failed = 0;
  await page.route('**/api/data-availability', (route) => {
    failed += 1;
    return route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } });
  });
  await analystWithData(page);
  await page.goto(`${PRODUCT}/home`);
  await expectGreeting(page, USERS.analyst.name);
  await openNavigation(page);
  // The transaction-data and panel-data questions were both asked, and both failed.
  await expect.poll(() => failed).toBeGreaterThanOrEqual(2);

  // A failed check counts as unavailable: the cards offer their fallback instead.
  await expect(card(page, 'Best Customer').getByRole('link', { name: 'Learn More' })).toBeVisible();
  await expect(card(page, 'Customer Attrition').getByRole('link', { name: 'View Insights' })).toBeVisible();
  await expect(page.locator(`a[href="${PRODUCT}/insights/best-customer"]`)).toHaveCount(0);
  await expect(page.locator(`a[href="${PRODUCT}/insights/customer-attrition"]`)).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Best Customer', exact: true })).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Customer Attrition', exact: true })).toHaveCount(0);
  // Site visitation opens its external page instead.
  await expect(nav(page).getByRole('link', { name: 'Site Visitation', exact: true })).toHaveAttribute('href', /^https:\/\//);
  await expect(page.getByText(GENERIC)).toHaveCount(0);
});

test('a notice says the demo data is being prepared, and the entries appear once it is ready', async ({ page }) => {
  await analystWithData(page);
  // The browser is told acme/us is still generating; meanwhile its checks find nothing.
  let preparing = true;
  await page.route('**/api/data-status', async (route) => {
    if (!preparing) return route.continue();
    const data: Status[] = [{ client: 'acme', region: 'us', state: 'generating', progress: 0.42, people: 50_000 }];
    return route.fulfill({ json: { data } });
  });
  await page.route('**/api/data-availability', (route) => (preparing ? route.fulfill({ json: { data: [] } }) : route.continue()));

  await page.goto(`${PRODUCT}/home`);
  await expectGreeting(page, USERS.analyst.name);
  await openNavigation(page);
  const notice = page.getByRole('status').filter({ hasText: PREPARING });
  await expect(notice).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Best Customer', exact: true })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('.data-notice').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The next poll finds the data ready: the notice goes and the checks are asked again, without a reload.
  preparing = false;
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(/Preparing demo audience data/)).toHaveCount(0);
  await expect(nav(page).getByRole('link', { name: 'Best Customer', exact: true })).toBeVisible();
  await expect(card(page, 'Customer Attrition').getByRole('link', { name: 'Take Me There' })).toBeVisible();
});

test('a region whose data could not be prepared says so', async ({ page }) => {
  await page.route('**/api/data-status', (route) =>
    route.fulfill({ json: { data: [{ client: 'acme', region: 'us', state: 'failed', progress: 0, people: 0 }] } }),
  );
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto(`${PRODUCT}/home`);
  await expect(page.getByRole('status').filter({ hasText: 'Audience data for acme/us could not be prepared.' })).toBeVisible();
});
