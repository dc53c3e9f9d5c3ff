/**
 * npm run bench: prints the foundation's figures in one run.
 *  1. start-up to the first healthy answer on an existing data directory (target < 3 s);
 *  2. gzipped JavaScript the shell route loads (target < 200 KB since the offline core, decision 006);
 *  3. GET /api/clients/hierarchy latency at 200 requests/s for 30 s, beside a bare Fastify route
 *     answering the same body under the same load.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { chromium, type Page } from '@playwright/test';
import { ensureClientBuilt } from '../../scripts/client-build';
import { ROOT, fmt, median, startProcess, stop, waitHealthy } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-data');
const PORT = 8299;
const BARE_PORT = 8298;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = 200;

async function startupFigure(): Promise<number[]> {
  const env = { DATA_DIR, PORT: String(PORT) };
  // First run creates and seeds the directory; it is not what we measure.
  const first = startProcess(['scripts/start.ts'], env);
  await waitHealthy(`${BASE}/api/api-gateway-health-check`, performance.now(), 120_000);
  await stop(first);
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const child = startProcess(['scripts/start.ts'], env);
    times.push(await waitHealthy(`${BASE}/api/api-gateway-health-check`, t0));
    await stop(child);
  }
  return times;
}

interface JsFigure {
  total: number;
  files: { url: string; gz: number }[];
}

/** Every script a page loads, gzipped at level 9 (what a cold visit downloads). */
function collectScripts(page: Page): () => JsFigure {
  const scripts = new Map<string, number>();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script') return;
    const body = await res.body().catch(() => null);
    if (body) scripts.set(res.url(), zlib.gzipSync(body, { level: 9 }).length);
  });
  return () => {
    const files = [...scripts].map(([url, gz]) => ({ url: url.replace(BASE, ''), gz }));
    return { total: files.reduce((sum, f) => sum + f.gz, 0), files };
  };
}

/**
 * Cold loads in fresh browser contexts: the login page; the shell around the health page, which
 * is part of the shell (every feature page loads its own code; the last empty one, Customer Value,
 * became a page in issue 32), so the figure is the shell's; and the product home, whole.
 */
async function shellJsFigure(): Promise<{ login: JsFigure; shell: JsFigure; home: JsFigure }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  const first = await browser.newContext({ serviceWorkers: 'block' });
  const page = await first.newPage();
  const login = collectScripts(page);
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const loginFigure = login();
  await page.getByLabel('Email').fill('analyst@acme.test');
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: /^Hello / }).waitFor({ timeout: 20_000 });
  const homeUrl = page.url();

  const storageState = await first.storageState();

  const coldLoad = async (url: string, heading: RegExp) => {
    const context = await browser.newContext({ serviceWorkers: 'block', storageState });
    const fresh = await context.newPage();
    const figure = collectScripts(fresh);
    await fresh.goto(url);
    await fresh.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
    await fresh.waitForLoadState('networkidle');
    await context.close();
    return figure();
  };
  const shell = await coldLoad(`${BASE}/health`, /^Health$/);
  const home = await coldLoad(homeUrl, /^Hello /);
  await browser.close();
  return { login: loginFigure, shell, home };
}

/** 5 s of the same load first, discarded, so both servers are measured warm (JIT, caches, pools). */
async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections: 10, overallRate: RATE, duration: 5, headers });
  const result = await autocannon({ url, connections: 10, overallRate: RATE, duration: DURATION, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main() {
  ensureClientBuilt();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });

  const startups = await startupFigure();

  const server = startProcess(['scripts/start.ts'], { DATA_DIR, PORT: String(PORT) });
  await waitHealthy(`${BASE}/api/api-gateway-health-check`, performance.now());
  const js = await shellJsFigure();

  const loginRes = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password' }),
  });
  const cookie = (loginRes.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const bodyFile = path.join(ROOT, '.tmp/bench-hierarchy.json');
  const body = await (await fetch(`${BASE}/api/clients/hierarchy`, { headers: { cookie } })).text();
  fs.writeFileSync(bodyFile, body);
  const api = await load(`${BASE}/api/clients/hierarchy`, { cookie });
  await stop(server);

  const bare = startProcess(['tests/bench/bare-fastify.ts'], { PORT: String(BARE_PORT), BODY_FILE: bodyFile });
  await waitHealthy(`http://127.0.0.1:${BARE_PORT}/bare`, performance.now());
  const base = await load(`http://127.0.0.1:${BARE_PORT}/bare`, {});
  await stop(bare);

  console.log('\nFoundation benchmark');
  console.log(`  start-up to first healthy answer, existing data dir: median ${fmt(median(startups), 0)} ms  (runs: ${startups.map((t) => fmt(t, 0)).join(', ')} ms; target < 3000 ms)`);
  console.log(`  shell route JavaScript, gzipped, cold (the health page, in the shell): ${fmt(js.shell.total / 1024)} KB in ${js.shell.files.length} files (target < 200 KB)`);
  for (const f of js.shell.files.sort((a, b) => b.gz - a.gz).slice(0, Number(process.env.BENCH_FILES ?? 8))) console.log(`    ${fmt(f.gz / 1024).padStart(6)} KB  ${f.url}`);
  console.log(`  product home JavaScript, gzipped, cold (shell + home page): ${fmt(js.home.total / 1024)} KB in ${js.home.files.length} files`);
  console.log(`  login page JavaScript, gzipped, cold: ${fmt(js.login.total / 1024)} KB in ${js.login.files.length} files`);
  console.log(`  load: ${RATE} req/s for ${DURATION} s after a 5 s warm-up, 10 connections`);
  console.log(`    GET /api/clients/hierarchy: p50 ${api.p50} ms, p99 ${api.p99} ms, ${fmt(api.rps)} req/s, non-2xx ${api.non2xx}, errors ${api.errors} (target p99 < 20 ms)`);
  console.log(`    bare Fastify route, same ${fmt(body.length / 1024)} KB body: p50 ${base.p50} ms, p99 ${base.p99} ms, ${fmt(base.rps)} req/s`);
  console.log(`    p99 ratio hierarchy / bare: ${fmt(api.p99 / Math.max(base.p99, 1), 2)}x`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
