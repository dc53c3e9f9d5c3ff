import { expect, test, type Locator, type Page } from '@playwright/test';
import { USERS } from './helpers';
import {
  apiOf, audienceOrder, chartArea, chartPicker, chartWith, escape, expectCounts, logInAs, marketColumn, marketOrder, openChart, syncButton, tile, unique, waitForDemoData,
  type GrowApi,
} from './grow-helpers';

// Issue 5, "Must show": one user's whole way through a chart of their own, by role and visible text;
// then three focused tests of the edit flow, each guarding against a bug found on the way.

/**
 * The "Must show" test saves an audience, which becomes the newest of its product's recent activity:
 * it works in a product no other browser test reads the audiences of (home.spec.ts expects
 * fizz-original's demo audiences first). Same client and region, so the same segments and counts.
 */
const OWN_CONTEXT = 'acme/us/mountain-spring/still-water';
const OWN_GROW = `/${OWN_CONTEXT}/insights/grow`;

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

/**
 * Moves a column or tile by keyboard from its grip, as a screen reader user does: Space to pick
 * it up, the arrow, Space to drop, each key once the live region has announced what the last one
 * did (an arrow pressed before the first "moved into position" is not taken).
 */
async function moveByKeyboard(page: Page, kind: 'market' | 'audience', name: string, key: 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp', to: number) {
  const heard = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached();
  const what = `${kind === 'market' ? 'Market' : 'Audience'} ${name}`;
  const grip = page.getByRole('button', { name: `Move ${kind} ${name}` });
  // A column that was just dropped glides to its place (a 250 ms transition): a user starts the
  // next move once things stand still, and so does this, or the move is measured mid-glide.
  await expect.poll(async () => {
    const before = await grip.boundingBox();
    await page.waitForTimeout(100);
    return JSON.stringify(before) === JSON.stringify(await grip.boundingBox());
  }).toBe(true);
  await grip.focus();
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  // Picked up and measured: it is over its own place.
  await heard(`${what} was moved into position`);
  await page.keyboard.press(key);
  // Under load an arrow pressed just after the pick-up is sometimes not taken (known, in the
  // issue's note); a user presses it again, and so does this, once.
  const moved = page.getByRole('status').filter({ hasText: `${what} was moved into position ${to} of` });
  if (!(await moved.waitFor({ state: 'attached', timeout: 2_000 }).then(() => true, () => false))) await page.keyboard.press(key);
  await heard(`${what} was moved into position ${to} of`);
  await page.keyboard.press('Space');
  await heard(`${what} was dropped at position ${to} of`);
}

/** Drags one grip onto another with the mouse, in small steps as a hand does. */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const start = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // dnd-kit starts a drag after 5 px of movement (so a click still clicks).
  await page.mouse.move(start.x + 8, start.y + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 20 });
  await page.mouse.up();
}

/**
 * Opens a chart from the picker by keyboard, as a keyboard user does: Enter opens the menu,
 * typing the name moves to it, Enter opens it.
 */
async function pickChart(page: Page, name: string) {
  await chartPicker(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Grow chart' })).toBeVisible();
  await page.keyboard.type(name);
  await expect(page.getByRole('menuitem', { name })).toBeFocused();
  await page.keyboard.press('Enter');
}

/** The order of the chart on the server: market names, and each market's audience names. */
async function serverOrder(api: GrowApi, id: number) {
  const chart = await api.chart(id);
  return chart.markets.map((m) => [m.name, m.sub_markets.map((a) => a.name)]);
}
const serverMarkets = async (api: GrowApi, id: number) => (await api.chart(id)).markets.map((m) => m.name);

async function addMarket(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Market' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Market' });
  await panel.getByLabel('Market name').fill(name);
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect(panel).toBeHidden();
  // Shown at once as Pending, then saved: this waits for the one saved column.
  await expect.poll(() => marketLabels(page, name)).toEqual([name]);
}

