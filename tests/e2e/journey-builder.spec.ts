import { expect, test, type Locator, type Page } from '@playwright/test';
import { JOURNEY_TEXT } from '../../src/shared/rules/journey';
import { PRODUCT, syncButton, waitForDemoData } from './grow-helpers';
import { USERS, logInAs, unique } from './helpers';
import { journeyApi } from './journey-helpers';

// Issue 17, "Journey builder": a 4 x 5 journey built from empty with every menu action, the name
// notices, Save and Close, the journey in the view; an edit made offline synced once; Cancel's
// confirmation only when something changed.

const BUILDER = `${PRODUCT}/insights/journey-builder`;
const VIEW = `${PRODUCT}/insights/journey`;

// ---- the grid, as a person reads and uses it -------------------------------------------------

const grid = (page: Page) => page.getByRole('region', { name: 'Journey grid' });
/** Column headers after the corner, by their names. */
const stageNames = async (page: Page) => (await grid(page).getByRole('columnheader').evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')))).slice(1);
const brandNames = (page: Page) => grid(page).getByRole('rowheader').evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')));
const menuButton = (page: Page, kind: 'Stage' | 'Brand', name: string) => page.getByRole('button', { name: `${kind} menu: ${name}`, exact: true });

async function menuItems(page: Page, kind: 'Stage' | 'Brand', name: string): Promise<string[]> {
  await menuButton(page, kind, name).click();
  const items = await page.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  return items;
}

async function act(page: Page, kind: 'Stage' | 'Brand', name: string, action: string) {
  await menuButton(page, kind, name).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Edit name, type, leave the field (Enter): the name notices show on leaving. */
async function rename(page: Page, kind: 'Stage' | 'Brand', from: string, to: string) {
  await act(page, kind, from, 'Edit name');
  const field = page.getByLabel(`${kind} name`, { exact: true });
  await expect(field).toBeFocused();
  await field.fill(to);
  await field.press('Enter');
  await expect(field).toBeHidden();
}

/** The stage's icon menu: each icon drawn with its name. */
async function chooseIcon(page: Page, stage: string, icon: string) {
  await page.getByRole('button', { name: new RegExp(`^Icon of ${stage}: `) }).click();
  await page.getByRole('menuitemradio', { name: icon, exact: true }).click();
  await expect(page.getByRole('menu')).toBeHidden();
}

const notice = (page: Page, text: string) => page.locator('.toast--error').filter({ hasText: text });

/** Maps a brand and stage's cell in the Edit Mapping panel: the matched segment (by the end of its path) and a population. */
async function mapCell(page: Page, brand: string, stage: string, segment: string, population: string) {
  await page.getByRole('button', { name: `Edit mapping of ${brand} / ${stage}` }).click();
  const panel = page.getByRole('dialog', { name: JOURNEY_TEXT.editMapping });
  await expect(panel.getByLabel('Brand')).toHaveValue(/.+/);
  await panel.getByRole('button', { name: 'Select Matched Audience' }).click();
  await panel.getByLabel('Search matched audience').fill(stage);
  const results = panel.getByRole('listbox', { name: 'Matched Audience results' });
  await results.getByRole('option').filter({ hasText: segment }).first().getByRole('button').click();
  await expect(panel.getByText(segment)).toBeVisible();
  await panel.getByLabel('Audience Population').fill(population);
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel).toBeHidden();
}

const cellOf = (page: Page, brand: string, stage: string): Locator =>
  grid(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name: brand, exact: true }) }).getByRole('cell')
    .filter({ has: page.getByRole('button', { name: `Edit mapping of ${brand} / ${stage}` }) });

const KEYS = { brand: 'tmp-00000000-0000-4000-8000-000000000001', aware: 'tmp-00000000-0000-4000-8000-000000000002', purchase: 'tmp-00000000-0000-4000-8000-000000000003' };
/** A journey body of one brand and two stages, Aware and Purchase, with transitions. */
const twoStages = (name: string) => ({
  name, default: false, has_transition_data: true,
  brands: [{ id: KEYS.brand, name: 'Fizz Original', order: 0 }],
  stages: [{ id: KEYS.aware, name: 'Aware', priority: 0, icon: 'eye' }, { id: KEYS.purchase, name: 'Purchase', priority: 1, icon: 'blank' }],
  sub_markets: [
    { journey_brand_id: KEYS.brand, journey_stage_id: KEYS.aware, population: 500 },
    { journey_brand_id: KEYS.brand, journey_stage_id: KEYS.purchase, population: 200 },
  ],
});

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

