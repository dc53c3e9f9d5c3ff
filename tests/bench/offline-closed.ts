/**
 * npm run bench:offline-closed: issue 27 item 12's figure, in a real Chromium (a persistent
 * profile, as an installed app has) against a server that is really stopped. An edit is queued
 * while the server is gone, the app's page is closed (the browser keeps running), the server
 * comes back `AWAY_S` seconds later: the time from its return (its health check answers) to the
 * edit applied on the server, sent by the service worker's Background Sync alone.
 * Then a report finishes with the page closed: the time from its completion to its notification,
 * with Periodic Background Sync fired through DevTools at the completion (Chromium itself fires it
 * at most every 12 hours, for an installed app it grants it to: that wait is the browser's).
 */
import { expect, type BrowserContext } from '@playwright/test';
import { ensureClientBuilt } from '../../scripts/client-build';
import { freshProfileDir, launchProfile, startOwnServer, waitForOwnDemoData, type OwnServer } from '../e2e/own-server';
import { fmt, logIn, outboxLeft } from './lib';

const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const GROW = `/${CONTEXT}/insights/grow`;
/** How long the server stays away after the edit (the sync event watches 160 s; Chromium ends it at 180 s). */
const AWAY_S = Number(process.env.AWAY_S ?? 60);

interface ChartCopy {
  id: number;
  markets: { id: number; name: string }[];
}

/**
 * A report the worker saw in progress finishes while the app's page is closed; Periodic Background
 * Sync is fired through DevTools (ServiceWorker.dispatchPeriodicSyncEvent) at the completion. The
 * notification's own timestamp says when it was raised.
 */
async function reportNotification(browser: BrowserContext, baseURL: string): Promise<number> {
  let status = 'processing';
  const report = () => ({
    data: [{
      id: 41, report_type: 'index_report', status, name: 'Fizz buyers', ui_name: 'Fizz buyers', created_at: '2026-01-02T10:00:00Z',
      downloaded_at: null, read_at: null, product_slug: CONTEXT, request_id: 'r41', job_id: null, error: null,
    }],
  });
  let polls = 0;
  await browser.route('**/api/notifications', (route) => {
    polls += 1;
    return route.fulfill({ json: report() });
  });
  await browser.grantPermissions(['notifications']);
  const page = await browser.newPage();
  await page.goto(`/${CONTEXT}/home`);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'Allow desktop notifications' }).click();
  await page.getByText('IN-PROGRESS: Fizz buyers').waitFor({ timeout: 15_000 });
  // The worker's poll (5 s after a load) sees it in progress and remembers whom to poll for.
  const before = polls;
  await page.reload();
  await expect.poll(() => polls, { timeout: 20_000 }).toBeGreaterThan(before);
  await page.close();

  const blank = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  status = 'completed';
  const completedAt = Date.now();
  await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', { origin: new URL(baseURL).origin, registrationId: id, tag: 'poll-tasks' });
  // Read afterwards, from a page of the app: the notification's timestamp is when it was raised.
  await new Promise((r) => setTimeout(r, 5_000));
  const check = await browser.newPage();
  await check.goto('/offline-check-not-a-route', { waitUntil: 'commit' }).catch(() => undefined);
  const raisedAt = await check.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const found = (await registration?.getNotifications()) ?? [];
    const raised = found.find((n) => n.title.startsWith('Index report ready')) as (Notification & { timestamp?: number }) | undefined;
    return raised?.timestamp ?? null;
  });
  return raisedAt === null ? NaN : raisedAt - completedAt;
}

async function main() {
  ensureClientBuilt();
  let server: OwnServer | null = null;
  let browser: BrowserContext | null = null;
  try {
    server = await startOwnServer('bench-offline-closed');
    await waitForOwnDemoData(server);
    browser = await launchProfile(freshProfileDir('bench-offline-closed'), server.baseURL);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await logIn(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const headers = { 'x-context': CONTEXT };
    const charts = (await (await browser.request.get('/api/mekkos', { headers })).json()) as { data: { id: number; default: boolean }[] };
    const chartId = (charts.data.find((c) => c.default) ?? charts.data[0])!.id;
    const chart = async () => ((await (await browser!.request.get(`/api/mekkos/${chartId}`, { headers })).json()) as { data: ChartCopy }).data;
    await page.goto(`${GROW}/${chartId}`);
    await page.getByRole('group', { name: 'Chart mode' }).getByRole('button', { name: 'Edit' }).click();
    const renamed = `Closed-page edit ${Date.now().toString(36)}`;

    await server.stop();
    await page.getByRole('button', { name: /^Edit market / }).first().click();
    const panel = page.getByRole('dialog', { name: /^Edit market / });
    await panel.getByLabel('Market name').fill(renamed);
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.waitFor({ state: 'hidden' });
    if ((await outboxLeft(page)) !== 1) throw new Error('expected 1 queued edit');
    const queuedAt = performance.now();
    // The app's page closes; the browser keeps running (with an empty tab of no site).
    await browser.newPage();
    await page.close();

    while (performance.now() - queuedAt < AWAY_S * 1000) await new Promise((r) => setTimeout(r, 250));
    await server.start();
    const back = performance.now();
    let appliedMs = NaN;
    while (performance.now() - back < 600_000) {
      if ((await chart().catch(() => null))?.markets.some((m) => m.name === renamed)) {
        appliedMs = performance.now() - back;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const notifyMs = await reportNotification(browser, server.baseURL);
    console.log('\nA closed app (issue 27 item 12): the page closed, the browser running');
    console.log(`  edit queued, server away ${AWAY_S} s, then back -> edit applied by the worker alone: ${Number.isNaN(appliedMs) ? 'not within 600 s' : `${fmt(appliedMs / 1000, 1)} s`}`);
    console.log(`  report completed -> its notification, periodic sync fired at the completion: ${Number.isNaN(notifyMs) ? 'no notification' : `${fmt(notifyMs, 0)} ms`} (the browser fires it at most every 12 h)`);
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

await main();
