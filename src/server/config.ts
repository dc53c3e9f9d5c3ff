import os from 'node:os';
import path from 'node:path';
import type { LoginLimits } from './modules/auth/login-throttle';
import { loadSamlSettings, type SamlSettings } from './modules/auth/saml-settings';
import type { PoolSize } from './modules/auth/password-pool';
import { DEFAULT_WRITE_LIMITS, DEFAULT_WRITE_LIMIT_WINDOW_SECONDS, WRITE_LIMIT_ACTIONS, type WriteLimitAction } from '@shared/rules/write-limits';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  demoPassword: string;
  /** Where the built client lives; served when present. */
  clientDir: string;
  sessionTtlHours: number;
  /** Reuse a resolved session this long before asking the database again (0: always ask). */
  sessionCacheMs: number;
  /** Login throttling: failures per (account, address) and per address, and the delays before refusing (login-throttle.ts). */
  loginLimit: LoginLimits;
  /** Password checks (argon2) run at once, and how many more may wait; past that a login answers 503 (password-pool.ts). */
  loginVerify: PoolSize;
  /** Identity provider login URL; the SSO button is hidden without one. Superseded by saml when that is set. */
  ssoLoginUrl: string | undefined;
  /** SAML single sign-on (SAML_* settings, saml-settings.ts, decision 017); null without an identity provider. */
  saml: SamlSettings | null;
  /**
   * The product's address as its users reach it (scheme, host, port; no trailing slash): every
   * link the server hands out is built on it, never on the request's Host header.
   */
  publicUrl: string;
  /**
   * Connection limits in ms (Node's HTTP server): a whole request and its headers must arrive
   * within request/headers, an idle keep-alive socket closes after keepAlive and any socket
   * silent for connection; Node looks at the first two every checkInterval.
   */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; connectionMs: number; checkIntervalMs: number };
  secureCookies: boolean;
  logLevel: string;
  env: string;
  /** A count, widget or overlap running longer than this is stopped and refused. */
  engineTimeLimitMs: number;
  /** Worker threads of the bitmap engine; each holds a range of every region's people. */
  engineWorkers: number;
  /** Count questions worked on at once, all users together, and of those one user's; the rest wait their turn. */
  engineSlots: { total: number; perUser: number; queuePerUser: number };
  /** Synthetic people made for each client region without data (the demo, in the background); null: none. */
  demoData: { people: number; segments: number } | null;
  /** The job queue (jobs/queue.ts): run jobs in this process, how many at once per type, how often to look. */
  jobs: { work: boolean; concurrency: number; pollSeconds: number; maintenanceSeconds: number };
  /** Per-user limits on the expensive writes (decision 018): how many of each action in one window. */
  writeLimits: { windowSeconds: number; perAction: Record<WriteLimitAction, number> };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  // The demo tenant is seeded on the embedded database, or on a server only when asked.
  const seedDemo = env.SEED_DEMO === '1' || (!databaseUrl && env.SEED_DEMO !== '0');
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    seedDemo,
    demoPassword: env.DEMO_PASSWORD ?? 'demo-password',
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist/client'),
    sessionTtlHours: Number(env.SESSION_TTL_HOURS ?? 12),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 1000),
    loginLimit: {
      perPair: positive(env, 'LOGIN_LIMIT_PER_PAIR', 5),
      perAddress: positive(env, 'LOGIN_LIMIT_PER_ADDRESS', 20),
      perAddressAll: positive(env, 'LOGIN_LIMIT_PER_ADDRESS_ALL', 50),
      windowSeconds: positive(env, 'LOGIN_LIMIT_WINDOW_SECONDS', 900),
      delayBaseMs: positive(env, 'LOGIN_DELAY_BASE_MS', 1000),
      delayMaxMs: positive(env, 'LOGIN_DELAY_MAX_MS', 8000),
    },
    loginVerify: loginVerify(env),
    ssoLoginUrl: env.SSO_LOGIN_URL || undefined,
    saml: loadSamlSettings(env),
    publicUrl: publicUrl(env.PUBLIC_URL, env.HOST ?? '127.0.0.1', port),
    timeouts: timeouts(env),
    secureCookies: env.SECURE_COOKIES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    env: env.APP_ENV ?? 'local',
    engineTimeLimitMs: positive(env, 'ENGINE_TIME_LIMIT_MS', 15_000),
    engineWorkers: positive(env, 'ENGINE_WORKERS', Math.min(2, os.availableParallelism())),
    jobs: {
      work: env.JOB_WORKERS !== '0',
      concurrency: positive(env, 'JOB_CONCURRENCY', 2),
      pollSeconds: seconds(env, 'JOB_POLL_SECONDS', 1, 0.5),
      maintenanceSeconds: positive(env, 'JOB_MAINTENANCE_SECONDS', 30),
    },
    engineSlots: { total: positive(env, 'ENGINE_SLOTS', 4), perUser: positive(env, 'ENGINE_SLOTS_PER_USER', 2), queuePerUser: positive(env, 'ENGINE_QUEUE_PER_USER', 200) },
    writeLimits: {
      windowSeconds: positive(env, 'WRITE_LIMIT_WINDOW_SECONDS', DEFAULT_WRITE_LIMIT_WINDOW_SECONDS),
      // One setting per action, named after it (WRITE_LIMIT_INDEX_REPORTS ... WRITE_LIMIT_RECORD_MONTH), so a search for one finds it here.
      perAction: Object.fromEntries(WRITE_LIMIT_ACTIONS.map((a) => [a, positive(env, `WRITE_LIMIT_${a.toUpperCase()}`, DEFAULT_WRITE_LIMITS[a])])) as Record<WriteLimitAction, number>,
    },
    // On by default wherever the demo tenant is seeded; DEMO_PEOPLE=0 turns it off.
    demoData: seedDemo && env.DEMO_PEOPLE !== '0'
      ? { people: positive(env, 'DEMO_PEOPLE', 1_000_000), segments: positive(env, 'DEMO_SEGMENTS', 300) }
      : null,
  };
}

