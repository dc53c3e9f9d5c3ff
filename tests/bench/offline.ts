/**
 * npm run bench:offline: the offline core's figures (issue 4), in a real Chromium against the real server.
 *  1. an offline reload to the rendered product home (target <= 1 s), beside the same reload online;
 *  2. the drain of 500 queued edits (50 units x 10 chained edits) after reconnecting (target
 *     <= 10 s, 0 duplicates), beside the same 500 writes sent straight from the page;
 *  3. "Make available offline" for the demo product (issue 12), once its region's data is ready:
 *     time to the final statement, steps, bytes the API answered and bytes held on the device.
 *     Needs the sync panel to render features/shell/make-available-offline.tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page, type Response } from '@playwright/test';
import { ensureClientBuilt } from '../../scripts/client-build';
import { ROOT, fmt, median, outboxLeft, startProcess, stop, waitHealthy } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-offline-data');
const PORT = 8297;
const BASE = `http://127.0.0.1:${PORT}`;
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const HOME = `${BASE}/${CONTEXT}/home`;
const RELOADS = 11;
const UNITS = 50;
const EDITS_PER_UNIT = 10;

const greeting = (page: Page) => page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor({ timeout: 20_000 });

async function timedReloads(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RELOADS; i++) {
    const t0 = performance.now();
    await page.reload({ waitUntil: 'commit' });
    await greeting(page);
    times.push(performance.now() - t0);
  }
  return times;
}

interface Unit {
  id: number;
  name: string;
  url: string;
  version: number;
}

/** The API with the page's session (cookie and CSRF token). */
async function api(page: Page) {
  const csrf = (await page.evaluate(() => localStorage.getItem('csrfToken'))) ?? '';
  const headers = { 'x-csrf-token': csrf, 'x-context': CONTEXT };
  return {
    headers,
    async create(name: string): Promise<Unit> {
      const res = await page.request.post(`${BASE}/api/toolbox/units`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { name, url: `https://tools.example.com/${name}`, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false },
      });
      if (!res.ok()) throw new Error(`create ${name}: ${res.status()} ${await res.text()}`);
      return ((await res.json()) as { data: Unit }).data;
    },
    async units(): Promise<Unit[]> {
      const res = await page.request.get(`${BASE}/api/toolbox/units/type/all/client/acme`, { headers });
      return ((await res.json()) as { data: Unit[] }).data;
    },
  };
}

const body = (unit: Unit, k: number) => ({
  name: unit.name, url: `https://tools.example.com/${unit.name}/edit-${k}`, region_ids: ['all'],
  use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false, status: true,
});

