/**
 * npm run bench (second part): the figures of issue 13's availability items.
 *  1. Time from the first `npm start` on an empty data directory to acme/us counts answering
 *     (the analyst's default data source), with every other region still to be generated
 *     (target <= 30 s on an idle machine).
 *  2. The health check's latency while four worst-case SQL (`es`) overlaps run (5 audiences of
 *     20 OR-groups x ~214 segments and 200 excludes, two users, two each), beside the same
 *     health check idle in the same run (target p99 <= 50 ms); and how long each overlap took
 *     (answer or 503 TIME_LIMIT within the time limit plus 1 s).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureClientBuilt } from '../../scripts/client-build';
import { ROOT, fmt, median, startProcess, stop, waitHealthy } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-hardening-data');
const PORT = 8297;
const BASE = `http://127.0.0.1:${PORT}`;
const HEALTH = `${BASE}/api/api-gateway-health-check`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

interface Session {
  cookie: string;
  csrf: string;
}

async function logIn(email: string): Promise<Session> {
  const res = await fetch(`${BASE}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'demo-password' }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '', csrf: res.headers.get('x-csrf-token') ?? '' };
}

function call(s: Session, method: string, url: string, body?: unknown) {
  return fetch(`${BASE}${url}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'x-context': 'acme/us', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function segmentIds(s: Session): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call(s, 'GET', `/api/segments?region=us&per_page=100&page=${page}`);
    const body = (await res.json()) as { data: { id: number; deleted: boolean }[]; meta: { total: number } };
    ids.push(...body.data.filter((d) => !d.deleted).map((d) => d.id));
    if (page * 100 >= body.meta.total) return ids;
  }
}

/** From spawn to the first 200 of an acme/us count. */
async function firstCountsFigure(): Promise<{ healthyMs: number; countsMs: number; states: string }> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const t0 = performance.now();
  const server = startProcess(['scripts/start.ts'], { DATA_DIR, PORT: String(PORT) });
  try {
    const healthyMs = await waitHealthy(HEALTH, t0, 120_000);
    const analyst = await logIn('analyst@acme.test');
    // What the app does after login: asks for the data status of the regions the user can see.
    await call(analyst, 'GET', '/api/data-status');
    let ids: number[] = [];
    while (performance.now() - t0 < 600_000) {
      if (ids.length === 0) ids = (await segmentIds(analyst)).slice(0, 3);
      if (ids.length) {
        const res = await call(analyst, 'POST', '/api/audiences/count', { rules: { include: { and: [ids] } } });
        if (res.ok) {
          const countsMs = performance.now() - t0;
          const status = (await (await call(analyst, 'GET', '/api/data-status')).json()) as { data: { client: string; region: string; state: string }[] };
          return { healthyMs, countsMs, states: status.data.map((d) => `${d.client}/${d.region} ${d.state}`).join(', ') };
        }
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('acme/us counts did not answer within 10 minutes');
  } finally {
    await stop(server);
  }
}

/** Health latencies, one request at a time every 20 ms, for `seconds`. */
async function healthLatencies(seconds: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t = performance.now();
    const res = await fetch(HEALTH);
    await res.arrayBuffer();
    out.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

async function overlapFigure() {
  // The data directory of the first figure, now complete (acme/us at least).
  const server = startProcess(['scripts/start.ts'], { DATA_DIR, PORT: String(PORT) });
  try {
    await waitHealthy(HEALTH, performance.now(), 120_000);
    const users = [await logIn('analyst@acme.test'), await logIn('admin@demo.test')];
    for (const u of users) await call(u, 'PUT', '/api/auth/data-source', { source: 'es' });
    const ids = await segmentIds(users[0]!);
    const perGroup = Math.min(214, ids.length);
    const body = {
      audiences: Array.from({ length: 5 }, (_, a) => ({
        name: `Heavy ${a + 1}`,
        rules: {
          include: { and: Array.from({ length: 20 }, (_, g) => Array.from({ length: perGroup }, (_, i) => ids[(i * 7 + g * 13 + a * 31) % ids.length]!)) },
          exclude: Array.from({ length: Math.min(200, ids.length) }, (_, i) => ids[(i * 11 + a) % ids.length]!),
        },
      })),
    };
    // Wait until acme/us answers on es at all.
    for (;;) {
      const res = await call(users[0]!, 'POST', '/api/audiences/count', { rules: { include: { and: [ids.slice(0, 2)] } } });
      if (res.ok) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const idle = await healthLatencies(5);
    let running = true;
    const overlaps: { ms: number; status: number }[] = [];
    const loop = async (s: Session) => {
      while (running) {
        const t = performance.now();
        const res = await call(s, 'POST', '/api/insights/overlap', body);
        await res.arrayBuffer();
        overlaps.push({ ms: performance.now() - t, status: res.status });
      }
    };
    const loops = [loop(users[0]!), loop(users[0]!), loop(users[1]!), loop(users[1]!)];
    await new Promise((r) => setTimeout(r, 500));
    const busy = await healthLatencies(SECONDS);
    running = false;
    await Promise.all(loops);
    return { idle, busy, overlaps, perGroup };
  } finally {
    await stop(server);
  }
}

async function main() {
  // Built before the clock starts: the figure is the server's first start, not the build's.
  ensureClientBuilt();
  const first = await firstCountsFigure();
  const { idle, busy, overlaps, perGroup } = await overlapFigure();
  const statuses = new Map<number, number>();
  for (const o of overlaps) statuses.set(o.status, (statuses.get(o.status) ?? 0) + 1);
  console.log('\nHardening benchmark (issue 13)');
  console.log(`  first start on an empty data directory: healthy after ${fmt(first.healthyMs / 1000)} s, acme/us counts answer after ${fmt(first.countsMs / 1000)} s (target <= 30 s idle)`);
  console.log(`    regions then: ${first.states}`);
  console.log(`  health check, idle: p50 ${fmt(pct(idle, 50))} ms, p99 ${fmt(pct(idle, 99))} ms, max ${fmt(Math.max(...idle))} ms (${idle.length} requests)`);
  console.log(`  health check while four worst-case es overlaps run (5 audiences x 20 groups x ${perGroup} segments, 200 excludes; 2 users x 2):`);
  console.log(`    p50 ${fmt(pct(busy, 50))} ms, p99 ${fmt(pct(busy, 99))} ms, max ${fmt(Math.max(...busy))} ms (${busy.length} requests; target p99 <= 50 ms); p99 ratio busy / idle ${fmt(pct(busy, 99) / Math.max(pct(idle, 99), 0.1), 2)}x`);
  console.log(`    overlaps: ${overlaps.length} answered, median ${fmt(median(overlaps.map((o) => o.ms)) / 1000, 2)} s, max ${fmt(Math.max(...overlaps.map((o) => o.ms)) / 1000, 2)} s; statuses ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
