import { TEXT } from '../../src/shared/constants';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { USERS, csrfOf, logInAs, unique } from './helpers';

const PRODUCT = '/acme/us/fizz-cola/fizz-original';
const CONTEXT = 'acme/us/fizz-cola/fizz-original';

interface Unit {
  id: number;
  name: string;
  url: string;
  version: number;
  status: boolean;
}

/** The API as another program sees it: the page's session cookie and CSRF token. */
async function apiOf(page: Page) {
  const headers = { 'x-csrf-token': await csrfOf(page), 'x-context': CONTEXT };
  const request: APIRequestContext = page.request;
  return {
    async units(): Promise<Unit[]> {
      const res = await request.get('/api/toolbox/units/type/all/client/acme', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Unit[] }).data;
    },
    async unit(id: number): Promise<Unit | undefined> {
      return (await this.units()).find((u) => u.id === id);
    },
    async create(name: string): Promise<Unit> {
      const res = await request.post('/api/toolbox/units', {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { name, url: `https://tools.example.com/${name}`, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false },
      });
      expect(res.status()).toBeLessThan(300);
      return ((await res.json()) as { data: Unit }).data;
    },
    async rename(unit: Unit, name: string): Promise<Unit> {
      const res = await request.put(`/api/toolbox/units/${unit.id}`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { name, url: unit.url, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false, status: true, version: unit.version },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Unit }).data;
    },
  };
}

/** Logs the admin in through the form, as a person does, and gives the API with that session. */
async function logInAsAdmin(page: Page) {
  await logInAs(page, USERS.admin);
  return apiOf(page);
}

const row = (page: Page, name: string) => page.getByRole('listitem', { name: `Unit ${name}` });

async function openToolbox(page: Page) {
  await page.goto(`${PRODUCT}/toolbox`);
  await expect(page.getByRole('heading', { level: 1, name: 'Toolbox' })).toBeVisible();
}

