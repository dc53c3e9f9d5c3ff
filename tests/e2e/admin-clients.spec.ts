import { expect, test } from '@playwright/test';
import { hierarchyResponseSchema } from '../../src/shared/schemas/hierarchy';
import { USERS, expectGreeting, logIn, unique } from './helpers';

test('an admin creates a client with two regions from the top bar, sees it in the picker at once, and reads the dashboard', async ({ page }) => {
  test.setTimeout(60_000);
  await logIn(page, USERS.admin);
  await expectGreeting(page, USERS.admin.name);

  // The top bar's shortcut opens a new client.
  await page.getByRole('combobox', { name: 'Client', exact: true }).selectOption({ label: 'Add clients' });
  await expect(page).toHaveURL(/\/global\/admin\/clients\?new=1$/);
  const form = page.getByRole('form', { name: 'New client' });
  await expect(form).toBeVisible();

  const slug = unique('client');
  const name = `Client ${slug}`;
  await form.getByLabel('Name').fill(name);
  // The slug is proposed from the name.
  await expect(form.getByLabel('Slug')).toHaveValue(`client-${slug}`);

  // Invalid slug and company ID, each with its message; the number input takes no '-' or 'e'.
  await form.getByLabel('Slug').fill('Not A Slug');
  const companyId = form.getByLabel('Company ID');
  await companyId.pressSequentially('-1e2');
  await expect(companyId).toHaveValue('12');
  await companyId.fill('0');
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(form.getByText("A slug may hold only lowercase letters a-z, digits 0-9 and '-', and cannot start or end with '-' or hold '--'.")).toBeVisible();
  await expect(form.getByText('Please enter a valid ID')).toBeVisible();
  await expect(form.getByText('A client needs at least one region.')).toBeVisible();

  await form.getByLabel('Slug').fill(slug);
  await companyId.fill('4242');
  await form.getByRole('checkbox', { name: 'United States', exact: true }).check();
  await form.getByRole('checkbox', { name: 'United Kingdom', exact: true }).check();
  await form.getByRole('combobox', { name: 'Currency in United Kingdom' }).selectOption('GBP');
  await form.getByRole('radio', { name: 'Default region United States' }).check();
  await form.getByRole('checkbox', { name: 'Grow', exact: true }).check();
  await form.getByRole('button', { name: 'Create client' }).click();

  await expect(page.getByText(`${name} created.`, { exact: true })).toBeVisible();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('United Kingdom (GBP); United States (USD), default');
  // The context picker lists it without a reload (disabled on admin pages, but its options are the hierarchy's).
  await expect(page.getByRole('combobox', { name: 'Client', exact: true }).locator('option', { hasText: name })).toHaveCount(1);

  // The admin index leads to the dashboard; its figures are the hierarchy's.
  await page.goto('/global/admin');
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  const tree = hierarchyResponseSchema.parse(await (await page.request.get('/api/clients/hierarchy')).json()).data;
  const acme = tree.find((c) => c.slug === 'acme')!;
  const acmeBrands = new Set(acme.regions.flatMap((r) => r.brands.map((b) => b.id))).size;
  const acmeRow = page.getByRole('row', { name: /^Acme Corporation/ });
  await expect(acmeRow.locator('[data-figure="brands"]')).toHaveText(String(acmeBrands));
  const made = page.getByRole('row', { name: new RegExp(name) });
  await expect(made.locator('[data-figure="brands"]')).toHaveText('0');
  await expect(made.getByRole('list', { name: `Data readiness of ${name}` })).toContainText('United States: No data');
});

test('the analyst is offered no admin shortcuts and no admin pages', async ({ page }) => {
  await logIn(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await expect(page.getByRole('option', { name: /^Add / })).toHaveCount(0);
  await page.goto('/global/admin/clients?new=1');
  await expect(page.getByText("You don't have permissions to view this page.")).toBeVisible();
  await expect(page.getByRole('form', { name: 'New client' })).toHaveCount(0);
});