/** Puts 500 commands in the device's outbox as an offline session would have left them. */
async function queueEdits(page: Page, units: Unit[]) {
  const commands = units.flatMap((unit, u) => Array.from({ length: EDITS_PER_UNIT }, (_, k) => ({
    id: crypto.randomUUID(), entity: 'toolbox_unit', entityId: String(unit.id), baseVersion: unit.version,
    createdAt: 1_000 + k * UNITS + u, state: 'pending', attempts: 0, nextAttemptAt: null,
    method: 'PUT', path: `/api/toolbox/units/${unit.id}`, body: body(unit, k), context: CONTEXT, label: `Edit unit ${unit.name}`, error: null,
  })));
  await page.evaluate(async (rows) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('audience-insights');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const meta = await new Promise<{ value: number }>((resolve) => {
      const get = db.transaction('meta').objectStore('meta').get('userId');
      get.onsuccess = () => resolve(get.result as { value: number });
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('outbox', 'readwrite');
      for (const row of rows) tx.objectStore('outbox').put({ ...row, userId: meta.value });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, commands);
}


/** The same 500 writes straight from the page: each unit's edits in order, 6 units at a time (the outbox's concurrency). */
async function directWrites(page: Page, units: Unit[], headers: Record<string, string>): Promise<number> {
  // tsx names inner functions with a __name helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  const t0 = performance.now();
  await page.evaluate(async ({ units, headers, edits }) => {
    const queue = [...units];
    const worker = async () => {
      for (let unit = queue.shift(); unit; unit = queue.shift()) {
        let version = unit.version;
        for (let k = 0; k < edits; k++) {
          const res = await fetch(`/api/toolbox/units/${unit.id}`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() },
            body: JSON.stringify({ name: unit.name, url: `https://tools.example.com/${unit.name}/direct-${k}`, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false, status: true, version }),
          });
          version = ((await res.json()) as { data: { version: number } }).data.version;
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
  }, { units, headers, edits: EDITS_PER_UNIT });
  return performance.now() - t0;
}

/** Waits until the demo data of acme/us answers counts (generated in the background after a first start). */
async function waitForDemoData(page: Page) {
  const until = performance.now() + 150_000;
  while (performance.now() < until) {
    const res = await page.request.get(`${BASE}/api/data-status`);
    const body = res.ok() ? ((await res.json()) as { data: { client: string; region: string; state: string }[] }) : { data: [] };
    if (body.data.some((d) => d.client === 'acme' && d.region === 'us' && d.state === 'ready')) return;
    await page.waitForTimeout(1_000);
  }
  throw new Error('the demo data of acme/us was not ready within 150 s');
}

/** What the sync panel's list says the context holds, worked out the same way from the device (bytes of JSON). */
async function heldBytes(page: Page) {
  // tsx names inner functions with a __name helper the page does not have.
  await page.evaluate('globalThis.__name = (f) => f');
  return page.evaluate((context) => new Promise<{ queries: number; queryBytes: number; rowBytes: number }>((resolve, reject) => {
    const open = indexedDB.open('audience-insights');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['queryCache', 'charts', 'meta']);
      const cache = tx.objectStore('queryCache').get('client');
      const charts = tx.objectStore('charts').getAll();
      const meta = tx.objectStore('meta').getAll();
      tx.oncomplete = () => {
        const size = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;
        const row = cache.result as { value?: { clientState?: { queries?: { queryKey: unknown[] }[] } } } | undefined;
        const queries = (row?.value?.clientState?.queries ?? []).filter((q) => q.queryKey[1] === context);
        const ours = (scope: string) => scope === context || scope.startsWith(`${context}#`);
        const rows = (charts.result as { scope: string }[]).filter((r) => ours(r.scope));
        const markers = (meta.result as { key: string }[]).filter((m) => m.key === `offline|${context}` || (m.key.startsWith('charts|') && ours(m.key.slice('charts|'.length))));
        db.close();
        resolve({ queries: queries.length, queryBytes: queries.reduce((n, q) => n + size(q), 0), rowBytes: size(rows) + size(markers) });
      };
      tx.onerror = () => reject(tx.error);
    };
  }), CONTEXT);
}

/** "Make available offline" for the product, from its home: the time to the final statement, its steps and bytes. */
async function makeAvailable(page: Page) {
  await page.goto(HOME);
  await greeting(page);
  await page.getByRole('button', { name: /^(All saved|\d+ pending)$/ }).click();
  const panel = page.locator('.sync-panel');
  const start = panel.getByRole('button', { name: 'Make available offline' });
  await start.waitFor();
  let answered = 0;
  let requests = 0;
  const count = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    requests++;
    void response.body().then((b) => (answered += b.length)).catch(() => undefined);
  };
  page.on('response', count);
  const t0 = performance.now();
  await start.click();
  const status = panel.getByRole('status');
  await status.filter({ hasText: /(available offline: all|only partly available offline|could be saved)/ }).waitFor({ timeout: 300_000 });
  const ms = performance.now() - t0;
  page.off('response', count);
  const statement = (await status.textContent()) ?? '';
  const held = (await panel.getByRole('list', { name: 'Saved for offline use' }).getByRole('listitem').first().textContent()) ?? '';
  return { ms, statement, held, requests, answered, device: await heldBytes(page) };
}

