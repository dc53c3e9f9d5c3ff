import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { CATEGORY_MESSAGES, categoryTitle } from '../../src/shared/rules/toolbox';
import { USERS, csrfOf, logInAs, unique } from './helpers';

const PRODUCT = '/acme/us/fizz-cola/fizz-original';
// The test unit is served over https (the product only frames https), with a throwaway certificate.
test.use({ ignoreHTTPSErrors: true });

async function apiOf(page: Page) {
  const headers = { 'x-csrf-token': await csrfOf(page), 'x-context': 'acme' };
  const write = async (method: 'post' | 'put', url: string, data: object) => {
    const res = await page.request[method](url, { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { data: { id: number; name: string } }).data;
  };
  return {
    category: (name: string) => write('post', '/api/toolbox/categories', { name }),
    unit: (name: string, url: string, category: string | null, iframed = false) =>
      write('post', '/api/toolbox/units', { name, url, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: category, iframed }),
  };
}

/** The headings of these categories, in the order the page shows them. */
async function orderOf(page: Page, titles: string[]) {
  const shown = await page.getByRole('heading', { level: 2 }).allTextContents();
  return shown.filter((t) => titles.includes(t));
}

/** Waits for the reorder the action starts to be saved. */
async function saved(page: Page, action: () => Promise<void>) {
  const put = page.waitForResponse((r) => /\/api\/toolbox\/categories\/\d+\/bulk$/.test(r.url()) && r.request().method() === 'PUT');
  await action();
  expect((await put).status()).toBe(200);
}

test('an admin adds, reorders by drag and by keyboard, renames and deletes toolbox categories', async ({ page }) => {
  await logInAs(page, USERS.admin);
  const api = await apiOf(page);
  const names = ['one', 'two', 'three'].map((n) => unique(`cat-${n}`));
  for (const name of names) await api.category(name);
  const [one, two, three] = names.map(categoryTitle) as [string, string, string];
  const unitName = unique('unit');
  await api.unit(unitName, 'https://tools.example.com/x', names[0] as string);
  await page.goto(`${PRODUCT}/toolbox`);
  await expect(page.getByRole('heading', { level: 2, name: three })).toBeVisible();
  expect(await orderOf(page, [one, two, three])).toEqual([one, two, three]);

  // Keyboard drag: space picks the handle up, an arrow moves it one place, space drops it.
  const handle = (title: string) => page.getByRole('button', { name: `Drag category ${title}` });
  await handle(one).focus();
  await saved(page, async () => {
    await page.keyboard.press('Space');
    await expect(handle(one)).toHaveAttribute('aria-pressed', 'true');
    // Announced where it is, then where it moves to; then dropped.
    const over = page.getByText(new RegExp(`^Category ${one} is over position \\d+ of`));
    const position = async () => Number(/position (\d+)/.exec((await over.textContent()) ?? '')?.[1]);
    await expect(over).toBeAttached();
    const start = await position();
    await page.keyboard.press('ArrowDown');
    await expect.poll(position).toBe(start + 1);
    await page.keyboard.press('Space');
  });
  expect(await orderOf(page, [one, two, three])).toEqual([two, one, three]);

  // Move up by keyboard on the button: announced.
  await page.getByRole('button', { name: `Move ${three} up` }).focus();
  await saved(page, () => page.keyboard.press('Enter'));
  await expect(page.getByRole('status').filter({ hasText: `Category ${three} moved to position` })).toBeAttached();
  expect(await orderOf(page, [one, two, three])).toEqual([two, three, one]);

  // Pointer drag: the handle of 'one' onto 'two'.
  const from = await handle(one).boundingBox();
  const to = await handle(two).boundingBox();
  if (!from || !to) throw new Error('handles not laid out');
  await saved(page, async () => {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 5, { steps: 15 });
    await page.mouse.up();
  });
  expect(await orderOf(page, [one, two, three])).toEqual([one, two, three]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: three })).toBeVisible();
  expect(await orderOf(page, [one, two, three])).toEqual([one, two, three]);

  // Rename: the heading follows.
  const renamed = unique('cat-renamed');
  await page.getByRole('button', { name: `Rename ${two}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Category name').fill(renamed);
  await dialog.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 2, name: categoryTitle(renamed) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: two })).toHaveCount(0);

  // Deletion is refused while the category holds a unit, with the server's words.
  await page.getByRole('button', { name: `Delete category ${one}` }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(CATEGORY_MESSAGES.inUse(names[0] as string, 1));
  await confirm.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('heading', { level: 2, name: one })).toBeVisible();
  // An empty one goes.
  await page.getByRole('button', { name: `Delete category ${three}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 2, name: three })).toHaveCount(0);
  // Once its unit is deleted (confirmed in its own dialog), the first one goes too, even when the
  // unit's delete (sent through the outbox) is answered slowly: the category's waits for it.
  await page.route(/\/api\/toolbox\/units\/\d+/, async (route) => {
    if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const unit = page.getByRole('listitem', { name: `Unit ${unitName}` });
  await unit.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: `Delete unit ${unitName}?` }).getByRole('button', { name: 'Delete' }).click();
  await expect(unit).toHaveCount(0);
  await page.getByRole('button', { name: `Delete category ${one}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { level: 2, name: one })).toHaveCount(0);
});

/** A throwaway certificate for localhost, made with openssl once; its files are removed whatever happens. */
let pair: { key: Buffer; cert: Buffer } | undefined;
function certificate() {
  if (pair) return pair;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unit-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    pair = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
    return pair;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Records every message the page receives (origin and data) and can ask its parent for a token. */
const RECORDER = `<script>
window.received = [];
addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
window.ask = () => window.top.postMessage({ type: 'request-sso-token' }, '*');
</script>`;

async function serve(html: (origins: string[]) => string, origins: string[]) {
  const server = https.createServer(certificate(), (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(html(origins));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { server, origin: `https://localhost:${(server.address() as AddressInfo).port}` };
}

interface Received { origin: string; data: { type?: string; token?: string; validationUrl?: string; product?: string } }
const receivedBy = (frame: Frame) => frame.evaluate(() => (window as unknown as { received: Received[] }).received);
const ofType = (list: Received[], type: string) => list.filter((m) => m.data?.type === type);

test('an embedded unit gets its context and a token it can validate, from the product only, and asks for more', async ({ page, baseURL }) => {
  // Another origin, framed inside the unit: its token requests must get no answer.
  const foreign = await serve(() => `<!doctype html><title>foreign</title>${RECORDER}`, []);
  const unitServer = await serve(([f]) => `<!doctype html><title>unit</title>${RECORDER}<iframe src="${f}/foreign.html"></iframe>`, [foreign.origin])
    .catch((error: unknown) => { foreign.server.close(); throw error; });
  try {
    await logInAs(page, USERS.admin);
    const name = unique('sso-unit');
    await (await apiOf(page)).unit(name, `${unitServer.origin}/unit.html`, null, true);
    await page.goto(`${PRODUCT}/toolbox-app/${name}`);
    const unitFrame = () => page.frames().find((f) => f.url().startsWith(unitServer.origin));
    await expect.poll(async () => ofType((await unitFrame()?.evaluate(() => (window as unknown as { received: Received[] }).received)) ?? [], 'sso').length).toBeGreaterThan(0);
    const frame = unitFrame() as Frame;
    const first = await receivedBy(frame);
    const product = new URL(baseURL as string).origin;
    expect(first.every((m) => m.origin === product)).toBe(true);
    expect(ofType(first, 'clientContextChange')[0]?.data).toEqual({ type: 'clientContextChange', client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' });
    const sso = ofType(first, 'sso')[0]?.data;
    expect(sso?.validationUrl).toBe(`${product}/api/auth/sso-token/validate`);

    // The unit's server checks the token.
    const check = await fetch(`${sso?.validationUrl}?token=${encodeURIComponent(sso?.token ?? '')}`);
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ data: { valid: true, user: { email: USERS.admin.email }, context: { client: 'acme', product: 'fizz-original' } } });

    // The unit asks: a fresh token. Another origin asks: nothing, to either.
    await frame.evaluate(() => (window as unknown as { ask(): void }).ask());
    await expect.poll(async () => ofType(await receivedBy(frame), 'sso').length).toBe(ofType(first, 'sso').length + 1);
    const foreignFrame = page.frames().find((f) => f.url().startsWith(foreign.origin)) as Frame;
    await foreignFrame.evaluate(() => (window as unknown as { ask(): void }).ask());
    await page.waitForTimeout(1_000);
    expect(ofType(await receivedBy(frame), 'sso').length).toBe(ofType(first, 'sso').length + 1);
    expect(await receivedBy(foreignFrame)).toEqual([]);

    // A context change sends the context again.
    await page.getByRole('combobox', { name: 'Product', exact: true }).selectOption({ label: 'Fizz Zero' });
    await expect(page).toHaveURL(new RegExp(`/acme/us/fizz-cola/fizz-zero/toolbox-app/${name}$`));
    await expect.poll(async () => {
      const now = unitFrame();
      return now ? ofType(await receivedBy(now), 'clientContextChange').map((m) => m.data.product) : [];
    }).toContain('fizz-zero');

    // Logged out, a token request only warns in the console.
    const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('no user is logged in'));
    await page.context().clearCookies();
    await (unitFrame() as Frame).evaluate(() => (window as unknown as { ask(): void }).ask());
    await warned;
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  } finally {
    // closeAllConnections: the browser's keep-alive connections would hold close() open.
    for (const { server } of [unitServer, foreign]) {
      server.close();
      server.closeAllConnections();
    }
  }
});
