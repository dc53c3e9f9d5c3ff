import { expect, test } from '@playwright/test';
import { USERS, withoutPermission } from './helpers';
import {
  DEMO_DEFAULT_CHART, DEMO_INVALID_CHART, GROW, apiOf, apiSession, baseUrlOf, chartArea, chartPicker, chartWith, expectCounts, logInAs, openChart, tile, unique,
  waitForDemoData,
} from './grow-helpers';

// The rules, messages and permissions of spec 3 §5, §6 and §8 as a user meets them on the Grow
// screen. Tests that only open forms use the demo's default chart and save nothing; tests that
// change data make their own (or, for the invalid chart, fix the demo's, which exists once per run).

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

test.describe('messages', () => {
  test.beforeEach(async ({ page }) => {
    await logInAs(page, USERS.admin);
    await openChart(page, null, DEMO_DEFAULT_CHART);
  });

  test('chart name: "Chart name already in use" for an existing name in any case, "Name is required" when emptied', async ({ page }) => {
    await page.getByRole('button', { name: 'Create chart' }).click();
    const form = page.getByRole('dialog', { name: 'Create a Grow chart' });
    const name = form.getByLabel('Chart name');
    const create = form.getByRole('button', { name: 'Create' });
    await name.fill(DEMO_DEFAULT_CHART.toUpperCase());
    await expect(form.getByRole('alert')).toHaveText('Chart name already in use');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(create).toBeDisabled();
    await name.fill('');
    await name.blur();
    await expect(form.getByRole('alert')).toHaveText('Name is required');
    await expect(create).toBeDisabled();
    await name.fill(unique('fresh name'));
    await expect(form.getByRole('alert')).toHaveCount(0);
    await expect(create).toBeEnabled();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
  });

  test('market name: "Market name already used for this chart" (trimmed, any case), "Please enter a market name" when empty', async ({ page }) => {
    await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Market' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Market' });
    const name = panel.getByLabel('Market name');
    await name.fill('  foodies ');
    await expect(panel.getByRole('alert')).toHaveText('Market name already used for this chart');
    // Add does nothing while the name is taken.
    await panel.getByRole('button', { name: 'Add' }).click();
    await expect(panel).toBeVisible();
    await name.fill('');
    await expect(panel.getByRole('alert')).toHaveText('Please enter a market name');
    // The market's own saved name is allowed when renaming it.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit market Foodies' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit market Foodies' });
    await edit.getByLabel('Market name').fill('FOODIES');
    await expect(edit.getByRole('alert')).toHaveCount(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });

  test('audience: "This name is already in use." in the same market, "Audience population is required" when emptied', async ({ page }) => {
    await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Add Audience to Foodies' }).click();
    const panel = page.getByRole('dialog', { name: 'Add Audience to Foodies' });
    const add = panel.getByRole('button', { name: 'Add' });
    await panel.getByLabel('Audience name').fill('home bakers');
    await expect(panel.getByRole('alert')).toHaveText('This name is already in use.');
    await expect(add).toBeDisabled();
    await panel.getByLabel('Audience Population').fill('12');
    await panel.getByLabel('Audience Population').fill('');
    await expect(panel.getByRole('alert')).toHaveText(['This name is already in use.', 'Audience population is required']);
    await panel.getByLabel('Audience name').fill('');
    await expect(panel.getByRole('alert')).toHaveText(['Name is required.', 'Audience population is required']);
    // A name used in another market is fine here.
    await panel.getByLabel('Audience name').fill('Gamers');
    await panel.getByLabel('Audience Population').fill('4700000');
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(add).toBeEnabled();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toBeHidden();
  });

  test('"Cannot Filter By This Audience!" on a tile without a modeled segment, on the Modeled Addressable tab', async ({ page }) => {
    await page.getByRole('tab', { name: /^Modeled Addressable/ }).click();
    await expect(page.getByRole('tab', { name: /^Modeled Addressable/ })).toHaveAttribute('aria-selected', 'true');
    // The demo's "Organic Shoppers" has a matched segment but no modeled one.
    await tile(page, 'Organic Shoppers').click();
    const dialog = page.getByRole('alertdialog', { name: 'Cannot Filter By This Audience!' });
    await expect(dialog).toContainText("There is no Modeled segment attached to 'Organic Shoppers'.");
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(tile(page, 'Organic Shoppers')).toHaveAttribute('aria-pressed', 'false');

    // Selected on Matched, then switched to Modeled: "Invalid Audiences Selected!".
    await page.getByRole('tab', { name: /^Matched Addressable/ }).click();
    await tile(page, 'Organic Shoppers').click();
    await expect(tile(page, 'Organic Shoppers')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('tab', { name: /^Modeled Addressable/ }).click();
    const invalid = page.getByRole('alertdialog', { name: 'Invalid Audiences Selected!' });
    await expect(invalid).toContainText(
      'You have Audiences selected which do not have a Modeled segment attached. Please attach a Modeled segment to continue filtering by these Audiences.',
    );
    await invalid.getByRole('button', { name: 'Close' }).click();
    await expect(invalid).toBeHidden();
  });
});