/** The accessible names of the columns called `name` (", Pending" while not saved). */
const marketLabels = (page: Page, name: string) =>
  chartArea(page).getByRole('group', { name: new RegExp(`^${escape(name)}(, Pending)?$`) }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
/** The accessible names of a market's tiles called `name`. */
const tileLabels = (page: Page, market: string, name: string) =>
  marketColumn(page, market).getByRole('button', { name: new RegExp(`^${escape(name)}, (Owned|Opportunity|None),`) }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

/** Adds an audience with a matched segment found through the picker's search. */
async function addAudience(page: Page, market: string, name: string, search: string, segment: string, population: string) {
  await page.getByRole('button', { name: `Add Audience to ${market}` }).click();
  const panel = page.getByRole('dialog', { name: `Add Audience to ${market}` });
  await panel.getByLabel('Audience name').fill(name);
  await panel.getByRole('button', { name: 'Select Matched Audience' }).click();
  await panel.getByLabel('Search matched audience').fill(search);
  await panel.getByRole('listbox', { name: 'Matched Audience results' }).getByRole('option', { name: new RegExp(`^${escape(segment)} `) }).getByRole('button').click();
  await expect(panel.getByText(segment, { exact: true })).toBeVisible();
  await panel.getByLabel('Audience Population').fill(population);
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect(panel).toBeHidden();
  // Shown at once as Pending, then saved: this waits for the one saved tile. (The labels are
  // compared as text: toEqual treats an asymmetric matcher the runner lacks as a hole, and [] would pass.)
  await expect.poll(async () => (await tileLabels(page, market, name)).map((l) => (l?.endsWith(', Pending') ? 'pending' : 'saved'))).toEqual(['saved']);
}

test('a chart is created, filled, reordered, filtered into insights, saved as an audience, copied and deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.admin);
  await page.goto(OWN_GROW);
  await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
  const api = await apiOf(page, OWN_CONTEXT);

  // Create: the chart opens once the server has named it.
  const name = unique('market map');
  // (The product starts with no chart: the empty state offers "Create chart" too.)
  await page.getByRole('group', { name: 'Chart actions' }).getByRole('button', { name: 'Create chart' }).click();
  const form = page.getByRole('dialog', { name: 'Create a Grow chart' });
  await form.getByLabel('Chart name').fill(name);
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`${OWN_GROW}/\\d+$`));
  await expect(chartPicker(page)).toContainText(name);
  await expect(chartArea(page)).toContainText('This chart has no markets yet.');
  const id = Number(/\/(\d+)$/.exec(page.url())![1]);

  // Edit mode: two markets and three audiences, each with a matched segment.
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  await addMarket(page, 'Coast');
  await addMarket(page, 'Inland');
  await addAudience(page, 'Coast', 'Gamers', 'Gaming', 'Interests > Entertainment > Gaming', '9800000');
  await addAudience(page, 'Coast', 'Healthy Eaters', 'Healthy Eating', 'Interests > Food > Healthy Eating', '12600000');
  await addAudience(page, 'Inland', 'Runners', 'Running', 'Interests > Sports > Running', '10500000');
  await expect(syncButton(page, 'All saved')).toBeVisible();
  expect(await serverOrder(api, id)).toEqual([['Coast', ['Gamers', 'Healthy Eaters']], ['Inland', ['Runners']]]);
  const segments = (await api.chart(id)).markets.flatMap((m) => m.sub_markets.map((a) => a.matched_short_id));
  expect(segments.every((s) => typeof s === 'number')).toBe(true);

  // Reorder by keyboard: a market to the right, an audience down.
  await moveByKeyboard(page, 'market', 'Coast', 'ArrowRight', 2);
  await expect.poll(() => marketOrder(page)).toEqual(['Inland', 'Coast']);
  // Quick edits are the next test's; here each reorder is checked on the server before the next.
  await expect.poll(() => serverMarkets(api, id)).toEqual(['Inland', 'Coast']);
  await expect(syncButton(page, 'All saved')).toBeVisible();
  await moveByKeyboard(page, 'audience', 'Gamers', 'ArrowDown', 2);
  await expect.poll(() => audienceOrder(page, 'Coast')).toEqual(['Healthy Eaters', 'Gamers']);
  await expect.poll(() => serverOrder(api, id)).toEqual([['Inland', ['Runners']], ['Coast', ['Healthy Eaters', 'Gamers']]]);
  await expect(syncButton(page, 'All saved')).toBeVisible();

  // Reorder by pointer: drag Inland onto Coast's place.
  await dragOnto(page, page.getByRole('button', { name: 'Move market Inland' }), page.getByRole('button', { name: 'Move market Coast' }));
  await expect.poll(() => marketOrder(page)).toEqual(['Coast', 'Inland']);
  await expect(syncButton(page, 'All saved')).toBeVisible();
  await expect.poll(() => serverMarkets(api, id)).toEqual(['Coast', 'Inland']);
  // Persisted: a reload draws the saved order.
  await page.reload();
  await expect(chartPicker(page)).toContainText(name);
  await expectCounts(page);
  await expect.poll(() => marketOrder(page)).toEqual(['Coast', 'Inland']);
  await expect.poll(() => audienceOrder(page, 'Coast')).toEqual(['Healthy Eaters', 'Gamers']);

  // View mode: select two audiences; the others dim, the filter bar names them.
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'View' }).click();
  const gamers = tile(page, 'Gamers');
  const runners = tile(page, 'Runners');
  await gamers.click();
  await runners.click();
  await expect(gamers).toHaveAttribute('aria-pressed', 'true');
  await expect(runners).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(page, 'Healthy Eaters')).toHaveAttribute('aria-pressed', 'false');
  const filters = page.getByRole('group', { name: 'Filters' });
  await expect(filters).toContainText('Coast > Gamers');
  await expect(filters).toContainText('Inland > Runners');
  await expect(page.getByRole('status').filter({ hasText: 'You have multiple Audiences selected. To view Insights, click on Show Insights' })).toBeVisible();

  // The insights of the selection: Person Level, from the count engine.
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  const insights = page.getByRole('region', { name: 'Insights' });
  await expect(insights.getByRole('tab', { name: 'Person Level' })).toHaveAttribute('aria-selected', 'true');
  await expect(insights).toContainText('Matched Addressable · 2 audiences selected');
  await expect(insights.getByText(/^People in the audience: [\d,]+$/)).toBeVisible({ timeout: 15_000 });
  const widget = insights.getByRole('region').first();
  await expect(widget.getByText(/[\d,]+ people in the audience/)).toBeVisible({ timeout: 15_000 });
  await expect(widget.getByRole('columnheader', { name: 'Index' })).toBeVisible();
  await expect(widget.getByRole('row')).not.toHaveCount(1);

  // Save Audience: the builder, then back on Grow; the server has the audience.
  await page.getByRole('button', { name: 'Save Audience' }).click();
  await expect(page).toHaveURL(/\/audiences\/builder\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Audience' })).toBeVisible();
  const builder = page.getByRole('form', { name: 'Save Audience' });
  await expect(builder.getByLabel('Name')).toHaveValue('Gamers + Runners');
  await expect(builder).toContainText('Interests > Entertainment > Gaming');
  await expect(builder.getByText(/^People in this audience: [\d,]+$/)).toBeVisible();
  const audienceName = unique('grow audience');
  await builder.getByLabel('Name').fill(audienceName);
  await builder.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`${OWN_GROW}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Grow' })).toBeVisible();
  await expect.poll(async () => (await api.recentAudiences()).map((a) => a.name)).toContain(audienceName);

  // Copy: the copy opens.
  await pickChart(page, name);
  await expect(chartPicker(page)).toContainText(name);
  await expect(page).toHaveURL(`${OWN_GROW}/${id}`);
  await page.getByRole('button', { name: 'Copy chart' }).click();
  await expect(chartPicker(page)).toContainText(`Copy of ${name}`);
  await expect(page).not.toHaveURL(`${OWN_GROW}/${id}`);
  const copyId = Number(/\/(\d+)$/.exec(page.url())![1]);
  expect(await serverOrder(api, copyId)).toEqual([['Coast', ['Healthy Eaters', 'Gamers']], ['Inland', ['Runners']]]);

  // Delete (confirmed): another chart shows, and the copy is gone from the server.
  await page.getByRole('button', { name: 'Delete chart' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete Copy of ${name}?` });
  await expect(confirm).toContainText('Deleting this chart removes it from Outcomes, the Grow Chart Selector and Past Timeframes.');
  await confirm.getByRole('button', { name: 'Delete chart' }).click();
  await expect(confirm).toBeHidden();
  await expect(chartPicker(page)).not.toContainText(`Copy of ${name}`);
  await expect(chartPicker(page)).not.toHaveText(/Choose a chart/);
  await expect(syncButton(page, 'All saved')).toBeVisible();
  expect(await api.chartStatus(copyId)).toBe(404);
  expect((await api.charts()).map((c) => c.name)).toContain(name);
});

