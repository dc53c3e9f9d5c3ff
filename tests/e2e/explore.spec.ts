import { expect, test, type Page } from '@playwright/test';
import { EXPLORE_TEXT } from '../../src/shared/rules/explore';
import { USERS, csrfOf, expectGreeting, logInAs, unique } from './helpers';
import { CONTEXT, PRODUCT, escape, waitForDemoData } from './grow-helpers';

/**
 * Issue 15, "How it is shown" (Explore): the analyst opens Explore on the demo's default persona,
 * sees its count and widgets, picks another persona, takes a filter off, copies, makes default
 * and deletes a persona; the invalid persona's modal; the viewer's read-only Explore; an index
 * report asked for from a persona reaches the notification centre.
 */

const EXPLORE = `${PRODUCT}/insights/explore`;
const DEFAULT_PERSONA = 'Weekend Sports Fans';
const OTHER_PERSONA = 'Gamers and Music Lovers';
const INVALID_PERSONA = 'Podcast Listeners';

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

const picker = (page: Page) => page.getByRole('button', { name: /^Persona: / });
const matched = (page: Page) => page.getByTestId('matched-count');
const widget = (page: Page, category: string) => page.getByRole('region', { name: category, exact: true });

async function openExplore(page: Page, user: (typeof USERS)[keyof typeof USERS] = USERS.analyst, path = EXPLORE) {
  await logInAs(page, user);
  await expectGreeting(page, user.name);
  await page.goto(path);
}

async function pick(page: Page, name: string, check = true) {
  await picker(page).click();
  await page.getByRole('searchbox', { name: 'Search personas' }).fill(name);
  await page.getByRole('option', { name: new RegExp(`^${escape(name)}`) }).click();
  if (check) await expect(picker(page)).toHaveAccessibleName(`Persona: ${name}`);
}

/** The matched count once it has come (not the '…' of a count on its way). */
async function countOf(page: Page): Promise<string> {
  await expect(matched(page)).toHaveText(/^[\d,.]+[KMB]?$/, { timeout: 20_000 });
  return (await matched(page).textContent()) ?? '';
}

test('the analyst sees the default persona, picks another, takes a filter off, and the widgets and count follow', async ({ page }) => {
  test.setTimeout(90_000);
  await openExplore(page);
  await expect(picker(page)).toHaveAccessibleName(`Persona: ${DEFAULT_PERSONA}`);
  const first = await countOf(page);
  const age = widget(page, 'Age');
  await expect(age.getByRole('table')).toBeVisible({ timeout: 20_000 });
  const firstRows = await age.getByRole('table').innerText();

  await pick(page, OTHER_PERSONA);
  await expect(page).toHaveURL(new RegExp(`${escape(EXPLORE)}/\\d+$`));
  const second = await countOf(page);
  expect(second).not.toBe(first);
  await expect.poll(async () => age.getByRole('table').innerText(), { timeout: 20_000 }).not.toBe(firstRows);

  // Taking the Gaming filter off (an AND-ed group of its own) widens the audience, unsaved.
  const filters = page.getByRole('group', { name: 'Filters' });
  await filters.getByRole('button', { name: /^Remove filter .*Gaming$/ }).click();
  await expect.poll(async () => countOf(page), { timeout: 20_000 }).not.toBe(second);
  await expect(filters.getByRole('button', { name: 'Reset filters' })).toBeVisible();

  // A widget row adds its value as a filter: then New and Edit are refused, with the reason.
  await age.getByRole('button', { name: /^Filter by Age: / }).first().click();
  await expect(filters.getByRole('button', { name: /^Remove filter Age: / })).toBeVisible();
  const edit = page.getByRole('toolbar', { name: 'Persona actions' }).getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toHaveAttribute('aria-disabled', 'true');
  await edit.hover();
  await expect(page.getByRole('tooltip')).toHaveText(EXPLORE_TEXT.nonSegmentsFilters);
});

