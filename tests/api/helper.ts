import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, inject } from 'vitest';
import { segmentsPageSchema, type Segment } from '../../src/shared/schemas/insights';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';

export const DEMO_PASSWORD = 'demo-password';
export const ADMIN = 'admin@demo.test';
export const ANALYST = 'analyst@acme.test';
export const VIEWER = 'viewer@globex.test';
export const ACME_PRODUCT = 'acme/us/fizz-cola/fizz-original';
export const GLOBEX_PRODUCT = 'globex/us/globex-auto/roadster';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** A fresh database per test file: a copy of the seeded template (global-setup.ts), a PGlite directory or a database on DATABASE_URL. */
async function freshDatabase(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const template = inject('pgTemplate');
    if (!template) throw new Error('The API tests on DATABASE_URL need their seeded template (tests/api/global-setup.ts).');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A copy of the seeded template (tests/api/global-setup.ts), made in a fraction of a second.
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const testUrl = new URL(url);
    testUrl.pathname = `/${name}`;
    const database = await openDatabase({ url: testUrl.toString() });
    await database.migrate();
    return {
      database,
      cleanup: async () => {
        await database.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(inject('scratchRoot'), 'db-'));
  fs.cpSync(path.resolve(process.env.API_TEMPLATE_DIR ?? '.tmp/api-template'), dir, { recursive: true });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  return {
    database,
    cleanup: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TestAppOptions {
  /**
   * Whether the file asks counts (Grow, Explore, journeys, reports...): the seeded population is
   * loaded into the bitmap engine before its first test. A file that asks none says false and
   * skips that load: about 2 s of CPU per file and per database pass (issue 28). Without it a
   * count is refused as not ready, every time, so a file that says false wrongly fails.
   */
  counts?: boolean;
  /**
   * Whether the file's tests need jobs run (index reports, lookalikes, deliveries, outcome
   * recordings, the queue itself): the job thread starts and a worker per job type polls the
   * queue. A file that needs none says false: about 1 s of CPU per file and per database pass
   * (issue 28). Its jobs are still queued, never taken, so a file that says false wrongly waits
   * for a job that never ends and fails.
   */
  jobs?: boolean;
}

/** Builds the server on a fresh seeded database; closed after the file's tests. */
export async function buildTestApp(env: Record<string, string> = {}, { counts = true, jobs = true }: TestAppOptions = {}): Promise<TestApp> {
  const { database, cleanup } = await freshDatabase();
  // Tests assert what the database says at once; the session cache has its own test.
  const config = { ...loadConfig({ ...process.env, SESSION_CACHE_MS: '0', ...env }), seedDemo: false, demoData: null };
  const app = await buildApp({ config, database, logger: false, serveClient: false, ...(jobs ? {} : { jobs: { work: false } }) });
  await app.ready();
  // The seeded test population loads into the bitmap worker before the first test asks.
  if (counts) {
    await app.data.start();
    await app.data.whenIdle();
  }
  afterAll(async () => {
    await app.close();
    await cleanup();
  });
  return { app, database, config };
}

export interface Session {
  cookie: string;
  /** The session token itself (the sid cookie's value), for tests that look for it elsewhere. */
  sid: string;
  csrf: string;
  /** inject with the session's cookie, CSRF token and an optional X-Context. */
  request(opts: InjectOptions & { context?: string; noCsrf?: boolean }): Promise<LightMyRequestResponse>;
}

let addressCounter = 0;

/** Logs a demo user in through the real endpoint (each login from its own address, so rate limits stay per test). */
export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`,
  });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.cookies.find((c) => c.name === 'sid');
  if (!setCookie) throw new Error('login set no session cookie');
  const cookie = `sid=${setCookie.value}`;
  const csrf = String(res.headers['x-csrf-token']);
  return {
    cookie,
    sid: setCookie.value,
    csrf,
    request: ({ context, noCsrf, headers, ...opts }) =>
      app.inject({
        ...opts,
        headers: {
          cookie,
          ...(noCsrf ? {} : { 'x-csrf-token': csrf }),
          ...(context ? { 'x-context': context } : {}),
          ...headers,
        },
      }),
  };
}

/** A write's options: in ACME_PRODUCT unless told, with a fresh X-Request-ID unless given one (null sends none). */
export type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string | null };

/**
 * What the entity test files (Grow, Explore) share: a fresh app, the three demo sessions, request
 * helpers, and acme/us's and globex/us's segments (deleted ones included), by id.
 */
export async function apiKit(options: TestAppOptions = {}) {
  const { app, database } = await buildTestApp({}, options);
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const send = (s: Session, { key, context = ACME_PRODUCT, ...opts }: Write): Promise<LightMyRequestResponse> =>
    s.request({ ...opts, context, headers: key === null ? {} : { 'x-request-id': key ?? randomUUID() } });
  const get = (url: string, s: Session = admin, context = ACME_PRODUCT) => s.request({ method: 'GET', url, context });
  const segmentsOf = async (context: string, region: string): Promise<Segment[]> => {
    const res = await admin.request({ method: 'GET', url: `/api/segments?region=${region}&per_page=200&include_deleted=true`, context });
    expect(res.statusCode, res.body).toBe(200);
    return segmentsPageSchema.parse(res.json()).data.sort((a, b) => a.id - b.id);
  };
  const [usSegments, globexSegments] = [await segmentsOf('acme', 'us'), await segmentsOf('globex', 'us')];
  return { app, database, db: database.db, admin, analyst, viewer, send, get, usSegments, globexSegments };
}
