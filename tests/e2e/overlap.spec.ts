import { expect, test, type Page } from '@playwright/test';
import { AUDIENCE_TEXT } from '../../src/shared/rules/audiences';
import { USERS, csrfOf, expectGreeting, logInAs, persistedQueryKeys, unique } from './helpers';
import { CONTEXT, PRODUCT, escape, waitForDemoData } from './grow-helpers';

/**
 * Issue 16, "How it is shown" (Overlap): the analyst compares three demo audiences, sees the
 * Venn and the UpSet bars with the server's counts, saves the comparison, reopens it from the
 * list, renames it and deletes it; an intersection of all three opens the builder with its rule.
 */

const OVERLAP = `${PRODUCT}/insights/overlap`;
const MEMBERS = ['Health-conscious Millennials', 'Lapsed Soda Buyers', 'Sports Fans 25-44'];

interface Result {
  counted_at: string;
  people: number;
  members: { name: string; count: number }[];
  regions: { in: number[]; count: number; index: number | null }[];
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(180_000);
  await waitForDemoData(playwright, testInfo);
});

const list = (page: Page) => page.getByRole('navigation', { name: 'Saved comparisons' });
const count = (n: number) => n.toLocaleString('en-US');

async function resultOf(page: Page, id: string): Promise<Result> {
  const res = await page.request.get(`/api/comparisons/${id}`, { headers: { 'x-context': CONTEXT } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { result: Result | null } };
  expect(body.data.result).not.toBeNull();
  return body.data.result!;
}

test('an overlap of three audiences: the Venn and the UpSet bars with their counts, saved, reopened, renamed and deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  await page.goto(OVERLAP);
  await expect(page.getByRole('heading', { level: 1, name: 'Overlap' })).toBeVisible();

  // Three saved audiences, picked as chips; Compare asks for a name first.
  const picker = page.getByRole('region', { name: 'Pick 2 to 4 to compare' });
  for (const name of MEMBERS) await picker.getByRole('button', { name: `Add ${name}`, exact: true }).click({ timeout: 20_000 });
  const chips = picker.getByRole('list', { name: 'Members to compare' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await picker.getByRole('button', { name: 'Compare' }).click();
  await expect(picker.getByRole('alert')).toHaveText('Name is required.');
  const name = unique('overlap');
  await picker.getByLabel('Comparison name').fill(name);
  // A double click makes one comparison, not two.
  await picker.getByRole('button', { name: 'Compare' }).dblclick();

  // Saved: the URL names it, and the counts are the server's.
  await expect(page).toHaveURL(new RegExp(`${escape(OVERLAP)}/\\d+$`), { timeout: 30_000 });
  await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(name)}`) })).toHaveCount(1);
  const id = page.url().split('/').pop()!;
  await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(name)}`) })).toHaveAttribute('aria-current', 'page');
  const result = await resultOf(page, id);
  expect(result.members.map((m) => m.name)).toEqual(MEMBERS);
  await expect(page.getByTestId('counted-at')).toHaveText(/^as of /);

  // The matrix: each member's size on the diagonal.
  for (const [i, m] of result.members.entries()) await expect(page.getByTestId(`matrix-${i}-${i}`)).toContainText(count(m.count));

  // The Venn: a drawing with a title, and a focusable mark per region it shows, with its numbers.
  const venn = page.getByRole('group', { name: `Proportional Venn of ${MEMBERS.join(', ')}` });
  await expect(venn).toBeVisible();
  await expect(venn.getByRole('img', { name: /^Proportional Venn diagram\./ })).toBeVisible();
  const all = result.regions.find((r) => r.in.length === 3)!;
  if (all.count > 0) await expect(venn.getByTestId('venn-region-0-1-2')).toHaveAccessibleName(new RegExp(`: ${escape(count(all.count))} (people|person), index`));

  // The UpSet bars: all seven exclusive intersections, largest first, each with its count and index.
  const upset = page.getByRole('group', { name: /^Exclusive intersections of/ });
  const bars = upset.locator('[data-testid^="upset-bar-"]');
  await expect(bars).toHaveCount(7);
  const maskOf = (r: { in: number[] }) => r.in.reduce((m, i) => m | (1 << i), 0);
  const sorted = [...result.regions].sort((a, b) => b.count - a.count || a.in.length - b.in.length || maskOf(a) - maskOf(b));
  await expect(bars.first()).toHaveAccessibleName(new RegExp(`: ${escape(count(sorted[0]!.count))} (people|person), index`));
  for (const r of result.regions) {
    const index = r.index === null ? '—' : r.index.toFixed(0);
    await expect(upset.getByTestId(`upset-bar-${r.in.join('-')}`)).toHaveAccessibleName(new RegExp(`: ${escape(count(r.count))} (people|person), index ${escape(index)}$`));
  }

  // Recount asks the server to count again, and the page shows the new counts' time.
  const recounted = page.waitForResponse((r) => r.url().endsWith(`/api/comparisons/${id}?recount=1`));
  await page.getByRole('button', { name: 'Recount' }).click();
  expect((await recounted).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Recount' })).toBeEnabled();
  expect(Date.parse((await resultOf(page, id)).counted_at)).toBeGreaterThan(Date.parse(result.counted_at));

  // An intersection one member of which has an exclusion of its own cannot exclude it: said, not offered.
  await upset.getByTestId('upset-bar-0').focus();
  await page.keyboard.press('Enter');
  const selection = page.getByRole('region', { name: 'Selected intersection' });
  await expect(selection).toContainText('cannot be written as an audience rule');
  await expect(selection.getByRole('button', { name: 'Save as audience' })).toHaveCount(0);
  // All three: the builder opens with their rules ANDed, and comes back here.
  await upset.getByTestId('upset-bar-0-1-2').click();
  await selection.getByRole('button', { name: 'Save as audience' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(PRODUCT)}/audiences/builder\\?`));
  const builderUrl = new URL(page.url());
  expect(builderUrl.searchParams.get('returnUrl')).toBe(`insights/overlap/${id}`);
  const rules = JSON.parse(builderUrl.searchParams.get('rules') ?? 'null') as { include: { and: number[][] }; exclude: number[] };
  // Millennials' two groups, Lapsed's one and Sports Fans' two; Lapsed's and Sports Fans' exclusions.
  expect(rules.include.and).toHaveLength(5);
  expect(rules.exclude.length).toBeGreaterThanOrEqual(1);

  // Reopened from the list.
  await page.goto(OVERLAP);
  await expect(page.getByRole('region', { name: 'Pick 2 to 4 to compare' })).toBeVisible();
  await list(page).getByRole('button', { name: new RegExp(`^${escape(name)}`) }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(OVERLAP)}/${id}$`));
  await expect(page.getByRole('group', { name: /^Exclusive intersections of/ }).locator('[data-testid^="upset-bar-"]')).toHaveCount(7);
  await expect(page.getByRole('region', { name: `Members of “${name}”` }).getByRole('list', { name: 'Members to compare' }).getByRole('listitem')).toHaveCount(3);

  // Renamed: the list, and the server after a reload.
  const renamed = `${name}-renamed`;
  await list(page).getByRole('button', { name: `Rename ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename comparison' });
  await dialog.getByLabel('Name').fill(renamed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(renamed)}`) })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get(`/api/comparisons/${id}`, { headers: { 'x-context': CONTEXT } })).json()) as { data: { name: string } }).data.name).toBe(renamed);
  await page.reload();
  await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(renamed)}`) })).toHaveAttribute('aria-current', 'page');

  // Deleted after a confirmation: gone from the list and the server, and the page leaves it.
  await list(page).getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete comparison' });
  await expect(confirm).toContainText(renamed);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(OVERLAP)}$`));
  await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(renamed)}`) })).toHaveCount(0);
  await expect.poll(async () => (await page.request.get(`/api/comparisons/${id}`, { headers: { 'x-context': CONTEXT } })).status()).toBe(404);
});

test('a segment and two personas: a persona of demographic values makes no audience; without it, Compare recounts the comparison and an intersection opens the builder', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAs(page, USERS.analyst);
  await expectGreeting(page, USERS.analyst.name);
  // The demo gives that persona its age values once the region's values are loaded.
  await expect.poll(async () => {
    const body = (await (await page.request.get('/api/personas', { headers: { 'x-context': CONTEXT } })).json()) as { data: { name: string; identifiers: { values: number[][] } | null }[] };
    return body.data.find((p) => p.name === 'Health-conscious Millennials')?.identifiers?.values.length ?? 0;
  }, { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(0);
  await page.goto(OVERLAP);
  const picker = page.getByRole('region', { name: 'Pick 2 to 4 to compare' });
  await picker.getByRole('tab', { name: 'Segments' }).click();
  await picker.getByLabel('Search segments').fill('Gaming');
  const gaming = picker.getByRole('button', { name: /^Add .*Gaming$/ }).first();
  await gaming.click({ timeout: 20_000 });
  await picker.getByRole('tab', { name: 'Personas' }).click();
  await picker.getByRole('button', { name: 'Add Outdoor Adventurers', exact: true }).click();
  await picker.getByRole('button', { name: 'Add Health-conscious Millennials', exact: true }).click();
  const chips = picker.getByRole('list', { name: 'Members to compare' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  const name = unique('overlap-mixed');
  await picker.getByLabel('Comparison name').fill(name);
  await picker.getByRole('button', { name: 'Compare' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(OVERLAP)}/\\d+$`), { timeout: 30_000 });

  // The persona with age values: no intersection is an audience, and the page says why.
  const upset = page.getByRole('group', { name: /^Exclusive intersections of/ });
  await upset.getByTestId('upset-bar-0-1').click();
  const selection = page.getByRole('region', { name: 'Selected intersection' });
  await expect(selection).toContainText(AUDIENCE_TEXT.nonSegments);
  await expect(selection.getByRole('button', { name: 'Save as audience' })).toHaveCount(0);

  // Without it: Compare saves the new members, the server counts them, and "Only" the segment excludes the persona's segments.
  const members = page.getByRole('region', { name: `Members of “${name}”` });
  await members.getByRole('button', { name: 'Remove Health-conscious Millennials' }).click();
  await members.getByRole('button', { name: 'Compare' }).click();
  await expect(upset.locator('[data-testid^="upset-bar-"]')).toHaveCount(3, { timeout: 30_000 });
  await upset.getByTestId('upset-bar-0').click();
  await selection.getByRole('button', { name: 'Save as audience' }).click();
  await expect(page).toHaveURL(new RegExp(`${escape(PRODUCT)}/audiences/builder\\?`));
  const rules = JSON.parse(new URL(page.url()).searchParams.get('rules') ?? 'null') as { include: { and: number[][] }; exclude: number[] };
  expect(rules.include.and).toHaveLength(1);
  // Outdoor Adventurers is one group of segments: each of them is excluded.
  const personas = (await (await page.request.get('/api/personas', { headers: { 'x-context': CONTEXT } })).json()) as { data: { name: string; identifiers: { include: { and: number[][] } } | null }[] };
  const outdoor = personas.data.find((p) => p.name === 'Outdoor Adventurers')!.identifiers!.include.and;
  expect(outdoor).toHaveLength(1);
  expect([...rules.exclude].sort()).toEqual([...outdoor[0]!].sort());
});