test('the analyst copies a persona, makes the copy default and deletes it', async ({ page }) => {
  test.setTimeout(90_000);
  await openExplore(page);
  await pick(page, 'Outdoor Adventurers');
  const actions = page.getByRole('toolbar', { name: 'Persona actions' });
  await actions.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(EXPLORE_TEXT.copied, { exact: true })).toBeVisible();
  // The copy has its server id once nothing is pending (a copy still on its way opens once the server has it).
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 15_000 });

  await pick(page, 'Copy of Outdoor Adventurers');
  await actions.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByText(EXPLORE_TEXT.madeDefault, { exact: true })).toBeVisible();
  await picker(page).click();
  await expect(page.getByRole('option', { name: /^Copy of Outdoor Adventurers \(default\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  // The default is where Explore opens.
  await page.goto(EXPLORE);
  await expect(picker(page)).toHaveAccessibleName('Persona: Copy of Outdoor Adventurers');

  await actions.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete persona' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(EXPLORE_TEXT.deleted, { exact: true })).toBeVisible();
  await picker(page).click();
  await expect(page.getByRole('option', { name: /^Copy of Outdoor Adventurers/ })).toHaveCount(0);
});

test('an invalid persona opens on a modal that cannot be dismissed; Close selects the all-data persona', async ({ page }) => {
  await openExplore(page);
  await pick(page, INVALID_PERSONA, false);
  const modal = page.getByRole('alertdialog', { name: EXPLORE_TEXT.invalidTitle });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(EXPLORE_TEXT.invalidBody(1));
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Delete' })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  await expect(picker(page)).toHaveAccessibleName('Persona: All Data');
});

test("the analyst edits the all-data persona's market-level widgets in the 800 px overlay, and the change is saved", async ({ page }) => {
  test.setTimeout(60_000);
  await openExplore(page);
  await pick(page, 'All Data');
  await page.getByRole('tab', { name: 'Market Level' }).click();
  // The demo's widgets, by their tabs.
  const tabs = page.getByRole('tablist', { name: 'Market level tabs' });
  await expect(tabs.getByRole('tab', { name: 'Demographics' })).toBeVisible({ timeout: 20_000 });
  await expect(tabs.getByRole('tab', { name: 'Media' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit market demographics' }).click();
  const overlay = page.getByRole('dialog', { name: 'Edit market demographics' });
  await expect(overlay).toBeVisible();
  expect(Math.round((await overlay.boundingBox())!.width)).toBe(800);
  await overlay.getByRole('button', { name: 'Add widget' }).click();
  const form = overlay.getByRole('form', { name: 'New widget' });
  const name = unique('Loyalty');
  await form.getByLabel('Widget name').fill(name);
  await form.getByLabel('Tab', { exact: true }).fill('Demographics');
  if ((await form.getByLabel('Attribute of row 1').count()) === 0) await form.getByRole('button', { name: 'Add row' }).click();
  await form.getByLabel('Attribute of row 1').fill('Loyalty');
  await form.getByLabel('Value of row 1').fill('Members');
  await form.getByLabel('Percent of row 1').fill('42');
  await form.getByRole('button', { name: 'Save widget' }).click();
  await overlay.getByRole('button', { name: 'Close' }).click();

  await tabs.getByRole('tab', { name: 'Demographics' }).click();
  const made = page.getByRole('region', { name, exact: true });
  await expect(made).toContainText('Members');
  await expect(made).toContainText('42');
  // Saved on the server, not only on the device: a reload shows it with nothing pending.
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await page.getByRole('tab', { name: 'Market Level' }).click();
  await page.getByRole('tablist', { name: 'Market level tabs' }).getByRole('tab', { name: 'Demographics' }).click();
  await expect(page.getByRole('region', { name, exact: true })).toContainText('Members', { timeout: 20_000 });
});

test('the viewer sees Explore with no write actions', async ({ page }) => {
  await openExplore(page, USERS.viewer, '/globex/us/globex-auto/roadster/insights/explore');
  await expect(picker(page)).toBeVisible();
  for (const name of ['New', 'Edit', 'Copy', 'Delete', 'Make default', 'Convert to Audience']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await page.getByRole('tab', { name: 'Market Level' }).click();
  await expect(page.getByRole('button', { name: 'Edit market demographics' })).toHaveCount(0);
});

test('an index report asked for from a persona reaches the notification centre', async ({ page }) => {
  test.setTimeout(90_000);
  await openExplore(page);
  await pick(page, DEFAULT_PERSONA);
  await page.getByRole('toolbar', { name: 'Persona actions' }).getByRole('button', { name: 'Create Index Report' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Index Report' });
  const name = unique('persona report');
  await drawer.getByLabel('Report name').fill(name);
  await drawer.getByRole('button', { name: 'Create Report' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('complementary', { name: 'Notifications' }).getByText(name)).toBeVisible({ timeout: 30_000 });
});

test('a persona made default offline waits on the device, then reaches the server once when the network is back', async ({ page, context }) => {
  test.setTimeout(60_000);
  await openExplore(page);
  const headers = async () => ({ 'x-context': CONTEXT, 'x-csrf-token': await csrfOf(page) });
  const personaRes = async (id: number) => (await (await page.request.get(`/api/personas/${id}`, { headers: await headers() })).json()) as { data: { default: boolean; version: number } };
  const segments = (await (await page.request.get('/api/segments?region=us&per_page=5', { headers: await headers() })).json()) as { data: { id: number }[] };
  const made = await page.request.post('/api/personas', {
    headers: { ...(await headers()), 'x-request-id': crypto.randomUUID() },
    data: { name: unique('offline default'), identifiers: { include: { and: [[segments.data[0]!.id]] } } },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const persona = ((await made.json()) as { data: { id: number; name: string; version: number } }).data;
  try {
    await page.goto(`${EXPLORE}/${persona.id}`);
    await expect(picker(page)).toHaveAccessibleName(`Persona: ${persona.name}`);
    await countOf(page);

    await context.setOffline(true);
    await page.getByRole('toolbar', { name: 'Persona actions' }).getByRole('button', { name: 'Make default' }).click();
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();
    await picker(page).click();
    await expect(page.getByRole('option', { name: new RegExp(`^${escape(persona.name)} \\(default\\)`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1_000);
    expect((await personaRes(persona.id).catch(() => null))?.data.default ?? false).toBe(false);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 20_000 });
    // Applied once: one version on from the one it was made at.
    expect((await personaRes(persona.id)).data).toMatchObject({ default: true, version: persona.version + 1 });
  } finally {
    await context.setOffline(false);
    const now = await personaRes(persona.id);
    await page.request.delete(`/api/personas/${persona.id}?version=${now.data.version}`, { headers: { ...(await headers()), 'x-request-id': crypto.randomUUID() } });
  }
});

test("Convert to Audience opens the audience builder with spec 3 §2.1's action savePersona", async ({ page }) => {
  await openExplore(page);
  // By name: an earlier test may have made another persona the default.
  await pick(page, DEFAULT_PERSONA);
  await page.getByRole('button', { name: 'Convert to Audience', exact: true }).click();
  await expect(page).toHaveURL(/\/audiences\/builder\?action=savePersona&referer=Explore&/);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Audience' })).toBeVisible();
});
