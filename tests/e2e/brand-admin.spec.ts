import { expect, test, type Locator, type Page } from '@playwright/test';
import { USERS, expectGreeting, logIn, unique } from './helpers';

/** Brand Management (spec 2 §2, §4, §5, §8) and the site-visit segment mapper, walked as an admin would. */

const brandCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
const pickerBrands = (page: Page) => page.getByRole('combobox', { name: 'Brand', exact: true }).locator('option');

async function fieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

test('an admin creates a brand with two products in two regions, maps its segments, deletes a product and the brand', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  // Another tab of the same browser, on a product page: it hears of the new brand.
  const other = await page.context().newPage();
  await other.goto('/acme/us/fizz-cola/fizz-original/home');
  await expect(pickerBrands(other).first()).toBeAttached();

  await page.goto('/acme/brands/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Brand Management' })).toBeVisible();
  await expect(page.getByLabel('5 brands')).toHaveText('5');
  await expect(page.getByRole('button', { name: 'Region: All' })).toBeVisible();
  const names = await page.getByRole('list', { name: 'Brands' }).getByRole('heading', { level: 3 }).allTextContents();
  expect(names).toEqual(['Crunchies', 'Fizz Cola', 'Glow', 'Mountain Spring', 'Nutty Bar']);

  // Add Brand: a new brand at the top, Not Saved, its form open; Add Brand waits.
  await page.getByRole('button', { name: 'Add Brand' }).click();
  const card = page.getByRole('list', { name: 'Brands' }).getByRole('article').first();
  await expect(card.getByText('Not Saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Brand' })).toBeDisabled();
  const brandName = card.getByLabel('Brand name');
  // Nothing typed yet: no error under the name, and Apply is disabled with its reason (issue 27 item 20).
  await expect(brandName).not.toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await expect(card.getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription('Brand name is required.');

  // The company ID ignores 'e' and '-'; zero is not an ID.
  const companyId = card.getByLabel('Brand company ID');
  await companyId.pressSequentially('1e-2');
  await expect(companyId).toHaveValue('12');
  await companyId.fill('0');
  await fieldError(companyId, 'Please enter a valid ID');
  const name = unique('Brand');
  await brandName.fill(name);
  await expect(card.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await companyId.fill('4242');
  await card.getByLabel('Category').fill('Beverages');
  const saved = brandCard(page, name);
  await saved.getByRole('button', { name: 'Apply' }).click();

  // Apply opens the products: each rule's message under its field, Save disabled until all pass.
  const products = saved.getByRole('list', { name: `Products of ${name}` });
  const first = products.getByRole('listitem').nth(0);
  await fieldError(first.getByLabel('Product name'), 'Product name is required.');
  await expect(first.getByRole('group', { name: 'Regions' })).toHaveAccessibleDescription('Please select at least one region.');
  await expect(saved.getByRole('button', { name: 'Save' })).toBeDisabled();
  await first.getByLabel('Product name').fill('Sparkle One');
  await first.getByLabel('United States').check();
  await saved.getByRole('button', { name: 'Add Product' }).click();
  const second = products.getByRole('listitem').nth(1);
  await second.getByLabel('Product name').fill('SPARKLE one');
  await fieldError(second.getByLabel('Product name'), 'This product already exists.');
  await second.getByLabel('Product name').fill('Sparkle Two');
  await second.getByLabel('United Kingdom').check();
  await second.getByLabel('Product company ID').fill('99999999999');
  await fieldError(second.getByLabel('Product company ID'), 'Please enter a valid ID');
  await expect(saved.getByRole('button', { name: 'Save' })).toBeDisabled();
  await second.getByLabel('Product company ID').fill('');
  await saved.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Successfully created ${name} and associated products.`)).toBeVisible();
  await expect(saved.getByText('Not Saved')).toHaveCount(0);
  await expect(page.getByLabel('6 brands')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Brand' })).toBeEnabled();

  // The hierarchy refreshed: the other tab's picker lists it, and so does this tab's in the UK, without a reload.
  await page.getByRole('button', { name: 'Region: All' }).click();
  await page.getByLabel('Search regions').fill('king');
  await page.getByRole('listbox', { name: 'Regions' }).getByRole('option', { name: 'United Kingdom' }).click();
  await expect(page).toHaveURL(/\/acme\/uk\/brands\/admin$/);
  await expect(pickerBrands(page).filter({ hasText: name })).toHaveCount(1);
  await expect(pickerBrands(other).filter({ hasText: name })).toHaveCount(1);
  // Only brands with a product in the UK are listed.
  await expect(brandCard(page, 'Nutty Bar')).toHaveCount(0);

  // The site-visit segment mapper: any vendor's segment of the page's region in a slot, saved as a brand update.
  await expect.poll(async () => {
    const body = (await (await page.request.get('/api/data-status')).json()) as { data: { client: string; region: string; state: string }[] };
    return body.data.find((s) => s.client === 'acme' && s.region === 'uk')?.state;
  }, { timeout: 60_000, intervals: [1_000] }).toBe('ready');
  await saved.getByRole('button', { name: 'Site Visit Segments' }).click();
  const mapper = page.getByRole('dialog', { name: `Site visit segments of ${name}` });
  await mapper.getByRole('button', { name: 'Select Customer Site Visitors' }).click();
  const option = mapper.getByRole('listbox', { name: 'Customer Site Visitors results' }).getByRole('option').first();
  const segment = (await option.locator('span').first().textContent()) ?? '';
  await option.getByRole('button').click();
  await expect(mapper.getByText(segment, { exact: true })).toBeVisible();
  await mapper.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Successfully updated ${name} with segment mapping information.`)).toBeVisible();
  await expect(mapper).toHaveCount(0);
  // Opened again, the slot shows the saved segment.
  await saved.getByRole('button', { name: 'Site Visit Segments' }).click();
  await expect(mapper.getByText(segment, { exact: true })).toBeVisible();
  await mapper.getByRole('button', { name: 'Cancel' }).click();

  // Back to All: delete a product, then the last one is refused with the tooltip, then the brand.
  await page.getByRole('button', { name: 'Region: United Kingdom' }).click();
  await page.getByRole('listbox', { name: 'Regions' }).getByRole('option', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/acme\/brands\/admin$/);
  await saved.getByRole('button', { name: 'Delete product Sparkle Two' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete product Sparkle Two?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Sparkle Two deleted successfully.')).toBeVisible();
  await expect(saved.getByRole('heading', { name: 'Sparkle Two' })).toHaveCount(0);
  const last = saved.getByRole('button', { name: 'Delete product Sparkle One' });
  await expect(last).toBeDisabled();
  await last.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Brands must have at least one product.');

  await saved.getByRole('button', { name: `Delete brand ${name}` }).click();
  await page.getByRole('alertdialog', { name: `Delete brand ${name}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${name} deleted successfully.`)).toBeVisible();
  await expect(saved).toHaveCount(0);
  await expect(page.getByLabel('5 brands')).toBeVisible();
  await expect(pickerBrands(other).filter({ hasText: name })).toHaveCount(0);

  // A brand in use (Fizz Cola's charts) is refused with the list of what uses it.
  const fizz = brandCard(page, 'Fizz Cola');
  await fizz.getByRole('button', { name: 'Delete brand Fizz Cola' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Delete brand Fizz Cola?' });
  await refusal.getByRole('button', { name: 'Delete' }).click();
  await expect(refusal.getByRole('list', { name: 'What uses Fizz Cola' }).getByRole('listitem').filter({ hasText: /^Chart '/ }).first()).toBeVisible();
  await refusal.getByRole('button', { name: 'Close' }).click();
  // Read once the modal dialog is closed (it hides the rest of the page from the accessibility tree); it stays 5 s.
  await expect(toast(page, 'Fizz Cola could not be deleted. Please try again.')).toBeVisible();
  await expect(fizz.getByRole('alert')).toContainText('Fizz Cola cannot be deleted while it is used by ');
  await expect(fizz).toBeVisible();
});

test('a new brand: its name is asked for once touched, and a taken name is refused in the server\'s words (issue 27 items 9, 20)', async ({ page }) => {
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);
  await page.goto('/acme/brands/admin');
  await page.getByRole('button', { name: 'Add Brand' }).click();
  const card = page.getByRole('list', { name: 'Brands' }).getByRole('article').first();
  const brandName = card.getByLabel('Brand name');
  await expect(brandName).not.toHaveAttribute('aria-invalid', 'true');
  await brandName.focus();
  await brandName.blur();
  await fieldError(brandName, 'Brand name is required.');

  // A name the client has already (in other letter case): the server refuses it, and says why.
  await brandName.fill('FIZZ COLA');
  await card.getByRole('button', { name: 'Apply' }).click();
  const product = card.getByRole('listitem').first();
  await product.getByLabel('Product name').fill('Any');
  await product.getByLabel('United States').check();
  await card.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: 'This brand already exists.' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toHaveAttribute('data-tone', 'error');
  await expect(card.getByRole('alert').filter({ hasText: 'This brand already exists.' })).toBeVisible();
  await expect(page.getByText('We were unable to save that brand. Please try again.')).toHaveCount(0);
});

test('a viewer without brands read is told so', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await expectGreeting(page, USERS.viewer.name);
  await page.goto('/globex/brands/admin');
  await expect(page.getByRole('alert').filter({ hasText: "You don't have permissions to view this page." })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Brand' })).toHaveCount(0);
});