test('a chart whose audience lost its segment opens the invalid chart dialog; "Remove Invalid Audience(s)" removes it and the chart opens', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const summer = (await api.charts()).find((c) => c.name === DEMO_INVALID_CHART)!;
  expect(summer.invalid_audience_count, 'the demo chart is invalid once per fresh data dir').toBe(1);

  await page.goto(`${GROW}/${summer.id}`);
  const dialog = page.getByRole('alertdialog', { name: 'Chart is Invalid' });
  await expect(dialog).toContainText('This chart contains 1 audience(s) with segments no longer available from the provider. The chart cannot be selected in this state.');
  await expect(dialog.getByRole('list', { name: 'Invalid audiences' })).toHaveText('Podcast Listeners');
  await expect(dialog.getByRole('button', { name: 'Delete Chart' })).toBeVisible();
  await expect(chartArea(page)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Remove Invalid Audience(s)' }).click();

  await expect(dialog).toBeHidden();
  await expect(chartPicker(page)).toContainText(DEMO_INVALID_CHART);
  await expect(chartArea(page).getByRole('group', { name: 'Backyard Entertainers' })).toBeVisible();
  await expect(tile(page, 'DIY Homeowners')).toBeVisible();
  await expect(tile(page, 'Podcast Listeners')).toHaveCount(0);
  await expectCounts(page);
  await expect.poll(async () => (await api.chart(summer.id)).invalid_audience_ids).toEqual([]);
  const audiences = (await api.chart(summer.id)).markets.flatMap((m) => m.sub_markets.map((a) => a.name));
  expect(audiences).not.toContain('Podcast Listeners');
  expect(audiences).toContain('Crafters');
});

test.describe('permissions', () => {
  test('a page the role may not open sends home saying so as an error toast (issue 27 item 7)', async ({ page }) => {
    await withoutPermission(page, 'journeys', 'read');
    await logInAs(page, USERS.analyst);
    await page.goto('/acme/us/fizz-cola/fizz-zero/insights/journey');
    await expect(page).toHaveURL(/\/acme\/us\/fizz-cola\/fizz-zero\/home$/);
    const refusal = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: 'You do not have permission to do this.' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toHaveAttribute('data-tone', 'error');
  });

  test('a Viewer on a globex product sees the chart but no Create, Edit, Copy, Delete or View/Edit', async ({ page, playwright }, testInfo) => {
    // A chart on globex's Roadster, made by the admin, so there is something to view.
    const context = 'globex/us/globex-auto/roadster';
    const admin = await apiSession(playwright, baseUrlOf(testInfo), USERS.admin.email, context);
    const chart = await chartWith(admin.api, unique('globex chart'), [{ name: 'Drivers', audiences: [{ name: 'Commuters', segment: null }] }]);
    await admin.dispose();

    await logInAs(page, USERS.viewer);
    await page.goto(`/${context}/insights/grow/${chart.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
    await expect(chartPicker(page)).toContainText(chart.name);
    await expect(tile(page, 'Commuters')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Chart actions' }).getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create chart' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit chart' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Chart mode' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Market' })).toHaveCount(0);

    // Globex's other product has no chart: the empty state says why there is no Create.
    await page.goto('/globex/us/globex-finance/everyday-card/insights/grow');
    await expect(page.getByRole('heading', { name: 'No Grow Charts' })).toBeVisible();
    await expect(page.getByText('There are no Grow charts for this product, and you do not have permission to create one.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create chart' })).toHaveCount(0);
  });

  test('a role that edits charts but may not create audiences sees Save Audience disabled, with the permission message', async ({ page }) => {
    // The analyst less audiences create (analysts may create audiences since issue 16).
    await withoutPermission(page, 'audiences', 'create');
    await logInAs(page, USERS.analyst);
    await openChart(page, null, DEMO_DEFAULT_CHART);
    await expect(page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create chart' })).toBeVisible();

    await tile(page, 'Fitness Enthusiasts').click();
    await expect(tile(page, 'Fitness Enthusiasts')).toHaveAttribute('aria-pressed', 'true');
    const save = page.getByRole('button', { name: 'Save Audience' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAttribute('title', 'You do not have permission to create audiences.');
    await expect(page.getByText('You do not have permission to create audiences.', { exact: true })).toBeVisible();
  });
});
