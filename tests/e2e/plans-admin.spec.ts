import { expect, test, type Page } from '@playwright/test';
import { CURVE_TEXT } from '../../src/shared/rules/curves';
import { curveListResponseSchema, type Curve } from '../../src/shared/schemas/plans';
import { USERS, csrfOf, logInAs } from './helpers';

/** The demo product: its uploaded curve set and imports. */
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
/**
 * A product of the same client (which has the scenarios feature; globex has not) with no curves:
 * the tests that switch modes or delete curves change it, not the demo set other pages read.
 */
const SPARE = 'acme/us/fizz-cola/fizz-zero';

// The tests change curves and put them back: one at a time.
test.describe.configure({ mode: 'serial' });

/** A toast whose title is exactly `text`. */
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });

async function openPage(page: Page, context = CONTEXT) {
  await logInAs(page, USERS.admin);
  await page.goto(`/${context}/plans/admin`);
  await expect(page.getByRole('heading', { level: 1, name: CURVE_TEXT.title })).toBeVisible();
}

/** The product's curves as the API answers them, with the page's own session. */
async function savedCurves(page: Page, context = CONTEXT): Promise<Curve[]> {
  const response = await page.request.get('/api/curves', { headers: { 'x-context': context } });
  expect(response.status()).toBe(200);
  return curveListResponseSchema.parse(await response.json()).data;
}

/** Makes `curves` the product's curves, as Apply does. */
async function setCurves(page: Page, context: string, curves: Curve[]) {
  const body = { curves: curves.map(({ media_type, curve_type_name, is_generic, params }) => ({ media_type, curve_type_name, is_generic, params })) };
  const headers = { 'x-context': context, 'x-csrf-token': await csrfOf(page), 'x-request-id': crypto.randomUUID() };
  const response = await page.request.post('/api/curves', { headers, data: body });
  expect(response.status(), `POST /api/curves: ${await response.text()}`).toBe(200);
}

const field = (page: Page, label: string, row: number) => page.getByRole('textbox', { name: `${label}, row ${row}`, exact: true });
const choice = (page: Page, label: string, row: number) => page.getByRole('combobox', { name: `${label}, row ${row}`, exact: true });

test('upload mode: each of a bad row\'s messages shows once its field is left, Apply waits for a valid table, then saves it', async ({ page }) => {
  await openPage(page);
  await expect(page.getByRole('checkbox', { name: CURVE_TEXT.upload })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: CURVE_TEXT.useGeneric })).not.toBeChecked();
  const saved = (await savedCurves(page)).filter((c) => !c.is_generic);
  expect(saved.length).toBeGreaterThan(2);
  const media = page.getByRole('combobox', { name: /^Media Type, row \d+$/ });
  await expect(media).toHaveCount(saved.length);
  const shown = await media.evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
  const tv = shown.indexOf('TV') + 1;
  const spend = shown.findIndex((m) => saved.find((c) => c.media_type === m)?.curve_type_name === 'Spend') + 1;
  expect(tv).toBeGreaterThan(0);
  expect(spend).toBeGreaterThan(0);
  const spendCurve = saved.find((c) => c.media_type === shown[spend - 1])!;
  const tvCurve = saved.find((c) => c.media_type === 'TV')!;
  // The demo's TV curve is a TRP curve bought by CPP; each valid row draws its curve.
  await expect(choice(page, 'CppOrCpm', tv)).toHaveValue('0');
  await expect(page.getByRole('img', { name: /^TV response: / })).toBeVisible();
  await expect(page.getByText('The spend or TRPs at which the curve turns')).toBeVisible();
  const apply = page.getByRole('button', { name: CURVE_TEXT.apply });
  await expect(apply).toBeEnabled();

  await choice(page, 'Media Type', spend).selectOption('');
  await expect(page.getByText(CURVE_TEXT.mediaTypeRequired, { exact: true })).toBeVisible();
  await expect(apply).toBeDisabled();
  await choice(page, 'Curve Type', spend).selectOption('');
  await expect(page.getByText(CURVE_TEXT.curveTypeRequired, { exact: true })).toBeVisible();
  await field(page, 'A Base', spend).fill('abc');
  await expect(page.getByText(CURVE_TEXT.number, { exact: true })).toHaveCount(0);
  await field(page, 'A Base', spend).press('Tab');
  await expect(page.getByText(CURVE_TEXT.number, { exact: true })).toBeVisible();
  await expect(field(page, 'A Base', spend)).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'CPP', tv).fill('0');
  await field(page, 'CPP', tv).press('Tab');
  await expect(page.getByText(CURVE_TEXT.cpp, { exact: true })).toBeVisible();
  await expect(apply).toBeDisabled();

  // Put right, the row's messages go and Apply saves the table.
  await choice(page, 'Media Type', spend).selectOption(spendCurve.media_type);
  await choice(page, 'Curve Type', spend).selectOption('Spend');
  await field(page, 'A Base', spend).fill(String(spendCurve.params.a));
  await field(page, 'CPP', tv).fill(String(tvCurve.params.cpp));
  await expect(page.getByRole('alert').filter({ hasText: /Please|CPP must/ })).toHaveCount(0);
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(toast(page, CURVE_TEXT.saved)).toBeVisible();
  expect((await savedCurves(page)).filter((c) => !c.is_generic)).toHaveLength(saved.length);

  // At a small laptop's window the table scrolls inside its card, never the page.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByRole('region', { name: 'Curve parameters' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
});

