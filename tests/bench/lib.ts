import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
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

/** Logs in with the password form and waits for the home greeting. */
export async function logIn(page: Page, base: string, email = 'admin@demo.test'): Promise<void> {
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
