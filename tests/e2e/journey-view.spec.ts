import { expect, test, type Page } from '@playwright/test';
import { JOURNEY_TEXT } from '../../src/shared/rules/journey';
import { PRODUCT, waitForDemoData } from './grow-helpers';
import { USERS, logInAs, unique, withoutPermission } from './helpers';
import { journeyApi } from './journey-helpers';

// Issue 17, "Journey view": the demo funnel with its transitions, brands and tabs; a stage
// selected and its people read in the insights; the invalid journey's dialog; the empty state;
// copy and delete from the icons; a journey opened once drawn offline with its last counts.

const VIEW = `${PRODUCT}/insights/journey`;

/** A two-stage journey of one brand, named by the temporary keys the builder sends. */
const BRAND = 'tmp-00000000-0000-4000-8000-000000000001';
const HEARD = 'tmp-00000000-0000-4000-8000-000000000002';
const BOUGHT = 'tmp-00000000-0000-4000-8000-000000000003';
const twoStageJourney = (name: string) => ({
  name, default: false, has_transition_data: true,
  brands: [{ id: BRAND, name: 'Ours', order: 0 }],
  stages: [{ id: HEARD, name: 'Heard of it', priority: 0, icon: 'eye' }, { id: BOUGHT, name: 'Bought it', priority: 1, icon: 'shopping-cart' }],
  sub_markets: [
    { journey_brand_id: BRAND, journey_stage_id: HEARD, population: 5_000_000 },
    { journey_brand_id: BRAND, journey_stage_id: BOUGHT, population: 2_000_000 },
  ],
});

const chart = (page: Page) => page.getByRole('region', { name: 'Chart' });
const gauge = (page: Page, stage: string) => chart(page).getByRole('button', { name: new RegExp(`^${stage}: .* this stage$`) });
const brandRadio = (page: Page, brand: string) => page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: brand });
const tab = (page: Page, name: RegExp) => page.getByRole('tablist', { name: 'Count' }).getByRole('tab', { name });
const picker = (page: Page) => page.getByRole('button', { name: 'Journey', exact: true });
const people = (n: number | null) => (n === null ? 'no count' : `${n.toLocaleString('en-US')} people`);

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

test('the demo funnel: transitions, brands and tabs, a selected stage and its people in the insights', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAs(page, USERS.analyst);
  const api = await journeyApi(page);
  const funnel = (await api.list()).find((j) => j.name === 'Fizz Purchase Funnel')!;
  const journey = await api.journey(funnel.id);
  const stages = [...journey.stages].sort((a, b) => a.priority - b.priority);
  const brands = [...journey.brands].sort((a, b) => a.order - b.order);
  await page.goto(VIEW);

  // The default journey, flagged; the first brand selected; five stages with four arrows.
  await expect(picker(page)).toContainText('Fizz Purchase Funnel');
  await expect(picker(page).getByLabel('Default journey')).toBeVisible();
  await expect(brandRadio(page, brands[0]!.name)).toBeChecked();
  // Spec 3 §2.3's tab names.
  await expect(page.getByRole('tablist', { name: 'Count' }).getByRole('tab')).toHaveText(['Total Population', 'Matched', 'Modeled']);
  await expect(chart(page).getByRole('list', { name: 'Stages' }).locator('.stage')).toHaveCount(5);
  const total = await api.counts(funnel.id, 'total');
  const firstBrand = total.brands.find((b) => b.brand_id === brands[0]!.id)!;
  await expect(gauge(page, stages[0]!.name)).toHaveAttribute('aria-label', new RegExp(`^${stages[0]!.name}: ${people(firstBrand.stages[0]!.count)}`));
  const arrows = chart(page).getByRole('listitem').filter({ has: page.locator('.transition__share') });
  await expect(arrows).toHaveCount(4);
  await expect(arrows.first()).toHaveAccessibleName(new RegExp(`^${stages[0]!.name} to ${stages[1]!.name}: (\\d+(\\.\\d)?%|N/A)$`));

  // Another brand and the Matched tab: the gauges show that brand's matched people.
  await brandRadio(page, brands[1]!.name).check();
  await tab(page, /^Matched/).click();
  await expect(tab(page, /^Matched/)).toHaveAttribute('aria-selected', 'true');
  const matched = (await api.counts(funnel.id, 'matched')).brands.find((b) => b.brand_id === brands[1]!.id)!;
  for (const s of stages) {
    await expect(gauge(page, s.name)).toHaveAttribute('aria-label', new RegExp(`^${s.name}: ${people(matched.stages.find((x) => x.stage_id === s.id)!.count)}`));
  }

  // The label opens the stage's mini panel: every brand's count.
  await chart(page).getByRole('button', { name: `${stages[1]!.name}: show every brand` }).click();
  const panel = page.getByRole('dialog', { name: `${stages[1]!.name} by brand` });
  await expect(panel.getByRole('listitem')).toHaveCount(4);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // Selecting Purchase dims the others and filters the insights by it.
  await gauge(page, 'Purchase').click();
  await expect(gauge(page, 'Purchase')).toHaveAttribute('aria-pressed', 'true');
  await expect(chart(page).locator('.stage--dimmed')).toHaveCount(4);
  await expect(page.getByRole('group', { name: 'Filters' })).toContainText(`${brands[1]!.name} > Purchase`);
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  const insights = page.getByRole('region', { name: 'Insights' });
  await expect(insights.getByRole('tab', { name: 'Person Level' })).toHaveAttribute('aria-selected', 'true');
  const purchase = matched.stages.find((x) => x.stage_id === stages.find((s) => s.name === 'Purchase')!.id)!.count!;
  await expect(insights.getByText(/^People in the audience:/)).toContainText(purchase.toLocaleString('en-US'));

  // Market Level goes with Total Population (§4).
  await insights.getByRole('tab', { name: 'Market Level' }).click();
  await expect(tab(page, /^Total Population/)).toHaveAttribute('aria-selected', 'true');
  await expect(insights.getByRole('table', { name: 'Total Population by stage and brand' })).toContainText('Purchase');
  // Beside it, the brand's uploaded demographics of the selected stage (issue 29's demo figures).
  await expect(insights.getByRole('region', { name: `Demographics of ${brands[1]!.name} · Purchase` })).toContainText('Household Income');
});

