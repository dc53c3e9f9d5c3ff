import { expect, test, type Page } from '@playwright/test';
import { USERS, csrfOf, logInAs, unique, withoutPermission } from './helpers';
import { newPersonaWithGaming, personaNamed } from './persona-helpers';

/** The audience builder (issue 15) of acme's Fizz Original in the US. */
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const PRODUCT = `/${CONTEXT}`;
const SAVE_PRODUCT = '/acme/us/fizz-cola/fizz-zero';

interface CatalogueSegment { id: number; name: string; path_parts: string[]; deleted: boolean }

async function segmentNamed(page: Page, path: string): Promise<CatalogueSegment> {
  const leaf = path.split(' > ').at(-1)!;
  const res = await page.request.get(`/api/segments?region=us&per_page=200&q=${encodeURIComponent(leaf)}`, { headers: { 'x-context': CONTEXT } });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as { data: CatalogueSegment[] }).data.find((s) => !s.deleted && s.path_parts.join(' > ') === path);
  expect(found, `a live segment at ${path}`).toBeTruthy();
  return found!;
}

/** The builder as Grow's Save Audience opens it: Grow's selection is the first group. */
async function openFromGrow(page: Page, start: CatalogueSegment, product = PRODUCT) {
  const search = new URLSearchParams({
    action: 'create', referer: 'Grow', returnUrl: 'home', name: 'Gamers',
    rules: JSON.stringify({ include: { and: [[start.id]] }, exclude: [], values: [] }),
    labels: JSON.stringify({ [start.id]: start.path_parts.join(' > ') }),
  });
  await page.goto(`${product}/audiences/builder?${search.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Audience' })).toBeVisible();
}

const people = (page: Page) => page.getByRole('region', { name: 'People' }).getByText(/^People in this audience: [\d,]+$/);
const countOf = async (page: Page) => Number(((await people(page).textContent()) ?? '').replace(/\D/g, ''));

// The analyst may not create audiences in the demo (audiences create is the admin's): the admin saves them.
test('the admin builds a three-group rule with an exclude, by search and by tree, watches the count and saves it as an audience', async ({ page }) => {
  test.setTimeout(90_000);
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  // Saved in Fizz Zero (same region, same segments): Fizz Original's home list is the demo's, which home.spec reads.
  await openFromGrow(page, gaming, SAVE_PRODUCT);
  const group = (n: number) => page.getByRole('group', { name: `Group ${n}` });
  await expect(group(1)).toContainText('Interests > Entertainment > Gaming');
  await expect(people(page)).toBeVisible({ timeout: 15_000 });
  const one = await countOf(page);

  // By search, into a new group: the match is marked.
  await page.getByLabel('Add segments to').selectOption({ label: 'New group' });
  await page.getByLabel('Search segments').fill('sports runn');
  const results = page.getByRole('list', { name: 'Matching segments' });
  await expect(results.locator('mark').first()).toBeVisible();
  await results.getByRole('button', { name: /^Add Interests > Sports > Running$/ }).first().click();
  await expect(group(2)).toContainText('Interests > Sports > Running');
  await expect.poll(() => countOf(page), { timeout: 15_000 }).not.toBe(one);
  const two = await countOf(page);
  expect(two).toBeLessThanOrEqual(one);
  // Each group has its own count (the rule-counts answer).
  await expect(group(1).getByText(/^[\d,]+ people$/)).toBeVisible();
  await expect(group(2).getByText(/^[\d,]+ people$/)).toBeVisible();

  // By tree, into a third group.
  await page.getByLabel('Search segments').fill('');
  await page.getByLabel('Add segments to').selectOption({ label: 'New group' });
  const tree = page.getByRole('list', { name: 'Segment catalogue' });
  await tree.getByRole('button', { name: /^Interests \(/ }).click();
  await tree.getByRole('button', { name: /^Food \(/ }).click();
  const food = tree.getByRole('list', { name: 'Food' }).getByRole('button', { name: /^Add Interests > Food > / }).first();
  const foodName = ((await food.getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await food.click();
  await expect(group(3)).toContainText(foodName);

  // An exclude: added to a group, then NOT moves it to Exclude.
  await page.getByLabel('Add segments to').selectOption({ label: 'Group 1' });
  await page.getByLabel('Search segments').fill('Bargain Hunters');
  await results.getByRole('button', { name: /^Add Behaviour > Shopping > Bargain Hunters$/ }).first().click();
  await expect(group(1)).toContainText('Bargain Hunters');
  await group(1).getByRole('button', { name: 'NOT Behaviour > Shopping > Bargain Hunters' }).click();
  const excluded = page.getByRole('group', { name: 'Excluded segments' });
  await expect(excluded).toContainText('Bargain Hunters');
  await expect(group(1)).not.toContainText('Bargain Hunters');

  // The rule in words, and a count for the whole rule.
  const form = page.getByRole('form', { name: 'Save Audience' });
  await expect(form).toContainText(`Any of: Interests > Entertainment > Gaming and Any of: Interests > Sports > Running and Any of: ${foodName} but not: Behaviour > Shopping > Bargain Hunters`);
  await expect(people(page)).toBeVisible({ timeout: 15_000 });

  // Leaving with changes asks first; staying keeps the rule.
  await form.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('alertdialog', { name: 'You have unsaved changes' });
  await expect(ask).toContainText('Are you sure you want to discard these changes?');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(excluded).toContainText('Bargain Hunters');

  // Save: home, where the audience is listed.
  const name = unique('builder audience');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${SAVE_PRODUCT}/home$`));
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 15_000 });
});