/** Edits one field of a unit through its dialog, as a person does. */
async function editUnit(page: Page, name: string, field: 'Name' | 'URL', value: string) {
  await row(page, name).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit unit ${name}` });
  await dialog.getByLabel(field).fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('an edit made offline shows as pending, survives a reload, and is applied once on reconnect', async ({ page, context }) => {
    const api = await logInAsAdmin(page);
    const unit = await api.create(unique('offline'));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await openToolbox(page);
    await expect(row(page, unit.name)).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toContainText(/data as of (\d\d\/\d\d\/\d\d )?\d{1,2}:\d\d\s[AP]M/);
    const url = `https://tools.example.com/${unit.name}/edited-offline`;
    await editUnit(page, unit.name, 'URL', url);
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();
    await expect(row(page, unit.name)).toContainText('Pending');
    await expect(row(page, unit.name)).toContainText(url);

    // A reload with no network: the shell, the page and the queued edit all come from the device.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Toolbox' })).toBeVisible();
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();
    await expect(row(page, unit.name)).toContainText(url);

    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 15_000 });
    await expect(row(page, unit.name)).not.toContainText('Pending');
    // Applied exactly once: one version up from the one the edit was based on.
    expect(await api.unit(unit.id)).toMatchObject({ url, version: unit.version + 1 });
  });
  test('after one online visit, an offline reload renders the shell, the context picker and the product home', async ({ page, context }) => {
    await logInAsAdmin(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(`${PRODUCT}/home`);
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${USERS.admin.name}` })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: `Hello ${USERS.admin.name}` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    const picker = page.getByRole('group', { name: 'Context' });
    await expect(picker.getByRole('combobox', { name: 'Client', exact: true })).toHaveValue('acme');
    await expect(picker.getByRole('combobox', { name: 'Product', exact: true })).toHaveValue('fizz-original');
    await expect(page.getByRole('heading', { name: 'Your Recent Audience Activity' })).toBeVisible();
    // Debian bookworm's Chromium 150 keeps navigator.onLine true after setOffline and a reload with
    // the service worker in charge: the top bar then says the server is unreachable, and dates the data either way.
    await expect(page.getByRole('status').filter({ hasText: /^(Offline|Server unreachable)/ })).toContainText('data as of');
    await context.setOffline(false);
  });

  test('"Make available offline" saves a context\'s screens, which then open with no network', async ({ page, context }) => {
    // Sixteen screens preloaded, then Grow's steps (issue 12): slow on a busy 2-core machine.
    test.setTimeout(150_000);
    await logInAsAdmin(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Another context than the one the login opened, whose toolbox this browser has never shown.
    await page.goto('/acme/uk/fizz-cola/fizz-original/home');
    await expect(page.getByRole('heading', { level: 1, name: /^Hello / })).toBeVisible();
    await page.getByRole('button', { name: 'All saved' }).click();
    await page.getByRole('button', { name: 'Make available offline' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Fizz Original is available offline: all \d+ steps done\.$/ })).toBeVisible({ timeout: 120_000 });
    await page.keyboard.press('Escape');

    await context.setOffline(true);
    await page.goto('/acme/uk/fizz-cola/fizz-original/toolbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Toolbox' })).toBeVisible();
    await expect(row(page, 'reach-planner')).toBeVisible();
    await context.setOffline(false);
  });

  test('logging out with unsent edits asks first, and "Stay" keeps them', async ({ page, context }) => {
    const api = await logInAsAdmin(page);
    const unit = await api.create(unique('logout'));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await openToolbox(page);
    await context.setOffline(true);
    await editUnit(page, unit.name, 'URL', `https://tools.example.com/${unit.name}/never-sent`);
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();

    const logout = async () => {
      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
    };
    await logout();
    const ask = page.getByRole('alertdialog', { name: 'Discard unsent edits?' });
    await expect(ask).toContainText('1 edit has not reached the server yet.');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();

    await logout();
    await ask.getByRole('button', { name: 'Log out and discard' }).click();
    await expect(page).toHaveURL(/\/login/);
    await context.setOffline(false);
    await logInAsAdmin(page);
    await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
    expect(await (await apiOf(page)).unit(unit.id)).toMatchObject({ url: unit.url, version: unit.version });
  });
});

test('an edit whose answer is lost is sent again under the same key and applied once', async ({ page }) => {
  const api = await logInAsAdmin(page);
  const unit = await api.create(unique('lost'));
  await openToolbox(page);

  // The first PUT reaches the server, but its answer never reaches the page.
  const keys: string[] = [];
  const replayed: string[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PUT') replayed.push(r.headers()['idempotent-replayed'] ?? 'no');
  });
  await page.route('**/api/toolbox/units/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    keys.push(route.request().headers()['x-request-id'] ?? '');
    if (keys.length === 1) {
      await route.fetch();
      return route.abort('connectionreset');
    }
    return route.fallback();
  });
  const url = `https://tools.example.com/${unit.name}/sent-twice`;
  await editUnit(page, unit.name, 'URL', url);
  // The lost answer leaves the edit pending until its retry, 0.5 to 1 s later.
  await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();
  await expect.poll(() => keys.length).toBe(2);
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  expect(keys[1]).toBe(keys[0]);
  expect(replayed).toContain('true');
  expect(await api.unit(unit.id)).toMatchObject({ url, version: unit.version + 1 });
});