/**
 * One core is left to the main thread (HTTP, and on PGlite every query), so a login flood does not
 * slow everyone else; a check takes ~15 ms, so the queue is a wait of a few tenths of a second.
 */
function loginVerify(env: NodeJS.ProcessEnv): PoolSize {
  const concurrency = positive(env, 'LOGIN_VERIFY_CONCURRENCY', Math.max(1, os.availableParallelism() - 1));
  return { concurrency, queue: positive(env, 'LOGIN_VERIFY_QUEUE', 8 * concurrency) };
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got ${raw}`);
  return n;
}

/**
 * PUBLIC_URL as an origin (no trailing slash), or the address start-up prints. A path, query or
 * credentials are refused rather than dropped: a link built on them would lead somewhere else.
 */
export function publicUrl(raw: string | undefined, host: string, port: number): string {
  if (raw === undefined || raw === '') return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.pathname !== '/' || raw.includes('?') || raw.includes('#')) {
    throw new Error(`PUBLIC_URL must be an absolute http(s) address without a path, query or fragment (e.g. https://insights.example.com), got ${raw}`);
  }
  return url.origin;
}

function timeouts(env: NodeJS.ProcessEnv): Config['timeouts'] {
  const t = {
    requestMs: positive(env, 'REQUEST_TIMEOUT_MS', 60_000),
    headersMs: positive(env, 'HEADERS_TIMEOUT_MS', 30_000),
    keepAliveMs: positive(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000),
    connectionMs: positive(env, 'CONNECTION_TIMEOUT_MS', 120_000),
    // Node's default (30 s) would let a request documented as cut at 60 s live up to 90 s.
    checkIntervalMs: positive(env, 'TIMEOUT_CHECK_INTERVAL_MS', 5_000),
  };
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (t.headersMs > t.requestMs) throw new Error(`HEADERS_TIMEOUT_MS (${t.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${t.requestMs})`);
  return t;
}

/** Seconds, at least `min` (pg-boss polls no faster than every 0.5 s). */
function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number of seconds of at least ${min}, got ${raw}`);
  return n;
}

/** True for a listen address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * What start-up should warn about. Secure cookies and HSTS stay opt-in (SECURE_COOKIES=1),
 * since a plain-HTTP laptop run cannot use them; but a server other machines can reach
 * without them sends the session cookie in clear text over any non-HTTPS hop.
 */
export function securityWarnings(config: Pick<Config, 'host' | 'secureCookies'>): string[] {
  if (config.secureCookies || isLoopbackHost(config.host)) return [];
  return [
    `Warning: HOST=${config.host} is reachable from other machines, but SECURE_COOKIES is not set: ` +
      'the session cookie is sent without Secure and no HSTS header is set. ' +
      'Serve it over HTTPS and set SECURE_COOKIES=1.',
  ];
}