test('the invalid journey is marked in the picker and opens on its dialog; removing its invalid audiences opens it', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  const api = await journeyApi(page);
  const invalid = (await api.list()).find((j) => j.invalid_cell_count > 0)!;
  await page.goto(VIEW);
  await picker(page).click();
  const item = page.getByRole('menuitem').filter({ hasText: invalid.name });
  await expect(item).toContainText('Invalid');
  await expect(item).toHaveAttribute('data-disabled', '');
  // The badge is drawn inside its own row.
  const row = (await item.boundingBox())!;
  const badge = (await item.getByText('Invalid', { exact: true }).boundingBox())!;
  expect(badge.y).toBeGreaterThanOrEqual(row.y);
  expect(badge.y + badge.height).toBeLessThanOrEqual(row.y + row.height);
  expect(badge.x).toBeGreaterThan(row.x);
  await page.keyboard.press('Escape');

  await page.goto(`${VIEW}/${invalid.id}`);
  const dialog = page.getByRole('alertdialog', { name: JOURNEY_TEXT.invalidTitle });
  await expect(dialog).toContainText(JOURNEY_TEXT.invalidBody(invalid.invalid_cell_count));
  await expect(dialog.getByRole('button', { name: JOURNEY_TEXT.deleteChart })).toBeVisible();
  await dialog.getByRole('button', { name: JOURNEY_TEXT.removeInvalid }).click();
  await expect(page.getByText(JOURNEY_TEXT.saved, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(chart(page)).toBeVisible();
  await expect.poll(async () => (await api.list()).find((j) => j.id === invalid.id)!.invalid_cell_count).toBe(0);
});

test('a product without journeys shows the empty state with Create Journey, which opens the builder', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  await page.goto('/acme/us/fizz-cola/fizz-zero/insights/journey');
  await expect(page.getByRole('heading', { name: JOURNEY_TEXT.empty })).toBeVisible();
  await page.getByRole('button', { name: JOURNEY_TEXT.createJourney }).click();
  await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-zero\/insights\/journey-builder$/);
});

test('without create, the empty state says so and offers no Create Journey', async ({ page }) => {
  // From the first read of the permissions: a cached copy with create would be shown until it is read again.
  await withoutPermission(page, 'journeys', 'create');
  await logInAs(page, USERS.analyst);
  await page.goto('/acme/us/fizz-cola/fizz-zero/insights/journey');
  await expect(page.getByRole('heading', { name: JOURNEY_TEXT.empty })).toBeVisible();
  await expect(page.getByText(JOURNEY_TEXT.noCreatePermission)).toBeVisible();
  await expect(page.getByRole('button', { name: JOURNEY_TEXT.createJourney })).toHaveCount(0);
});

test('copy and delete from the icons, with the spec texts', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  const api = await journeyApi(page);
  const made = await api.create(twoStageJourney(unique('journey')));
  await page.goto(`${VIEW}/${made.id}`);
  await expect(picker(page)).toContainText(made.name);
  await expect(gauge(page, 'Heard of it')).toHaveAttribute('aria-label', /^Heard of it: 5,000,000 people/);
  await expect(chart(page).getByRole('listitem', { name: 'Heard of it to Bought it: 40%' })).toBeVisible();

  await page.getByRole('button', { name: 'Duplicate journey' }).click();
  await expect(page.getByText(JOURNEY_TEXT.duplicated, { exact: true })).toBeVisible();
  await expect.poll(async () => (await api.list()).filter((j) => j.name.startsWith(made.name)).length).toBe(2);
  const copy = (await api.list()).find((j) => j.name !== made.name && j.name.startsWith(made.name))!;
  await expect(page).toHaveURL(new RegExp(`/insights/journey/${copy.id}$`));

  await page.getByRole('button', { name: 'Delete journey' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: JOURNEY_TEXT.deleteChart }).click();
  await expect(page.getByText(JOURNEY_TEXT.deleted, { exact: true })).toBeVisible();
  await expect.poll(async () => (await api.list()).some((j) => j.id === copy.id)).toBe(false);
});