test('an edit that conflicts with a newer version from another session brings up the choice', async ({ page, browser }) => {
  const api = await logInAsAdmin(page);
  const keep = await api.create(unique('keep'));
  const take = await api.create(unique('take'));
  await openToolbox(page);
  await expect(row(page, take.name)).toBeVisible();

  // Another session saves each unit after this page read it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherApi = await logInAsAdmin(otherPage);
  await otherApi.rename(keep, `${keep.name}-theirs`);

  await editUnit(page, keep.name, 'Name', `${keep.name}-mine`);
  const dialog = page.getByRole('dialog', { name: 'Someone else changed this' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^Name/ })).toContainText(`${keep.name}-mine`);
  await expect(dialog.getByRole('row', { name: /^Name/ })).toContainText(`${keep.name}-theirs`);
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  expect(await api.unit(keep.id)).toMatchObject({ name: `${keep.name}-mine`, version: keep.version + 2 });

  const theirs = await otherApi.rename(take, `${take.name}-theirs`);
  await other.close();
  await editUnit(page, take.name, 'Name', `${take.name}-mine`);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, theirs.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  expect(await api.unit(take.id)).toMatchObject({ name: theirs.name, version: theirs.version });
});

test('a refused edit is rolled back and the user is told why', async ({ page }) => {
  const api = await logInAsAdmin(page);
  const unit = await api.create(unique('refused'));
  await openToolbox(page);
  await expect(row(page, unit.name)).toBeVisible();
  // A name taken after this page read the list: only the server can refuse it.
  const taken = (await api.create(unique('taken'))).name;

  await editUnit(page, unit.name, 'Name', taken);
  // The reason, and that the edit is kept to change and send again (issue 27).
  await expect(page.getByText(`A unit named "${taken}" already exists. ${TEXT.refusalKept}`, { exact: true })).toBeVisible();
  await expect(row(page, unit.name)).toBeVisible();
  // A refused edit is not on its way: it needs the user.
  await page.getByRole('button', { name: '1 needs you' }).click();
  await expect(page.getByRole('list', { name: 'Pending edits' })).toContainText(`Not saved: A unit named "${taken}" already exists.`);
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('list', { name: 'Pending edits' })).toBeHidden();
  expect(await api.unit(unit.id)).toMatchObject({ name: unit.name, version: unit.version });
});

test('with two tabs open, an edit is sent once and both tabs show it', async ({ page, context }) => {
  const api = await logInAsAdmin(page);
  const unit = await api.create(unique('tabs'));
  const other = await context.newPage();
  await openToolbox(page);
  await openToolbox(other);
  await expect(row(other, unit.name)).toBeVisible();
  const puts: string[] = [];
  context.on('request', (r) => {
    if (r.method() === 'PUT') puts.push(r.headers()['x-request-id'] ?? '');
  });

  // Queued in one tab while the network is gone; both tabs try to send it when it returns.
  await context.setOffline(true);
  const url = `https://tools.example.com/${unit.name}/two-tabs`;
  await editUnit(page, unit.name, 'URL', url);
  await expect(other.getByRole('button', { name: '1 pending' })).toBeVisible();
  await context.setOffline(false);

  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'All saved' })).toBeVisible();
  await expect(row(other, unit.name)).toContainText(url);
  await expect(row(other, unit.name)).not.toContainText('Pending');
  expect(new Set(puts).size).toBe(1);
  expect(await api.unit(unit.id)).toMatchObject({ url, version: unit.version + 1 });
});

test('an edit queued while the login lapsed waits on the device, and goes once the same user logs in again', async ({ page, context }) => {
  const api = await logInAsAdmin(page);
  const unit = await api.create(unique('lapsed'));
  await openToolbox(page);
  await context.setOffline(true);
  const url = `https://tools.example.com/${unit.name}/after-login`;
  await editUnit(page, unit.name, 'URL', url);
  await expect(page.getByRole('button', { name: '1 pending' })).toBeVisible();

  // The server forgets the session while the browser is offline (it expired, or was ended elsewhere).
  await context.clearCookies();
  await context.setOffline(false);
  // The send is refused with 401: the user is sent to log in, and the edit stays queued.
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });

  await page.getByLabel('Email').fill(USERS.admin.email);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'All saved' })).toBeVisible({ timeout: 15_000 });
  expect(await (await apiOf(page)).unit(unit.id)).toMatchObject({ url, version: unit.version + 1 });
});