test('a 4 x 5 journey built from empty with every menu action, saved, and shown with its transitions', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.analyst);
  await page.goto(BUILDER);
  const save = page.getByRole('button', { name: JOURNEY_TEXT.saveAndClose });

  // A new journey: the product's brand, New Stage 1 (no icon) and one cell; no name yet, so no save.
  await expect(page.getByRole('heading', { level: 1, name: 'Journey Builder' })).toBeVisible();
  expect(await brandNames(page)).toEqual(['Fizz Original']);
  expect(await stageNames(page)).toEqual(['New Stage 1']);
  await expect(page.getByRole('button', { name: 'Icon of New Stage 1: No icon' })).toBeVisible();
  await expect(grid(page).getByText(JOURNEY_TEXT.cellHint)).toHaveCount(1);
  await expect(cellOf(page, 'Fizz Original', 'New Stage 1')).toContainText('1');
  await expect(save).toBeDisabled();
  await expect(page.getByText(JOURNEY_TEXT.nameRequired)).toBeVisible();
  // The only brand and stage cannot move or be deleted.
  expect(await menuItems(page, 'Stage', 'New Stage 1')).toEqual(['Edit name']);
  expect(await menuItems(page, 'Brand', 'Fizz Original')).toEqual(['Edit name']);

  // The journey's name: taken by the demo's journey, then a new one.
  const name = page.getByLabel('Journey name');
  await name.fill('fizz purchase funnel ');
  await name.blur();
  await expect(page.getByRole('alert').filter({ hasText: JOURNEY_TEXT.nameTaken })).toBeVisible();
  await expect(save).toBeDisabled();
  const journeyName = unique('journey');
  await name.fill(journeyName);
  await expect(save).toBeEnabled();

  // Stages: '+' after and before, the first unused 'New Stage N'.
  await page.getByRole('button', { name: 'Add stage after New Stage 1' }).click();
  await page.getByRole('button', { name: 'Add stage before New Stage 1' }).click();
  expect(await stageNames(page)).toEqual(['New Stage 3', 'New Stage 1', 'New Stage 2']);
  await page.getByRole('button', { name: 'Add stage after New Stage 2' }).click();
  await page.getByRole('button', { name: 'Add stage before New Stage 2' }).click();
  await page.getByRole('button', { name: 'Add stage after New Stage 2' }).click();
  expect(await stageNames(page)).toEqual(['New Stage 3', 'New Stage 1', 'New Stage 5', 'New Stage 2', 'New Stage 6', 'New Stage 4']);
  // Delete one: six become five, and its number is the first unused again.
  await act(page, 'Stage', 'New Stage 6', 'Delete stage');
  expect(await stageNames(page)).toEqual(['New Stage 3', 'New Stage 1', 'New Stage 5', 'New Stage 2', 'New Stage 4']);

  // Rename them, with the notices of a blank and a repeated name on leaving the field.
  await rename(page, 'Stage', 'New Stage 3', '  ');
  await expect(notice(page, JOURNEY_TEXT.stagesNamed)).toBeVisible();
  await expect(save).toBeDisabled();
  await rename(page, 'Stage', 'unnamed', 'Aware');
  await rename(page, 'Stage', 'New Stage 1', 'aware');
  await expect(notice(page, JOURNEY_TEXT.stagesUnique)).toBeVisible();
  await expect(page.getByText(JOURNEY_TEXT.stagesUnique, { exact: true }).first()).toBeVisible();
  await expect(save).toBeDisabled();
  await rename(page, 'Stage', 'aware', 'Consider');
  await rename(page, 'Stage', 'New Stage 5', 'Repeat');
  await rename(page, 'Stage', 'New Stage 2', 'Purchase');
  await rename(page, 'Stage', 'New Stage 4', 'Advocate');
  expect(await stageNames(page)).toEqual(['Aware', 'Consider', 'Repeat', 'Purchase', 'Advocate']);
  await expect(save).toBeEnabled();

  // Moves: the first has no Move left, the last no Move right; Repeat goes right, then back and forth.
  expect(await menuItems(page, 'Stage', 'Aware')).toEqual(['Edit name', 'Move right', 'Delete stage']);
  expect(await menuItems(page, 'Stage', 'Advocate')).toEqual(['Edit name', 'Move left', 'Delete stage']);
  expect(await menuItems(page, 'Stage', 'Repeat')).toEqual(['Edit name', 'Move left', 'Move right', 'Delete stage']);
  await act(page, 'Stage', 'Repeat', 'Move right');
  expect(await stageNames(page)).toEqual(['Aware', 'Consider', 'Purchase', 'Repeat', 'Advocate']);
  await act(page, 'Stage', 'Aware', 'Move right');
  await act(page, 'Stage', 'Aware', 'Move left');
  expect(await stageNames(page)).toEqual(['Aware', 'Consider', 'Purchase', 'Repeat', 'Advocate']);
  await chooseIcon(page, 'Aware', 'Eye');
  await chooseIcon(page, 'Purchase', 'Shopping cart');
  await expect(page.getByRole('button', { name: 'Icon of Purchase: Shopping cart' })).toBeVisible();

  // Brands: Add Brand up to four, then it is gone; a deleted one brings it back.
  const addBrand = page.getByRole('button', { name: JOURNEY_TEXT.addBrand });
  for (let i = 0; i < 3; i++) await addBrand.click();
  expect(await brandNames(page)).toEqual(['Fizz Original', 'New Brand 1', 'New Brand 2', 'New Brand 3']);
  await expect(addBrand).toBeHidden();
  await act(page, 'Brand', 'New Brand 2', 'Delete brand');
  await expect(addBrand).toBeVisible();
  await addBrand.click();
  expect(await brandNames(page)).toEqual(['Fizz Original', 'New Brand 1', 'New Brand 3', 'New Brand 2']);
  await rename(page, 'Brand', 'New Brand 1', '');
  await expect(notice(page, JOURNEY_TEXT.brandsNamed)).toBeVisible();
  await rename(page, 'Brand', 'unnamed', 'Crest Soda');
  await rename(page, 'Brand', 'New Brand 3', 'crest soda');
  await expect(notice(page, JOURNEY_TEXT.brandsUnique)).toBeVisible();
  await expect(save).toBeDisabled();
  await rename(page, 'Brand', 'crest soda', 'Bubble Up Cola');
  await rename(page, 'Brand', 'New Brand 2', 'Polar Fizz');
  expect(await menuItems(page, 'Brand', 'Fizz Original')).toEqual(['Edit name', 'Move down', 'Delete brand']);
  expect(await menuItems(page, 'Brand', 'Polar Fizz')).toEqual(['Edit name', 'Move up', 'Delete brand']);
  await act(page, 'Brand', 'Bubble Up Cola', 'Move up');
  await act(page, 'Brand', 'Crest Soda', 'Move down');
  await act(page, 'Brand', 'Crest Soda', 'Move up');
  expect(await brandNames(page)).toEqual(['Fizz Original', 'Bubble Up Cola', 'Crest Soda', 'Polar Fizz']);
  await expect(save).toBeEnabled();

  // Edit Mapping: the Discussion dropdown offers the client's clusters that have bubbles, by name (the demo's two).
  await page.getByRole('button', { name: 'Edit mapping of Fizz Original / Aware' }).click();
  const panel = page.getByRole('dialog', { name: JOURNEY_TEXT.editMapping });
  // (Other tests add clusters of their own on the shared server: the demo's two are among them, by name.)
  const options = panel.getByLabel('Discussion').getByRole('option');
  await expect(options.first()).toHaveText('None');
  await expect(options.filter({ hasText: /^Summer refreshment talk \(12 clusters\)$/ })).toHaveCount(1);
  await expect(options.filter({ hasText: /^Switching brands talk \(9 clusters\)$/ })).toHaveCount(1);
  const names = (await options.allTextContents()).slice(1);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
  await expect(panel.getByLabel('Brand')).toHaveValue(/.+/);
  await panel.getByLabel('Audience Population').fill('-5');
  await expect(panel.getByText(JOURNEY_TEXT.populationMin)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel).toBeHidden();

  // Cells: position numbers row by row; map each brand's five stages with the segment picker.
  await expect(cellOf(page, 'Crest Soda', 'Purchase').locator('.journey-cell__number')).toHaveText('13');
  const people = ['900000', '600000', '300000', '200000', '100000'];
  for (const brand of ['Fizz Original', 'Bubble Up Cola', 'Crest Soda', 'Polar Fizz']) {
    for (const [i, stage] of ['Aware', 'Consider', 'Purchase', 'Repeat', 'Advocate'].entries()) {
      await mapCell(page, brand, stage, `${brand} > ${stage}`, people[i]!);
    }
  }
  await expect(cellOf(page, 'Polar Fizz', 'Advocate')).toContainText('Polar Fizz > Advocate');
  await expect(cellOf(page, 'Polar Fizz', 'Advocate')).toContainText('100,000');
  await expect(grid(page).getByText(JOURNEY_TEXT.cellHint)).toHaveCount(0);
  await page.getByLabel(JOURNEY_TEXT.displayTransitions).check();

  // Save and Close: the server has it, the view shows it.
  await save.click();
  await expect(page.getByText(JOURNEY_TEXT.saved, { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.waitForURL(new RegExp(`${VIEW}/\\d+$`));
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));
  const saved = await (await journeyApi(page)).journey(id);
  expect(saved.name).toBe(journeyName);
  expect(saved.has_transition_data).toBe(true);
  expect([...saved.brands].sort((a, b) => a.order - b.order).map((b) => b.name)).toEqual(['Fizz Original', 'Bubble Up Cola', 'Crest Soda', 'Polar Fizz']);
  expect([...saved.stages].sort((a, b) => a.priority - b.priority).map((s) => [s.name, s.icon])).toEqual([
    ['Aware', 'eye'], ['Consider', 'blank'], ['Purchase', 'shopping-cart'], ['Repeat', 'blank'], ['Advocate', 'blank'],
  ]);
  expect(saved.sub_markets).toHaveLength(20);
  expect(saved.sub_markets.every((c) => c.matched_id !== null)).toBe(true);

  // The view: the journey's five stages with the share of each stage's people in the next.
  const stages = page.getByRole('list', { name: 'Stages' });
  await expect(stages.getByRole('listitem', { name: /^Aware to Consider: \d+(\.\d)?%$/ })).toBeVisible({ timeout: 30_000 });
  await expect(stages.getByRole('listitem', { name: /^Repeat to Advocate: \d+(\.\d)?%$/ })).toBeVisible();
  await expect(stages.getByRole('listitem', { name: / to / })).toHaveCount(4);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an edit made offline is kept on the device and synced once on reconnect', async ({ page, context }) => {
    test.setTimeout(90_000);
    await logInAs(page, USERS.analyst);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const api = await journeyApi(page);
    const made = await api.create(twoStages(unique('offline journey')));

    // Online once: the builder reads the journey (and keeps it on the device).
    await page.goto(`${BUILDER}/${made.id}`);
    await expect(page.getByLabel('Journey name')).toHaveValue(made.name);

    // Offline: open the builder again, rename a stage and add a brand, Save and Close.
    await context.setOffline(true);
    await page.goto(`${BUILDER}/${made.id}`);
    await expect(page.getByLabel('Journey name')).toHaveValue(made.name);
    await rename(page, 'Stage', 'Purchase', 'Buy');
    await page.getByRole('button', { name: JOURNEY_TEXT.addBrand }).click();
    await page.getByRole('button', { name: JOURNEY_TEXT.saveAndClose }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    await page.waitForURL(new RegExp(`${VIEW}/${made.id}$`));
    await expect(syncButton(page, '1 pending')).toBeVisible();
    expect((await api.journey(made.id).catch(() => null))?.version ?? made.version).toBe(made.version);

    // Back online: it goes once; the new brand is made once.
    await context.setOffline(false);
    await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 20_000 });
    const synced = await api.journey(made.id);
    expect(synced.version).toBe(made.version + 1);
    expect([...synced.stages].sort((a, b) => a.priority - b.priority).map((s) => s.name)).toEqual(['Aware', 'Buy']);
    expect([...synced.brands].sort((a, b) => a.order - b.order).map((b) => b.name)).toEqual(['Fizz Original', 'New Brand 1']);
    expect(synced.sub_markets).toHaveLength(4);
  });
});