test('Use Generic Curves turns Upload Curves off; two media types applied are the product\'s curves after a reload', async ({ page }) => {
  await openPage(page, SPARE);
  // A product without curves starts in upload mode with an empty first row.
  await expect(page.getByRole('checkbox', { name: CURVE_TEXT.upload })).toBeChecked();
  await expect(page.getByRole('combobox', { name: /^Media Type, row \d+$/ })).toHaveCount(1);
  await expect(choice(page, 'Media Type', 1)).toHaveValue('');
  const apply = page.getByRole('button', { name: CURVE_TEXT.apply });
  await expect(apply).toBeDisabled();
  try {
    await page.getByRole('checkbox', { name: CURVE_TEXT.useGeneric }).check();
    await expect(page.getByRole('checkbox', { name: CURVE_TEXT.upload })).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Curve parameters' })).toHaveCount(0);
    const group = page.getByRole('group', { name: 'Media types with generic curves' });
    await expect(group.getByRole('checkbox')).toHaveCount(8);
    await expect(apply).toBeDisabled();
    await group.getByRole('checkbox', { name: 'TV' }).check();
    await group.getByRole('checkbox', { name: 'Search' }).check();
    await apply.click();
    await expect(toast(page, CURVE_TEXT.saved)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: CURVE_TEXT.useGeneric })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: CURVE_TEXT.upload })).not.toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'TV' })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'Search' })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'Display' })).not.toBeChecked();
    expect((await savedCurves(page, SPARE)).map((c) => [c.media_type, c.is_generic]).sort()).toEqual([['Search', true], ['TV', true]]);
    // Turning Upload Curves on turns generic off again.
    await page.getByRole('checkbox', { name: CURVE_TEXT.upload }).check();
    await expect(page.getByRole('checkbox', { name: CURVE_TEXT.useGeneric })).not.toBeChecked();
    await expect(page.getByRole('region', { name: 'Curve parameters' })).toBeVisible();
  } finally {
    await setCurves(page, SPARE, []);
  }
});

test('a failed Apply says why in a dialog; a curve the server refuses keeps its message on its row', async ({ page }) => {
  await openPage(page);
  const rows = page.getByRole('combobox', { name: /^Media Type, row \d+$/ });
  await expect(rows).toHaveCount(8);
  await page.getByRole('button', { name: CURVE_TEXT.addSet }).click();
  await expect(rows).toHaveCount(9);
  // Add New Set waits until the new row is valid.
  await expect(page.getByRole('button', { name: CURVE_TEXT.addSet })).toHaveCount(0);
  await choice(page, 'Media Type', 9).selectOption('TV');
  await choice(page, 'Curve Type', 9).selectOption('Spend');
  for (const [label, value] of [['A Base', '0'], ['B Slope', '2'], ['C Acceleration', '30000'], ['D Asymptote', '500'], ['E Asymmetry', '1']] as const) {
    await field(page, label, 9).fill(value);
  }
  await expect(page.getByRole('img', { name: /^TV response: / })).toHaveCount(2);
  const apply = page.getByRole('button', { name: CURVE_TEXT.apply });

  // The server refuses the whole request once: a dialog lists why, and closes.
  await page.route('**/api/curves', (route) => (route.request().method() === 'POST'
    ? route.fulfill({ status: 422, json: { error: { code: 'VALIDATION', message: 'The curves could not be read.', details: { fields: { 'curves.8.params': 'Too many curves for one product.' } } } } })
    : route.fallback()), { times: 1 });
  await apply.click();
  const dialog = page.getByRole('alertdialog', { name: CURVE_TEXT.unableToImport });
  await expect(dialog.getByRole('listitem')).toHaveText(['The curves could not be read.', 'Too many curves for one product.']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A second TV curve is refused (one per media type), named by its place in the list sent.
  await apply.click();
  await expect(toast(page, CURVE_TEXT.someNotSaved)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Server messages of row 9' })).toHaveText(CURVE_TEXT.duplicate('TV'));
  await expect(page.getByRole('list', { name: /^Server messages of row [1-8]$/ })).toHaveCount(0);
  // Not saved, the row is only taken off the table.
  await page.getByRole('button', { name: 'Delete row 9' }).click();
  await expect(rows).toHaveCount(8);
  expect((await savedCurves(page)).filter((c) => !c.is_generic)).toHaveLength(8);
});

test('a saved curve is deleted after a confirmation; a delete that fails says so on its row', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const demo = (await savedCurves(page)).filter((c) => !c.is_generic);
  await setCurves(page, SPARE, demo);
  try {
    await page.goto(`/${SPARE}/plans/admin`);
    const rows = page.getByRole('combobox', { name: /^Media Type, row \d+$/ });
    await expect(rows).toHaveCount(demo.length);
    const last = demo.length;
    await page.route('**/api/curves/*', (route) => (route.request().method() === 'DELETE'
      ? route.fulfill({ status: 409, json: { error: { code: 'CONFLICT', message: 'The curve is in use by a saved scenario.' } } })
      : route.fallback()), { times: 1 });
    await page.getByRole('button', { name: `Delete row ${last}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, CURVE_TEXT.wrong)).toBeVisible();
    await expect(page.getByRole('list', { name: `Server messages of row ${last}` })).toHaveText('The curve is in use by a saved scenario.');
    await expect(rows).toHaveCount(demo.length);

    await page.getByRole('button', { name: `Delete row ${last}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, CURVE_TEXT.deleted)).toBeVisible();
    await expect(rows).toHaveCount(demo.length - 1);
    expect(await savedCurves(page, SPARE)).toHaveLength(demo.length - 1);
  } finally {
    await setCurves(page, SPARE, []);
  }
});

const imports = (page: Page) => page.getByRole('list', { name: 'Imported plans' });
/** The newest import of a Project ID. */
const importOf = (page: Page, projectId: string) =>
  imports(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: projectId, exact: true }) }).first();