test.describe('offline', () => {
  // The app's service worker serves the shell on an offline reload (blocked in the other specs).
  test.use({ serviceWorkers: 'allow' });

  test('a comparison opened once opens offline with its last counts; a rename made offline is pending, then saved when the network is back', async ({ page, context }) => {
    test.setTimeout(90_000);
    await logInAs(page, USERS.analyst);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const headers = { 'x-context': CONTEXT, 'x-csrf-token': await csrfOf(page) };
    const listed = (await (await page.request.get('/api/audiences?page_size=200', { headers })).json()) as { data: { id: number; name: string }[] };
    const members = MEMBERS.slice(0, 2).map((n) => ({ kind: 'audience', id: listed.data.find((a) => a.name === n)!.id }));
    const name = unique('offline-overlap');
    const made = await page.request.post('/api/comparisons', { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data: { name, members } });
    expect(made.status(), await made.text()).toBe(200);
    const { data: comparison } = (await made.json()) as { data: { id: number; result: Result } };

    // Online, once: the comparison with its counts, kept on the device.
    await page.goto(`${OVERLAP}/${comparison.id}`);
    const upset = page.getByRole('group', { name: /^Exclusive intersections of/ });
    await expect(upset.locator('[data-testid^="upset-bar-"]')).toHaveCount(3);
    const both = comparison.result.regions.find((r) => r.in.length === 2)!;
    await expect(upset.getByTestId('upset-bar-0-1')).toHaveAccessibleName(new RegExp(`: ${escape(count(both.count))} (people|person), index`));
    const asOf = (await page.getByTestId('counted-at').textContent())!;
    await expect.poll(async () => (await persistedQueryKeys(page)).some((k) => k[0] === 'overlap' && k[2] === 'comparison' && k[3] === String(comparison.id))).toBe(true);

    // Offline, a reload: the list, the comparison and its counts come from the device, as of when they were counted.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('group', { name: `Proportional Venn of ${MEMBERS.slice(0, 2).join(', ')}` })).toBeVisible();
    await expect(upset.getByTestId('upset-bar-0-1')).toHaveAccessibleName(new RegExp(`: ${escape(count(both.count))} (people|person), index`));
    await expect(page.getByTestId('counted-at')).toHaveText(asOf);
    await expect(page.getByTestId(`matrix-0-0`)).toContainText(count(comparison.result.members[0]!.count));

    // A rename offline shows at once, pending; it reaches the server once the network is back.
    const renamed = `${name}-offline`;
    await list(page).getByRole('button', { name: `Rename ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename comparison' });
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(renamed)}.*Pending sync`) })).toBeVisible();
    await context.setOffline(false);
    await expect(list(page).getByRole('button', { name: new RegExp(`^${escape(renamed)}`) })).not.toContainText('Pending sync', { timeout: 15_000 });
    await expect.poll(async () => ((await (await page.request.get(`/api/comparisons/${comparison.id}`, { headers })).json()) as { data: { name: string } }).data.name).toBe(renamed);
  });
});