test('a save over a newer version that renamed the same stage otherwise asks whose name to keep', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  const api = await journeyApi(page);
  const made = await api.create(twoStages(unique('conflict journey')));
  await page.goto(`${BUILDER}/${made.id}`);
  await expect(page.getByLabel('Journey name')).toHaveValue(made.name);

  // Someone else renames Purchase while this builder is open; here it becomes Buy.
  await api.update(made, (body) => ({ ...body, stages: body.stages.map((s) => (s.name === 'Purchase' ? { ...s, name: 'Bought' } : s)) }));
  await rename(page, 'Stage', 'Purchase', 'Buy');
  await page.getByRole('button', { name: JOURNEY_TEXT.saveAndClose }).click();
  await page.waitForURL(new RegExp(`${VIEW}/${made.id}$`));
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(conflict.getByRole('row').filter({ hasText: 'Purchase' })).toContainText(/Purchase\s*Bought\s*Buy/);
  expect((await api.journey(made.id)).stages.map((s) => s.name).sort()).toEqual(['Aware', 'Bought']);
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(syncButton(page, 'All saved')).toBeVisible({ timeout: 15_000 });
  const kept = await api.journey(made.id);
  expect(kept.stages.map((s) => s.name).sort()).toEqual(['Aware', 'Buy']);
  expect(kept.version).toBe(made.version + 2);
});