// Decision 007 ("Catch-up at enqueue"): quick edits, a drag then another, never conflict with
// themselves. An edit made before the page takes in the previous edit's answer is built on the old
// version; the outbox remembers the entity's last applied version, so it is sent on the new one.
test('two reorders made quickly one after the other are both saved, with no conflict with oneself', async ({ page }) => {
  // Twelve keyboard moves, each waited for on the server: slow when the suite's own servers generate their demo data beside it.
  test.setTimeout(60_000);
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const chart = await chartWith(api, unique('quick edits'), [
    { name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming' }, { name: 'Healthy Eaters', segment: 'Healthy Eating' }] },
    { name: 'Inland', audiences: [{ name: 'Runners', segment: 'Running' }] },
  ]);
  await openChart(page, chart.id, chart.name);
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();

  // Rounds of a market move and an audience move, at the pace of a practised keyboard user.
  const there = { market: ['Coast', 'ArrowRight', 2], audience: ['Gamers', 'ArrowDown', 2], order: [['Inland', ['Runners']], ['Coast', ['Healthy Eaters', 'Gamers']]] } as const;
  const back = { market: ['Coast', 'ArrowLeft', 1], audience: ['Gamers', 'ArrowUp', 1], order: [['Coast', ['Gamers', 'Healthy Eaters']], ['Inland', ['Runners']]] } as const;
  const rounds = [there, back, there, back, there, back];
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this' });
  /** What the user ends up with: the conflict dialog about their own edit, or the order the server saved. */
  const outcome = async () => ((await conflict.isVisible()) ? `conflict: ${await conflict.getByRole('paragraph').first().textContent()}` : await serverOrder(api, chart.id));
  for (const round of rounds) {
    await moveByKeyboard(page, 'market', round.market[0], round.market[1], round.market[2]);
    await moveByKeyboard(page, 'audience', round.audience[0], round.audience[1], round.audience[2]);
    await expect.poll(outcome).toEqual(round.order);
  }
  await expect(syncButton(page, 'All saved')).toBeVisible();
  const saved = await api.chart(chart.id);
  // Twelve edits, each applied once on the version the one before made.
  expect(saved.version).toBe(chart.version + 2 * rounds.length);
});

// Decision 006: the view applies pending commands over the server data. Until e1e612f the page went on
// laying an answered "Add Market" over the server's chart (which has the market) for up to 250 ms, so
// the market showed twice, saved and "Pending"; this watches every state the columns go through.
test('a market added in edit mode shows once: as Pending, then saved, never twice', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const chart = await chartWith(api, unique('add once'), [{ name: 'Coast', audiences: [{ name: 'Gamers', segment: 'Gaming' }] }]);
  await openChart(page, chart.id, chart.name);
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
  // Every state of the chart's columns, as the user sees them, from here on.
  await page.evaluate(() => {
    const seen: string[][] = [];
    const record = () => {
      const labels = [...document.querySelectorAll('[aria-label="Chart"] [role="group"]')].map((e) => e.getAttribute('aria-label') ?? '');
      if (JSON.stringify(labels) !== JSON.stringify(seen.at(-1))) seen.push(labels);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    (window as unknown as { columnsSeen: string[][] }).columnsSeen = seen;
  });

  await page.getByRole('button', { name: 'Add Market' }).click();
  const panel = page.getByRole('dialog', { name: 'Add Market' });
  await panel.getByLabel('Market name').fill('Inland');
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect.poll(async () => (await api.chart(chart.id)).markets.map((m) => m.name)).toEqual(['Coast', 'Inland']);
  await expect(syncButton(page, 'All saved')).toBeVisible();
  await expect.poll(() => marketOrder(page)).toEqual(['Coast', 'Inland']);
  await expect.poll(() => marketLabels(page, 'Inland')).toEqual(['Inland']);

  const seen = await page.evaluate(() => (window as unknown as { columnsSeen: string[][] }).columnsSeen);
  // The watch saw the market come (else the check below would pass on nothing).
  expect(seen.some((labels) => labels.includes('Inland'))).toBe(true);
  const twice = seen.filter((labels) => labels.filter((l) => l.startsWith('Inland')).length > 1);
  expect(twice, `the columns the chart showed: ${JSON.stringify(seen)}`).toEqual([]);
});

// Every write answers the whole chart (decision 007), from which the outbox learns the chart's new
// version for the next edit. Such an answer once came back empty when it passed the compression
// threshold (a chart of ~20 audiences answers ~9 KB): the saved edit disappeared from the screen and
// the next edit went on the old version.
test('a chart of twenty audiences takes two edits in a row without a conflict', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const ten = (market: string) => Array.from({ length: 10 }, (_, i) => ({ name: `${market} audience ${i + 1}`, segment: `no such segment ${i}` }));
  const chart = await chartWith(api, unique('twenty audiences'), [{ name: 'North', audiences: ten('North') }, { name: 'South', audiences: ten('South') }]);
  const size = (await page.request.get(`/api/mekkos/${chart.id}`, { headers: { 'x-context': api.context, 'accept-encoding': 'identity' } }).then((r) => r.body())).length;
  expect(size, 'the chart as JSON, in bytes').toBeGreaterThan(8_500);
  const answers: string[] = [];
  page.on('response', async (r) => {
    if (r.request().method() === 'PUT') answers.push(`${r.status()} ${r.headers()['content-encoding'] ?? 'identity'}, ${(await r.body()).length} bytes`);
  });
  await openChart(page, chart.id, chart.name);
  await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();

  const rename = async (from: string, to: string) => {
    await page.getByRole('button', { name: `Edit market ${from}` }).click();
    const panel = page.getByRole('dialog', { name: `Edit market ${from}` });
    await panel.getByLabel('Market name').fill(to);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel).toBeHidden();
  };
  const conflict = page.getByRole('dialog', { name: 'Someone else changed this' });
  const outcome = async () => ((await conflict.isVisible()) ? 'conflict' : (await api.chart(chart.id)).markets.map((m) => m.name));

  await rename('North', 'North Coast');
  await expect.poll(outcome).toEqual(['North Coast', 'South']);
  await expect(syncButton(page, 'All saved')).toBeVisible();
  // The saved name stays on screen (an empty answer would leave the old chart).
  await expect(chartArea(page).getByRole('group', { name: 'North Coast', exact: true }), `the answers to the renames: ${JSON.stringify(answers)}`).toBeVisible();
  await rename('South', 'South Coast');
  await expect.poll(outcome, { message: `the answers to the renames: ${JSON.stringify(answers)}` }).toEqual(['North Coast', 'South Coast']);
  await expect(syncButton(page, 'All saved')).toBeVisible();
});
