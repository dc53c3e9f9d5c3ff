/**
 * npm run bench:jobs: the job queue's figures (issue 14).
 *  1. Jobs per second through the queue: N empty (noop) jobs sent, then run by one process's
 *     workers, on embedded PGlite and on a PostgreSQL server (when one is installed here:
 *     /usr/lib/postgresql/N/bin, started on a free loopback port for the run).
 *  2. An index report of 15 categories at 10M people (BENCH_PEOPLE): the time from
 *     POST /api/index-reports to the task being ready, on the demo server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { DataManager } from '../../src/server/engine/data-manager';
import { BossQueue } from '../../src/server/jobs/queue';
import { ROOT, fmt, postgres, startProcess, stop, waitHealthy } from './lib';

const JOBS = Number(process.env.BENCH_JOBS ?? 500);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000_000);
const meta = { userId: null, clientId: null, context: null };

async function throughput(database: Database, label: string) {
  // noop jobs never ask the engines: the queue runs without them.
  const queue = new BossQueue(database, {} as DataManager, { work: false, concurrency: 4, pollSeconds: 0.5, maintenanceSeconds: 30 });
  await queue.start();
  let started = performance.now();
  for (let i = 0; i < JOBS; i++) await queue.send('noop', {}, meta);
  const sendMs = performance.now() - started;
  await queue.stop();
  const workers = new BossQueue(database, {} as DataManager, { work: true, concurrency: 4, pollSeconds: 0.5, maintenanceSeconds: 30 });
  await workers.start();
  // The workers begin once the job thread is up; count from their first job.
  while (workers.taken.length === 0) await new Promise((r) => setTimeout(r, 5));
  started = performance.now();
  await workers.whenIdle(600_000);
  const runMs = performance.now() - started;
  await workers.stop();
  console.log(`${label}: sent ${JOBS} jobs at ${fmt((JOBS / sendMs) * 1000)} per s; ran them at ${fmt((JOBS / runMs) * 1000)} per s (4 at once per process, ${fmt(runMs)} ms)`);
}

async function queueFigures() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
  const lite = await openDatabase({ dataDir: dir });
  await lite.migrate();
  await throughput(lite, 'PGlite');
  await lite.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const server = await postgres();
  if (!server) {
    console.log('PostgreSQL: not installed here, skipped');
    return;
  }
  try {
    const pg = await openDatabase({ url: server.url });
    await pg.migrate();
    await throughput(pg, 'PostgreSQL');
    await pg.close();
  } finally {
    server.close();
  }
}

const PORT = 8296;
const BASE = `http://127.0.0.1:${PORT}`;

async function indexReportFigure() {
  const dataDir = path.join(ROOT, '.tmp/bench-jobs-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = startProcess(['src/server/main.ts'], { DATA_DIR: dataDir, PORT: String(PORT), DEMO_PEOPLE: String(PEOPLE) });
  try {
    await waitHealthy(`${BASE}/api/api-gateway-health-check`, performance.now(), 180_000);
    const login = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'analyst@acme.test', password: 'demo-password' }) });
    const session = { cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: login.headers.get('x-csrf-token') ?? '' };
    const call = (method: string, url: string, body?: unknown) =>
      fetch(`${BASE}${url}`, {
        method,
        headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'x-context': 'acme/us/fizz-cola/fizz-original', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // acme/us ready: its counts answer.
    const generating = performance.now();
    let categories: { id: number; name: string }[] = [];
    for (;;) {
      const res = await call('GET', '/api/insights/categories');
      if (res.ok) {
        categories = ((await res.json()) as { data: { id: number; name: string }[] }).data;
        if (categories.length > 0) {
          const probe = await call('POST', '/api/audiences/count', { rules: { include: { and: [[1]] } } });
          if (probe.status !== 503) break;
        }
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    console.log(`acme/us ready with ${fmt(PEOPLE)} people after ${fmt((performance.now() - generating) / 1000)} s`);
    const segments = (await (await call('GET', '/api/segments?region=us&per_page=50&page=1')).json()) as { data: { id: number; deleted: boolean }[] };
    const live = segments.data.filter((s) => !s.deleted).map((s) => s.id);
    const chosen = categories.slice(0, 15);
    const started = performance.now();
    const res = await call('POST', '/api/index-reports', {
      name: 'Bench report',
      audience: { name: 'Two segments', rules: { include: { and: [[live[0]!, live[1]!]] } } },
      categories: chosen.map((c) => c.id),
    });
    if (res.status !== 202) throw new Error(`POST /api/index-reports: ${res.status} ${await res.text()}`);
    const { job_id: jobId } = ((await res.json()) as { data: { job_id: string } }).data;
    for (;;) {
      const job = ((await (await call('GET', `/api/jobs/${jobId}`)).json()) as { data: { state: string; error: string | null } }).data;
      if (job.state === 'succeeded') break;
      if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`index report ${job.state}: ${job.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`Index report of ${chosen.length} categories at ${fmt(PEOPLE)} people: ready ${fmt(performance.now() - started)} ms after the request`);
  } finally {
    await stop(server);
  }
}

await queueFigures();
if (process.env.BENCH_SKIP_REPORT !== '1') await indexReportFigure();