async function main() {
  ensureClientBuilt();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const server = startProcess(['scripts/start.ts'], { DATA_DIR, PORT: String(PORT), DEMO_PEOPLE: '50000', DEMO_SEGMENTS: '120' });
  await waitHealthy(`${BASE}/api/api-gateway-health-check`, performance.now(), 120_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await greeting(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto(HOME);
    await greeting(page);

    // 1. Reload to the rendered home, online then offline.
    const online = await timedReloads(page);
    // The persisted cache is written at most once a second.
    await page.waitForTimeout(1_500);
    await context.setOffline(true);
    const offline = await timedReloads(page);
    await context.setOffline(false);

    // 2. The drain of 500 queued edits.
    const client = await api(page);
    const stamp = Date.now().toString(36);
    const queued = await Promise.all(Array.from({ length: UNITS }, (_, i) => client.create(`bench-${stamp}-q${i}`)));
    const direct = await Promise.all(Array.from({ length: UNITS }, (_, i) => client.create(`bench-${stamp}-d${i}`)));
    await page.goto(`${BASE}/${process.env.DRAIN_PAGE ?? `${CONTEXT}/toolbox`}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.setOffline(true);
    await queueEdits(page, queued);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT') sent.push(r.headers()['x-request-id'] ?? '');
    });
    const t0 = performance.now();
    await context.setOffline(false);
    while ((await outboxLeft(page)) > 0) {
      if (performance.now() - t0 > 120_000) throw new Error('the outbox did not drain within 120 s');
      await page.waitForTimeout(20);
    }
    const drainMs = performance.now() - t0;
    const after = new Map((await client.units()).map((u) => [u.id, u]));
    const wrong = queued.filter((u) => {
      const now = after.get(u.id);
      return now?.version !== u.version + EDITS_PER_UNIT || now.url !== body(u, EDITS_PER_UNIT - 1).url;
    });
    const duplicates = sent.length - new Set(sent).size;
    const requests = sent.length;
    const directMs = await directWrites(page, direct, client.headers);

    // 3. "Make available offline" for the demo product, its region's data ready (no 503 waits in the figure).
    await waitForDemoData(page);
    const available = await makeAvailable(page);

    const onlineMs = median(online);
    const offlineMs = median(offline);
    console.log('\nOffline core (issue 4)');
    console.log(`  reload to rendered home, online:   median ${fmt(onlineMs, 0)} ms (min ${fmt(Math.min(...online), 0)}, max ${fmt(Math.max(...online), 0)}; ${RELOADS} reloads)`);
    console.log(`  reload to rendered home, offline:  median ${fmt(offlineMs, 0)} ms (min ${fmt(Math.min(...offline), 0)}, max ${fmt(Math.max(...offline), 0)}); ${fmt(offlineMs / onlineMs, 2)}x online; target <= 1000 ms: ${offlineMs <= 1000 ? 'met' : 'MISSED'}`);
    console.log(`  drain of ${UNITS * EDITS_PER_UNIT} queued edits:      ${fmt(drainMs, 0)} ms; ${requests} requests, ${duplicates} resent keys, ${wrong.length} units not at version+${EDITS_PER_UNIT}; target <= 10000 ms and 0 duplicates: ${drainMs <= 10_000 && wrong.length === 0 ? 'met' : 'MISSED'}`);
    console.log(`  the same writes straight from the page: ${fmt(directMs, 0)} ms; the outbox takes ${fmt(drainMs / directMs, 2)}x`);
    console.log(`  "Make available offline", ${CONTEXT}: ${fmt(available.ms, 0)} ms; ${available.requests} API requests answering ${fmt(available.answered / 1024)} KB`);
    console.log(`    says: ${available.statement}`);
    console.log(`    held on the device: ${fmt((available.device.queryBytes + available.device.rowBytes) / 1024)} KB (${available.device.queries} persisted queries ${fmt(available.device.queryBytes / 1024)} KB, chart rows and markers ${fmt(available.device.rowBytes / 1024)} KB); the panel lists "${available.held.replace(/Remove$/, '').trim()}"`);
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
