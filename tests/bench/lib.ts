import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ensureClientBuilt } from '../../scripts/client-build';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(path.join(ROOT, 'node_modules/.bin/tsx'), args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Polls url until it answers 200; returns ms since `since`. */
export async function waitHealthy(url: string, since: number, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`${url} not healthy within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The browser benches' server: the built client served by scripts/start.ts on fresh demo data
 * (`dataDir` is emptied first) at 127.0.0.1:`port`, once it answers its health check.
 */
export async function startDemoServer(dataDir: string, port: number, people = 50_000): Promise<ChildProcess> {
  ensureClientBuilt();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startProcess(['scripts/start.ts'], { DATA_DIR: dataDir, PORT: String(port), DEMO_PEOPLE: String(people), DEMO_SEGMENTS: '120' });
  try {
    await waitHealthy(`http://127.0.0.1:${port}/api/api-gateway-health-check`, performance.now(), 120_000);
  } catch (error) {
    await stop(server);
    throw error;
  }
  return server;
}

/** The system Chromium (CHROMIUM_PATH), headless, with nothing in the background to disturb the figures. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
}

/** Logs in with the password form and waits for the home greeting (`base` '': the page's baseURL). */
export async function logIn(page: Page, base = '', email = 'admin@demo.test'): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('demo-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor({ timeout: 20_000 });
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};

export const fmt = (n: number, digits = 1) => n.toFixed(digits);
export const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.9) - 1] ?? NaN;
/** A whole number as the benches print it: 1,000,000. */
export const count = (n: number) => n.toLocaleString('en-US');
/** Milliseconds to 3 significant figures or so. */
export const ms = (t: number) => (t < 10 ? fmt(t, 2) : t < 1000 ? fmt(t, 1) : fmt(t, 0));

/** `runs` runs of `fn` one after another: the median, the first (cold) time and the last answer. */
export async function timedRuns<T>(fn: () => Promise<T>, runs: number): Promise<{ median: number; first: number; answer: T }> {
  const times: number[] = [];
  let answer!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    answer = await fn();
    times.push(performance.now() - t0);
  }
  return { median: median(times), first: times[0]!, answer };
}

/** How many commands the page's outbox holds (0 once every queued edit is applied and taken in). */
export const outboxLeft = (page: Page) => page.evaluate(() => new Promise<number>((resolve) => {
  const open = indexedDB.open('audience-insights');
  open.onsuccess = () => {
    const count = open.result.transaction('outbox').objectStore('outbox').count();
    count.onsuccess = () => {
      resolve(count.result);
      open.result.close();
    };
  };
}));

export interface BenchSegment {
  id: number;
  name: string;
  path_parts: string[];
  vendor_type: string;
  deleted: boolean;
}

export interface BenchChart {
  id: number;
  name: string;
  version: number;
  markets: { id: number; name: string; sub_markets: { id: number; name: string }[] }[];
}

/**
 * The API with the page's session (its cookie and CSRF token) in one context: what the render
 * benches use to make their charts and journeys before they time the page drawing them.
 */
export async function sessionApi(page: Page, base: string, context: string) {
  const csrf = (await page.evaluate(() => localStorage.getItem('csrfToken'))) ?? '';
  const headers = { 'x-csrf-token': csrf, 'x-context': context };
  const post = async <T>(url: string, data: unknown, status = 0): Promise<T> => {
    const res = await page.request.post(`${base}${url}`, { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data });
    const text = await res.text();
    if (!res.ok() || !text || (status && res.status() !== status)) throw new Error(`POST ${url}: ${res.status()} ${text}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  const get = async <T>(url: string): Promise<T> => {
    const res = await page.request.get(`${base}${url}`, { headers });
    if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  };
  /** The region's live segments; null (503) until the demo data is ready. */
  const segments = async (): Promise<BenchSegment[] | null> => {
    const res = await page.request.get(`${base}/api/segments?region=us&per_page=200`, { headers });
    if (res.status() === 503) return null;
    if (!res.ok()) throw new Error(`GET /api/segments: ${res.status()}`);
    return ((await res.json()) as { data: BenchSegment[] }).data.filter((s) => !s.deleted);
  };
  return {
    post,
    get,
    /** Waits (up to 180 s) for the demo data, then gives its live segments. */
    async waitForSegments(): Promise<BenchSegment[]> {
      const t0 = performance.now();
      for (;;) {
        const live = await segments();
        if (live) return live;
        if (performance.now() - t0 > 180_000) throw new Error('the demo data was not ready within 180 s');
        await new Promise((r) => setTimeout(r, 1_000));
      }
    },
    /** A Grow chart of `markets` x `audiences`, each audience naming one of `segmentIds` in turn. */
    async chart(name: string, markets: number, audiences: number, segmentIds: number[]): Promise<BenchChart> {
      let chart = await post<BenchChart>('/api/mekkos', { name });
      for (let m = 1; m <= markets; m++) {
        chart = await post<BenchChart>(`/api/mekkos/${chart.id}/markets`, { name: `Market ${m}`, version: chart.version });
        const marketId = chart.markets.at(-1)!.id;
        for (let a = 1; a <= audiences; a++) {
          const segment = segmentIds[((m - 1) * audiences + a - 1) % segmentIds.length];
          chart = await post<BenchChart>(`/api/mekkos/${chart.id}/markets/${marketId}/audiences`, {
            name: `M${m} Audience ${a}`, population: String(1_000_000 + 100_000 * a), matched_short_id: segment, version: chart.version,
          });
        }
      }
      return chart;
    },
  };
}

/** Segments a matched audience may name: every vendor's but the modeled one's. */
export const matchedIds = (segments: readonly BenchSegment[]) => segments.filter((s) => s.vendor_type !== 'modeled').map((s) => s.id);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** A throwaway PostgreSQL cluster for a bench run, if the machine has one installed (bench:jobs, bench:write-limits). */
export async function postgres(): Promise<{ url: string; close: () => void } | null> {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) return null;
  const bin = path.join(root, version, 'bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const port = await freePort();
  const asPostgres = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
  const run = (cmd: string, args: string[]) => execFileSync(asPostgres[0] ?? cmd, asPostgres.length ? [...asPostgres.slice(1), cmd, ...args] : args, { stdio: 'ignore' });
  if (asPostgres.length) execFileSync('chown', ['postgres:postgres', dir]);
  run(path.join(bin, 'initdb'), ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  run(path.join(bin, 'pg_ctl'), ['-D', dir, '-l', path.join(dir, 'log'), '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    close: () => {
      run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
