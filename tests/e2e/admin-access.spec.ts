import { expect, test, type Browser, type Page } from '@playwright/test';
import { ROLE_MESSAGES } from '../../src/shared/rules/roles';
import { ACCESS_TEXT } from '../../src/client/features/admin-access/access-text';
import { DEMO_DEFAULT_CHART, GROW, chartPicker } from './grow-helpers';
import { USERS, logIn, logInAs, unique } from './helpers';

// Issue 19: roles are data. An admin makes a role that may read Grow but not edit it, invites a
// user with it, the user sets a password through the one-time link and finds Grow without its
// View/Edit toggle; the analyst (who may edit) still has it, so the check can fail.

const chartMode = (page: Page) => page.getByRole('group', { name: 'Chart mode' });

/** Opens Grow's default chart and waits for its toolbar (drawn with or without the mode toggle). */
async function openGrow(page: Page) {
  await page.goto(GROW);
  await expect(chartPicker(page)).toContainText(DEMO_DEFAULT_CHART);
  await expect(page.getByRole('button', { name: 'Export PNG' })).toBeVisible({ timeout: 30_000 });
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test('a role that may read Grow but not edit it: invited, password set, no View/Edit toggle; the role cannot be deleted while held', async ({ page, browser, context }) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const roleName = `Grow Reader ${Date.now().toString(36)}`;
  const email = `${unique('reader')}@acme.test`;
  const password = 'a-long-enough-password';

  // The control: the analyst may update Grow charts and sees the toggle.
  const analyst = await freshPage(browser);
  await logInAs(analyst.page, USERS.analyst);
  await openGrow(analyst.page);
  await expect(chartMode(analyst.page).getByRole('button', { name: 'Edit' })).toBeVisible();
  await analyst.close();

  await logInAs(page, USERS.admin);
  await page.goto('/global/admin/roles');
  await page.getByRole('button', { name: 'Create role' }).click();
  const rolePanel = page.getByRole('dialog', { name: 'Create a role' });
  await rolePanel.getByLabel('Name').fill(roleName);
  await rolePanel.getByLabel('Description').fill('Reads Grow charts and their counts; edits nothing.');
  // Grow reads its charts (mekkos) and counts its audiences (audiences read).
  await rolePanel.getByRole('checkbox', { name: 'Grow: Read', exact: true }).check();
  await rolePanel.getByRole('checkbox', { name: 'Audiences: Read', exact: true }).check();
  await expect(rolePanel.getByRole('checkbox', { name: 'Grow: Update', exact: true })).not.toBeChecked();
  // Admin writes are online-only: offline, the form says why and keeps what was typed.
  await context.setOffline(true);
  await rolePanel.getByRole('button', { name: 'Create role' }).click();
  await expect(rolePanel.getByRole('alert')).toHaveText(ACCESS_TEXT.offline);
  await expect(rolePanel.getByLabel('Name')).toHaveValue(roleName);
  await context.setOffline(false);
  await rolePanel.getByRole('button', { name: 'Create role' }).click();
  await expect(rolePanel).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toContainText('0');

  await page.goto('/global/admin/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite user' });
  await invite.getByLabel('First name').fill('Rita');
  await invite.getByLabel('Last name').fill('Reader');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('checkbox', { name: roleName, exact: true }).check();
  await invite.getByRole('checkbox', { name: 'Acme Corporation', exact: true }).check();
  // Acme's regions come with it: shown checked, not changeable on their own.
  await expect(invite.getByRole('checkbox', { name: 'Acme Corporation / United States', exact: true })).toBeChecked();
  await invite.getByRole('button', { name: 'Invite user' }).click();
  const link = invite.getByRole('textbox', { name: 'Invitation link' });
  await expect(link).toHaveValue(/\/invite\/[^/]+$/);
  await expect(invite.getByText('No mail server is configured')).toBeVisible();
  await invite.getByRole('button', { name: 'Copy' }).click();
  await expect(invite.getByRole('status')).toHaveText('Link copied');
  const first = await link.inputValue();
  await invite.getByRole('button', { name: 'Done' }).click();
  const userRow = page.getByRole('row', { name: new RegExp(email) });
  await expect(userRow).toContainText('Invited');
  await expect(userRow).toContainText(roleName);
  await expect(userRow).toContainText('acme');

  // A new link for an invited user voids the first: the user is sent the newer one.
  await userRow.getByRole('button', { name: 'New invitation link for Rita Reader' }).click();
  const relink = page.getByRole('dialog', { name: 'New invitation link' });
  const fresh = relink.getByRole('textbox', { name: 'Invitation link' });
  await expect(fresh).toHaveValue(/\/invite\/[^/]+$/);
  const url = await fresh.inputValue();
  expect(url).not.toBe(first);
  await relink.getByRole('button', { name: 'Done' }).click();

  // An edit saves names, roles and hierarchy together: Acme narrowed to its United States region.
  await userRow.getByRole('button', { name: 'Edit Rita Reader' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit user Rita Reader' });
  await edit.getByRole('checkbox', { name: 'Acme Corporation', exact: true }).uncheck();
  await edit.getByRole('checkbox', { name: 'Acme Corporation / United States', exact: true }).check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(userRow.getByRole('cell', { name: 'acme/us', exact: true })).toBeVisible();

  // The role is held: deleting it is refused with the server's words.
  await page.goto('/global/admin/roles');
  await page.getByRole('button', { name: `Delete role ${roleName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete role ${roleName}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(ROLE_MESSAGES.inUse(roleName, 1));
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: new RegExp(roleName) })).toBeVisible();

  // The invited user, in a browser of their own: the link, the password twice, then login.
  const reader = await freshPage(browser);
  await reader.page.goto(new URL(url).pathname);
  await expect(reader.page.getByRole('heading', { name: 'Welcome, Rita' })).toBeVisible();
  await reader.page.getByLabel('New password').fill(password);
  await reader.page.getByLabel('Repeat the password').fill(`${password}!`);
  await reader.page.getByRole('button', { name: 'Set password' }).click();
  await expect(reader.page.getByRole('alert')).toHaveText('The passwords do not match.');
  await reader.page.getByLabel('Repeat the password').fill(password);
  await reader.page.getByRole('button', { name: 'Set password' }).click();
  await expect(reader.page).toHaveURL(/\/login\?/);
  await expect(reader.page.getByText('Your password is set. Please log in.')).toBeVisible();
  await expect(reader.page.getByLabel('Email')).toHaveValue(email);
  await reader.page.getByLabel('Password').fill(password);
  await reader.page.getByRole('button', { name: 'Log in' }).click();
  await reader.page.waitForURL(/\/home$/);

  await openGrow(reader.page);
  await expect(chartMode(reader.page)).toHaveCount(0);
  await expect(reader.page.getByRole('button', { name: 'Create chart' })).toHaveCount(0);

  // The link worked once.
  await reader.page.goto(new URL(url).pathname);
  await expect(reader.page.getByRole('alert')).toHaveText('This invitation link is not valid or has expired.');
  await reader.close();
});

test('without roles and users read, the pages say so', async ({ page }) => {
  await logIn(page, USERS.viewer);
  await page.waitForURL(/\/home$/);
  for (const path of ['/global/admin/roles', '/global/admin/users']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(path.endsWith('roles') ? 'Roles' : 'Users');
    await expect(page.getByText("You don't have permissions to view this page.")).toBeVisible();
  }
});