test('Cancel asks to discard only when something changed', async ({ page }) => {
  await logInAs(page, USERS.analyst);
  const dialog = page.getByRole('alertdialog', { name: JOURNEY_TEXT.discardTitle });

  // Nothing changed: straight back to the journeys.
  await page.goto(BUILDER);
  await expect(page.getByLabel('Journey name')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(new RegExp(`${VIEW}(/\\d+)?$`));
  await expect(dialog).toBeHidden();

  // A change undone is no change either.
  await page.goto(BUILDER);
  await page.getByRole('button', { name: JOURNEY_TEXT.addBrand }).click();
  await act(page, 'Brand', 'New Brand 1', 'Delete brand');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(new RegExp(`${VIEW}(/\\d+)?$`));

  // A change: the spec's question; staying keeps the draft, Discard leaves.
  await page.goto(BUILDER);
  await page.getByLabel('Journey name').fill('Not kept');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(JOURNEY_TEXT.discardText);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Journey name')).toHaveValue('Not kept');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: JOURNEY_TEXT.discard }).click();
  await page.waitForURL(new RegExp(`${VIEW}(/\\d+)?$`));
});

test('with no discussion clusters, Edit Mapping links an uploader to the bulk uploader', async ({ page }) => {
  await logInAs(page, USERS.admin);
  // A client with no clusters yet (the demo's has two).
  await page.route('**/api/discussion-cluster-nodes', (route) => route.fulfill({ json: { data: [] } }));
  await page.goto(BUILDER);
  await page.getByRole('button', { name: 'Edit mapping of Fizz Original / New Stage 1' }).click();
  const panel = page.getByRole('dialog', { name: JOURNEY_TEXT.editMapping });
  await expect(panel).toContainText(JOURNEY_TEXT.noDiscussions);
  await panel.getByRole('link', { name: JOURNEY_TEXT.uploadDiscussions }).click();
  await page.waitForURL(/\/acme\/us\/upload\/discussions_upload\/admin$/);
});