test('a demographic value can be added but stops saving as an audience, with the reason', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  await openFromGrow(page, gaming);
  const form = page.getByRole('form', { name: 'Save Audience' });
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  await page.getByLabel('Category').selectOption({ label: 'Gender' });
  await page.getByRole('button', { name: 'Add Gender: Female' }).click();
  await expect(page.getByRole('region', { name: 'Include values' })).toContainText('Gender: Female');
  await expect(form).toContainText('Any of: Interests > Entertainment > Gaming and Any of: Gender: Female');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(form).toContainText('This audience includes non-segments (demographic values), so it cannot be saved as an audience.');
  await page.getByRole('button', { name: 'Remove Gender: Female' }).click();
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('without audiences create the builder says why it cannot save', async ({ page }) => {
  // Analysts may create audiences since issue 16: this user's role is the analyst's less that one permission.
  await withoutPermission(page, 'audiences', 'create');
  await logInAs(page, USERS.analyst);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  await openFromGrow(page, gaming);
  const form = page.getByRole('form', { name: 'Save Audience' });
  await expect(form).toContainText('You do not have permission to create audiences, so this selection cannot be saved as an audience.');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('offline, the count says it needs a connection and shows the last known one; the catalogue still works', async ({ page, context }) => {
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  await openFromGrow(page, gaming);
  await expect(people(page)).toBeVisible({ timeout: 15_000 });
  const known = await countOf(page);
  // The catalogue is on the page (its vendors listed) before the network goes: it is searched offline.
  await expect(page.getByLabel('Vendor', { exact: true }).locator('option')).not.toHaveCount(1);
  await context.setOffline(true);
  await page.getByLabel('Search segments').fill('sports runn');
  await page.getByRole('list', { name: 'Matching segments' }).getByRole('button', { name: /^Add Interests > Sports > Running$/ }).first().click();
  const count = page.getByRole('region', { name: 'People' });
  await expect(count).toContainText('Counts need a connection.');
  await expect(count).toContainText(`Last known: ${known.toLocaleString('en-US')}`);
  await context.setOffline(false);
  await expect(count).not.toContainText('Counts need a connection.', { timeout: 15_000 });
});

test('a rule built in the persona builder is saved as a persona, then edited there', async ({ page }) => {
  test.setTimeout(60_000);
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  const running = await segmentNamed(page, 'Interests > Sports > Running');
  const form = await newPersonaWithGaming(page);
  const name = unique('builder persona');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}/insights/explore`));
  await expect.poll(async () => (await personaNamed(page, name))?.identifiers?.include.and ?? null, { timeout: 15_000 }).toEqual([[gaming.id]]);
  // Explore opens on the persona just made.
  await expect(page.getByRole('button', { name: `Persona: ${name}` })).toBeVisible();

  // Edit: the persona builder with its id starts from the persona's filters.
  const persona = (await personaNamed(page, name))!;
  const edit = new URLSearchParams({ action: 'edit', referer: 'Explore', returnUrl: `insights/explore/${persona.id}` });
  await page.goto(`${PRODUCT}/insights/explore/builder/${persona.id}?${edit.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Persona' })).toBeVisible();
  const editForm = page.getByRole('form', { name: 'Edit Persona' });
  await expect(editForm.getByLabel('Name')).toHaveValue(name);
  await expect(page.getByRole('group', { name: 'Group 1' })).toContainText('Interests > Entertainment > Gaming');
  await page.getByLabel('Add segments to').selectOption({ label: 'Exclude' });
  await page.getByLabel('Search segments').fill('sports runn');
  await page.getByRole('list', { name: 'Matching segments' }).getByRole('button', { name: /^Add Interests > Sports > Running$/ }).first().click();
  await expect(page.getByRole('group', { name: 'Excluded segments' })).toContainText('Running');
  await editForm.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}/insights/explore/${persona.id}`));
  await expect.poll(async () => (await personaNamed(page, name))?.identifiers?.exclude ?? null, { timeout: 15_000 }).toEqual([running.id]);

  // Back in Explore, the persona is the one picked: its filters are its chips, and its count and widgets show.
  await expect(page.getByRole('button', { name: `Persona: ${name}` })).toBeVisible();
  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters.getByRole('button', { name: /^Remove filter .*Gaming/ })).toBeVisible();
  await expect(filters.getByRole('button', { name: /^Remove filter .*Running/ })).toBeVisible();
  await expect(page.getByTestId('matched-count')).toHaveText(/^[\d,.]+[KMB]?$/, { timeout: 20_000 });
  await expect(page.locator('.insight-widget tbody tr').first()).toBeVisible({ timeout: 20_000 });
});

test('segments move between groups by drag and by keyboard, and groups reorder', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  await openFromGrow(page, gaming);
  const group = (n: number) => page.getByRole('group', { name: `Group ${n}` });
  await page.getByLabel('Add segments to').selectOption({ label: 'New group' });
  await page.getByLabel('Search segments').fill('sports runn');
  await page.getByRole('list', { name: 'Matching segments' }).getByRole('button', { name: /^Add Interests > Sports > Running$/ }).first().click();
  await expect(group(2)).toContainText('Running');

  // Keyboard: the segment's "Move to" list.
  await group(2).getByLabel('Move Interests > Sports > Running to').selectOption({ label: 'Group 1' });
  await expect(group(1)).toContainText('Running');
  await expect(group(2)).not.toContainText('Running');

  // Pointer: drag Gaming by its handle onto Group 2.
  const handle = group(1).getByRole('button', { name: 'Drag Interests > Entertainment > Gaming' });
  const from = (await handle.boundingBox())!;
  const to = (await group(2).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(group(2)).toContainText('Gaming');
  await expect(group(1)).not.toContainText('Gaming');

  // Groups: reorder and remove. dnd-kit swallows clicks for 50 ms after a drop (so the drop is no
  // click); under a loaded CI machine the test's next click came within them and did nothing. The
  // user clicks again if nothing moved; a click that moved the group is never repeated (React has
  // drawn a click's result by the time click() returns).
  const moveUp = page.getByRole('button', { name: 'Move group 2 up' });
  await expect(async () => {
    if (!(await group(1).textContent())?.includes('Gaming')) await moveUp.click();
    await expect(group(1)).toContainText('Gaming', { timeout: 1_000 });
  }).toPass({ timeout: 7_000 });
  await expect(group(2)).toContainText('Running');
  await page.getByRole('button', { name: 'Remove group 2' }).click();
  await expect(page.getByRole('form', { name: 'Save Audience' })).toContainText(/Any of: Interests > Entertainment > Gaming(?! and)/);
  await expect(page.getByRole('group', { name: 'Group 2' })).toHaveCount(0);
});

test('the motivation builder starts from a persona and sends the request', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const gaming = await segmentNamed(page, 'Interests > Entertainment > Gaming');
  const made = await page.request.post('/api/personas', {
    headers: { 'x-context': CONTEXT, 'x-csrf-token': await csrfOf(page), 'x-request-id': crypto.randomUUID() },
    data: { name: unique('motivation source'), identifiers: { include: { and: [[gaming.id]] }, exclude: [], values: [] } },
  });
  expect(made.status(), await made.text()).toBeLessThan(300);
  const persona = ((await made.json()) as { data: { id: number } }).data;
  const search = new URLSearchParams({ action: 'requestMotivationAudience', referer: 'Explore', returnUrl: `insights/explore/${persona.id}` });
  await page.goto(`${PRODUCT}/insights/motivation-audience/builder/${persona.id}?${search.toString()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Request Motivation Audience' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Group 1' })).toContainText('Interests > Entertainment > Gaming');
  const form = page.getByRole('form', { name: 'Request Motivation Audience' });
  await form.getByLabel('Name').fill(unique('motivated gamers'));
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/motivation-audiences') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Save' }).click();
  const answer = await sent;
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  const body = answer.request().postDataJSON() as { motivation_audience: { rules: { include: { and: number[][] } } } };
  expect(body.motivation_audience.rules.include.and).toEqual([[gaming.id]]);
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}/insights/explore/${persona.id}`));
});
