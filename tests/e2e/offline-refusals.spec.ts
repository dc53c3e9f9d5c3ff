import { expect, test } from '@playwright/test';
import { EXPLORE_TEXT } from '../../src/shared/rules/explore';
import { USERS, csrfOf, logInAs, unique } from './helpers';
import { CONTEXT, waitForDemoData } from './grow-helpers';
import { newPersonaWithGaming, personaNamed } from './persona-helpers';

// Issue 27, item 1: a persona whose name is taken never loses the user's rules. A name taken
// already is said in the builder, which stays open; a name taken by someone else while the
// user was offline is refused by the server, and "Edit and retry" sends the persona again, its
// rules kept, under the name the user gives it.
test.use({ serviceWorkers: 'allow' });

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

test('a name another persona has, in other letter case, is refused in the builder, which keeps the rules', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const form = await newPersonaWithGaming(page);
  await form.getByLabel('Name').fill('GAMERS AND MUSIC LOVERS');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText(EXPLORE_TEXT.nameTaken);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Persona' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Group 1' })).toContainText('Interests > Entertainment > Gaming');
  await expect(page.getByText(EXPLORE_TEXT.created)).toBeHidden();
});

test('a name taken by someone else while offline: the refusal keeps the rules, and Edit and retry saves them under a new name', async ({ page, context }) => {
  test.setTimeout(60_000);
  await logInAs(page, USERS.admin);
  const rules = (await personaNamed(page, 'Gamers and Music Lovers'))!.identifiers;
  const form = await newPersonaWithGaming(page);
  // The worker serves Explore's code once the builder has closed offline.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const name = unique('taken');
  await context.setOffline(true);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();

  // Someone else takes the name meanwhile (the API, which the page's offline network does not stop).
  const made = await page.request.post('/api/personas', {
    headers: { 'x-csrf-token': await csrfOf(page), 'x-context': CONTEXT, 'x-request-id': crypto.randomUUID() },
    data: { name, identifiers: rules },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);

  await context.setOffline(false);
  await expect(page.getByText(`Not saved: Create persona ${name}`, { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: '1 needs you' }).click();
  await page.getByRole('button', { name: `Edit and retry: Create persona ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit and retry' });
  const field = dialog.getByLabel('Name');
  await expect(field).toHaveValue(name);
  await expect(dialog.getByRole('alert')).toHaveText(EXPLORE_TEXT.nameTaken);
  await field.fill(`${name} 2`);
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 20_000 });
  const gaming = (await personaNamed(page, `${name} 2`))?.identifiers?.include.and;
  expect(gaming?.flat().length).toBe(1);
});
