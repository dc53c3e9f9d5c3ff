import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { BROWSER_ARGS, FULL_BROWSER } from './browsers';

/**
 * A server of a test's own, on its own port and data directory, that the test really stops and
 * starts again (the shared webServer must keep running for the other tests). What a user at a
 * meeting meets: the server gone, not the browser told it is offline. The client build is the
 * one the shared webServer made (dist/client).
 */
export interface OwnServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Stops the server (SIGKILL: as a lost network or a crash would) and waits until the port is closed. */
  stop(): Promise<void>;
  /** Starts it again on the same data directory and waits until it answers. */
  start(): Promise<void>;
  running(): boolean;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEALTH = '/api/api-gateway-health-check';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
}

/**
 * Starts a fresh server (its own seeded demo, small synthetic data) and waits until it answers
 * and its demo data is ready for `acme/us`.
 */
export async function startOwnServer(name: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = path.join(ROOT, '.tmp', `e2e-own-${name}-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let log = '';

  const start = async () => {
    if (child) return;
    // One process (node with tsx's loader, not the tsx wrapper): a kill is the server's death.
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        // As the shared server (playwright.config.ts): the tests' API calls do not retry a socket closed under them.
        KEEP_ALIVE_TIMEOUT_MS: '60000',
        DEMO_PEOPLE: '20000',
        DEMO_SEGMENTS: '120',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d: Buffer) => { log += d.toString(); });
    proc.stderr?.on('data', (d: Buffer) => { log += d.toString(); });
    child = proc;
    proc.once('exit', () => {
      if (child === proc) child = null;
    });
    try {
      await waitFor(() => answers(`${baseURL}${HEALTH}`), 120_000, `the server on ${port}`);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${log.slice(-2_000)}`, { cause: error });
    }
  };

  const stop = async () => {
    const proc = child;
    if (!proc) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await exited;
    child = null;
    await waitFor(async () => !(await answers(`${baseURL}${HEALTH}`)), 10_000, `port ${port} to close`);
  };

  await start();
  return { baseURL, port, dataDir, stop, start, running: () => child !== null };
}

/** Waits until the demo data of acme/us answers counts (it is generated in the background after a first start). */
export async function waitForOwnDemoData(server: OwnServer): Promise<void> {
  await waitFor(async () => {
    const login = await fetch(`${server.baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: 'demo-password' }),
    }).catch(() => null);
    if (!login?.ok) return false;
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const status = await fetch(`${server.baseURL}/api/data-status`, { headers: { cookie } }).catch(() => null);
    if (!status?.ok) return false;
    const body = (await status.json()) as { data: { client: string; region: string; state: string }[] };
    return body.data.some((s) => s.client === 'acme' && s.region === 'us' && s.state === 'ready');
  }, 150_000, 'the demo data of acme/us');
}

/**
 * A persistent Chromium profile (as an installed app has): its service worker, IndexedDB and
 * caches survive closing the browser. Launch again with the same directory for a browser restart.
 * In the full browser, as an installed app runs (decision 019: in the headless shell these tests
 * took 10 % less CPU but failed twice in two clean-clone runs).
 */
export async function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: FULL_BROWSER,
    args: BROWSER_ARGS,
    baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 1366, height: 768 },
  });
}

/** A fresh profile directory for one test. */
export function freshProfileDir(name: string): string {
  const dir = path.join(ROOT, '.tmp', `e2e-profile-${name}-${Date.now().toString(36)}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