test('a duplicate whose name is taken says only why, as an error (issue 27 items 7, 8)', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  const api = await journeyApi(page);
  const made = await api.create(twoStageJourney(unique('journey')));
  await api.create(twoStageJourney(`${made.name} (copy)`));
  await page.goto(`${VIEW}/${made.id}`);
  await expect(picker(page)).toContainText(made.name);
  await page.getByRole('button', { name: 'Duplicate journey' }).click();
  const toasts = page.getByRole('region', { name: /^Notifications/ });
  const clash = toasts.getByRole('listitem').filter({ hasText: JOURNEY_TEXT.duplicateConflict });
  await expect(clash).toBeVisible();
  await expect(clash).toHaveAttribute('data-tone', 'error');
  await expect(toasts.getByText(JOURNEY_TEXT.duplicateFailed)).toHaveCount(0);
});

test('Learn More, the dismissible hint, and a zero-count stage explained', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  // A stage of the first brand counts zero on Total Population (its population entered as 0).
  await page.route(/\/api\/journeys\/\d+\/counts$/, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.data.brands[0].stages[3].count = 0;
    await route.fulfill({ response, json: body });
  });
  await page.goto(VIEW);
  await expect(picker(page)).toContainText('Fizz Purchase Funnel');

  await page.getByRole('button', { name: JOURNEY_TEXT.learnMore }).click();
  const help = page.getByRole('dialog');
  await expect(help).toContainText('1 of 5');
  await help.getByRole('button', { name: 'Next' }).click();
  await help.getByRole('button', { name: 'Next' }).click();
  await expect(help.getByRole('heading')).toHaveText(`${JOURNEY_TEXT.learnMore}: Transitions`);
  await help.getByRole('button', { name: 'Previous' }).click();
  await expect(help).toContainText('2 of 5');
  await page.keyboard.press('Escape');

  await expect(page.getByText(JOURNEY_TEXT.primaryHint)).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss hint' }).click();
  await expect(page.getByText(JOURNEY_TEXT.primaryHint)).toBeHidden();
  await page.reload();
  await expect(picker(page)).toContainText('Fizz Purchase Funnel');
  await expect(page.getByText(JOURNEY_TEXT.primaryHint)).toBeHidden();

  await expect(gauge(page, 'Repeat')).toHaveAttribute('aria-label', /^Repeat: 0 people/);
  await chart(page).getByRole('button', { name: `Repeat: ${JOURNEY_TEXT.zeroCountClick}` }).click();
  const why = page.getByRole('dialog', { name: 'Why does this audience have a zero count?' });
  await expect(why).toContainText('Population');
  await why.getByRole('button', { name: 'Close' }).click();
  await expect(why).toBeHidden();
});

test.describe('offline', () => {
  // The app's service worker runs here (blocked everywhere else), as in the Grow offline spec.
  test.use({ serviceWorkers: 'allow' });

  /** Whether the device holds this journey's counts on a tab: what an offline reload draws from. */
  const countsOnDevice = (page: Page, id: number, tabName: string) =>
    page.evaluate(({ key }) => new Promise<boolean>((resolve) => {
      const open = indexedDB.open('audience-insights');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        const all = db.transaction('journeys').objectStore('journeys').getAllKeys();
        all.onsuccess = () => {
          db.close();
          resolve(all.result.some((k) => String(k).endsWith(key)));
        };
        all.onerror = () => resolve(false);
      };
    }), { key: `#counts|${id}:${tabName}` });

  test('a journey opened once draws offline with its last counts', async ({ page, context }) => {
    test.setTimeout(60_000);
    await logInAs(page, USERS.analyst);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const api = await journeyApi(page);
    const funnel = (await api.list()).find((j) => j.name === 'Fizz Purchase Funnel')!;
    await page.goto(`${VIEW}/${funnel.id}`);
    await expect(gauge(page, 'Aware')).toHaveAttribute('aria-label', /people/);
    const aware = await gauge(page, 'Aware').getAttribute('aria-label');
    const arrow = await chart(page).getByRole('listitem').filter({ has: page.locator('.transition__share') }).first().getAttribute('aria-label');
    await expect.poll(() => countsOnDevice(page, funnel.id, 'total')).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(picker(page)).toContainText('Fizz Purchase Funnel');
    await expect(gauge(page, 'Aware')).toHaveAttribute('aria-label', aware!);
    await expect(chart(page).getByRole('listitem', { name: arrow! })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Offline · counts as of/ })).toBeVisible();
    await context.setOffline(false);
  });
});