async function importPlan(page: Page, projectId: string) {
  await page.getByLabel('Project ID').fill(projectId);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByLabel('Project ID')).toHaveValue('');
}

test('an import shows as submitted at once, then complete with its plan, or failed with why', async ({ page }) => {
  await openPage(page);
  await expect(importOf(page, 'FZ-2027-SPRING')).toContainText('Complete');
  const button = page.getByRole('button', { name: 'Import', exact: true });
  await expect(button).toBeDisabled();
  await page.getByLabel('Project ID').focus();
  await page.getByLabel('Project ID').blur();
  await expect(page.getByText(CURVE_TEXT.projectIdRequired, { exact: true })).toBeVisible();

  // A refusal shows the server's words; no answer at all says so: either way the import leaves the list.
  await page.route('**/api/plans/import_scenario', (route) => route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: 'Too many imports at once.' } } }), { times: 1 });
  await importPlan(page, 'FZ-2027-SUMMER');
  await expect(toast(page, 'Too many imports at once.')).toBeVisible();
  await page.route('**/api/plans/import_scenario', (route) => route.abort('failed'), { times: 1 });
  await importPlan(page, 'FZ-2027-SUMMER');
  await expect(toast(page, CURVE_TEXT.networkError)).toBeVisible();
  await expect(imports(page).getByRole('heading', { name: 'FZ-2027-SUMMER' })).toHaveCount(0);

  await importPlan(page, 'FZ-2027-SUMMER');
  const summer = importOf(page, 'FZ-2027-SUMMER');
  await expect(summer.getByRole('status')).toHaveText('Submitted');
  await expect(summer).toContainText('Complete', { timeout: 20_000 });
  await expect(summer.getByRole('status')).toHaveCount(0);
  await expect(summer.getByRole('term')).toHaveText(['Name', 'Weeks', 'Media types', 'Total budget']);
  await expect(summer.getByRole('definition')).toHaveText(['Fizz Original summer always-on 2027', '13', /\bTV\b/, /^\$[\d,]+$/]);

  // A plan file the planner cannot plan fails, saying what is wrong with it; another client's is refused.
  await importPlan(page, 'FZ-2027-BROKEN');
  await importPlan(page, 'GX-2027-ROADSTER');
  const broken = importOf(page, 'FZ-2027-BROKEN');
  const roadster = importOf(page, 'GX-2027-ROADSTER');
  await expect(broken.getByRole('status')).toHaveText('Submitted');
  await expect(broken).toContainText('Failed', { timeout: 20_000 });
  await expect(broken.getByText(/^Plan FZ-2027-BROKEN (cannot be planned|is malformed)/)).toBeVisible();
  await expect(roadster).toContainText('Failed', { timeout: 20_000 });
  await expect(roadster.getByText('Plan GX-2027-ROADSTER belongs to another client: it cannot be imported here.')).toBeVisible();
  // Newest first.
  await expect(imports(page).getByRole('heading').first()).toHaveText('GX-2027-ROADSTER');

  await roadster.getByRole('button', { name: 'Delete import GX-2027-ROADSTER' }).click();
  await page.getByRole('alertdialog', { name: 'Delete the import GX-2027-ROADSTER?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'GX-2027-ROADSTER deleted successfully.')).toBeVisible();
  await expect(imports(page).getByRole('heading', { name: 'GX-2027-ROADSTER' })).toHaveCount(0);
});

test('offline, the page says curves and imports need the server, and Import and Apply wait', async ({ page, context }) => {
  await openPage(page);
  await expect(page.getByRole('checkbox', { name: CURVE_TEXT.upload })).toBeChecked();
  await page.getByLabel('Project ID').fill('FZ-2027-SUMMER');
  await context.setOffline(true);
  try {
    await expect(page.getByText(/You are offline\. Curves and plan imports need the server/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: CURVE_TEXT.apply })).toBeDisabled();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeEnabled();
});
