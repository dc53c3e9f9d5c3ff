/**
 * npm run bench:analysis: the five analysis pages' figures (issue 32) at ANALYSIS_BENCH_PEOPLE
 * generated people in acme/us (10M by default), asked through the real API (fastify.inject on the
 * real app, no network), beside a Grow chart's counts in the same run: the demo's default Grow
 * chart (Fizz Original Market Map) as its page asks for them (POST /api/insights/counts).
 *
 * Each page's question is timed
 *  - first: its very first answer (cold: nothing kept, the engine's unions not yet made);
 *  - again: answered afresh, the engine warm (the page's kept answers dropped by reading the
 *    catalogue again, which is read before the clock starts), median of ANALYSIS_BENCH_RUNS;
 *  - kept: the same question again, answered from the answers the server keeps per catalogue.
 * The Grow counts are timed first and again (median) the same way. Ratios are against the Grow
 * counts (target: a page within 3x of them). On the bitmap engine (molecula), and on the SQL
 * engine (es) unless ANALYSIS_BENCH_SQL=0. Figures only; nothing fails on a time.
 *
 * Only acme/us gets people (the other regions have no data, so nothing generates beside the
 * timing). The population is kept in .tmp/bench-analysis/<people> and reused by the next run
 * with the same size (ANALYSIS_BENCH_FRESH=1 makes it again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { filterParam } from '@shared/rules/analysis';
import type { CountsBody } from '@shared/schemas/insights';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { catalogSeedOf } from '../../src/server/engine/generator/generator';
import { seedPopulation } from '../../src/server/engine/population-seeder';
import { openCountStore } from '../../src/server/engine/sql/count-store';
import type { CountEngine } from '../../src/server/engine/questions';
import { clientRegionIdOf } from '../api/population';
import { ROOT, count, fmt, median, ms } from './lib';

const envInt = (name: string, fallback: number, min = 1) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} wants a whole number from ${min}, got '${raw}'`);
  return n;
};

const PEOPLE = envInt('ANALYSIS_BENCH_PEOPLE', 10_000_000, 10_000);
const SEGMENTS = envInt('ANALYSIS_BENCH_SEGMENTS', 300);
const RUNS = envInt('ANALYSIS_BENCH_RUNS', 5);
const KEPT_RUNS = 11;
const SQL = process.env.ANALYSIS_BENCH_SQL !== '0';
/** The SQL engine's questions may take long at this size: the bench lets them (the server's default is 15 s). */
const TIME_LIMIT_MS = envInt('ANALYSIS_BENCH_TIME_LIMIT_MS', 600_000);
const DIR = path.join(ROOT, '.tmp/bench-analysis', String(PEOPLE));
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const seconds = (t: number) => `${fmt(t / 1000, 1)} s`;

/** A migrated, seeded database whose acme/us has PEOPLE people (made once, then reused). */
async function prepare(): Promise<{ database: Database; madeMs: number | null }> {
  const done = path.join(DIR, 'complete');
  if (process.env.ANALYSIS_BENCH_FRESH === '1' || !fs.existsSync(done)) {
    fs.rmSync(DIR, { recursive: true, force: true });
    fs.mkdirSync(DIR, { recursive: true });
    const started = performance.now();
    const database = await openDatabase({ dataDir: path.join(DIR, 'db') });
    await database.migrate();
    await seedDemo(database.db, 'demo-password');
    const store = await openCountStore(database, 600_000);
    let last = performance.now();
    try {
      const id = await clientRegionIdOf(database.db, 'acme', 'us');
      const options = { people: PEOPLE, segments: SEGMENTS, seed: 'bench-analysis:acme/us', catalogSeed: catalogSeedOf('acme') };
      console.log(`Generating acme/us: ${count(PEOPLE)} people, ${SEGMENTS} catalogue segments and the acme brands' buyer sets...`);
      await seedPopulation(database.db, store, id, options, (n, total) => {
        if (performance.now() - last > 30_000) {
          last = performance.now();
          console.log(`  ${n}/${total} sets, ${seconds(last - started)}`);
        }
      });
    } finally {
      await store.close();
    }
    const madeMs = performance.now() - started;
    fs.writeFileSync(done, `${new Date().toISOString()} ${Math.round(madeMs)} ms\n`);
    return { database, madeMs };
  }
  const database = await openDatabase({ dataDir: path.join(DIR, 'db') });
  await database.migrate();
  return { database, madeMs: null };
}

/** A logged-in admin on a data source, asking in acme/us/fizz-original. */
async function session(app: FastifyInstance, source: 'molecula' | 'es', address: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'demo-password' }, remoteAddress: address });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  const csrf = String(res.headers['x-csrf-token']);
  const headers = { cookie, 'x-csrf-token': csrf, 'x-context': CONTEXT };
  const switched = await app.inject({ method: 'PUT', url: '/api/auth/data-source', payload: { source }, headers });
  if (switched.statusCode !== 200) throw new Error(`data source ${source}: ${switched.statusCode} ${switched.body}`);
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const r = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (r.statusCode !== 200) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r.json() as { data: unknown };
  };
  return { source, call };
}
type Session = Awaited<ReturnType<typeof session>>;

/** The demo's default Grow chart's counts call, as the Grow page makes it (grow/chart-data.ts countsBodyOf). */
async function growCountsBody(s: Session): Promise<{ name: string; body: CountsBody; audiences: number }> {
  const list = (await s.call('GET', '/api/mekkos')).data as { id: number; name: string; default: boolean }[];
  const chosen = list.find((c) => c.default) ?? list[0];
  if (!chosen) throw new Error('acme/us/fizz-original has no Grow chart');
  const chart = (await s.call('GET', `/api/mekkos/${chosen.id}`)).data as {
    markets: { id: number; sub_markets: { matched_short_id: number | null; modeled_short_id: number | null }[] }[];
    segments: { id: number; deleted: boolean }[];
  };
  const live = new Set(chart.segments.filter((x) => !x.deleted).map((x) => x.id));
  const matched: Record<string, number[]> = {};
  const modeled: Record<string, number[]> = {};
  let audiences = 0;
  for (const market of chart.markets) {
    const ids = (pick: (a: (typeof market.sub_markets)[number]) => number | null) => [...new Set(market.sub_markets.map(pick).filter((id): id is number => id !== null && live.has(id)))].sort((a, b) => a - b);
    matched[market.id] = ids((a) => a.matched_short_id);
    modeled[market.id] = ids((a) => a.modeled_short_id);
    audiences += market.sub_markets.length;
  }
  return {
    name: chosen.name,
    audiences,
    body: { matched_short_ids: matched, modeled_short_ids: modeled, focused_matched_short_ids: [], focused_modeled_short_ids: [], group_short_ids: [], demo_as_segments: false, current_view: 'All', feature: 'measure-v3', service_type: 'grow' },
  };
}

/** Engine questions asked, by wrapping the engines' methods. */
function countQuestions(engine: CountEngine, tally: { n: number }) {
  for (const method of ['count', 'counts', 'ruleCounts', 'widget', 'overlap', 'intersections'] as const) {
    const original = (engine as unknown as Record<string, unknown>)[method];
    if (typeof original !== 'function') continue;
    (engine as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      tally.n++;
      return (original as (...a: unknown[]) => unknown).apply(engine, args);
    };
  }
}

interface Row {
  name: string;
  questions: number;
  first: number;
  again: number;
  /** Median of the runs' page / Grow counts, each pair timed back to back (the machine's drift cancels out). */
  paired: number;
  kept: number;
}

async function main() {
  const started = performance.now();
  console.log(`Analysis pages bench: ${count(PEOPLE)} people in acme/us, ${os.cpus().length} cores, load average ${os.loadavg().map((x) => fmt(x, 2)).join(' ')}`);
  const { database, madeMs } = await prepare();
  console.log(madeMs === null ? `Population reused from ${path.relative(ROOT, DIR)}` : `Population generated and stored in ${seconds(madeMs)}`);
  const config = { ...loadConfig({ ...process.env, ENGINE_TIME_LIMIT_MS: String(TIME_LIMIT_MS) }), seedDemo: false, demoData: null };
  const app = await buildApp({ config, database, logger: false, serveClient: false, jobs: { work: false } });
  await app.ready();
  const loading = performance.now();
  await app.data.start();
  await app.data.whenIdle();
  const clientRegion = await clientRegionIdOf(database.db, 'acme', 'us');
  if (typeof app.data.engineFor(clientRegion, 'molecula') === 'string') throw new Error(`acme/us is not ready: ${String(app.data.engineFor(clientRegion, 'molecula'))}`);
  console.log(`Loaded into the bitmap engine in ${seconds(performance.now() - loading)}`);
  const tally = { n: 0 };
  countQuestions(app.data.bitmaps, tally);
  countQuestions(app.data.sql, tally);

  // Filters for the filtered questions: two large live catalogue segments, as a user picks them.
  const probe = await session(app, 'molecula', '10.9.0.1');
  const segments = ((await probe.call('GET', '/api/segments?region=us&per_page=200')).data as { id: number; deleted: boolean; identifier: string; count: { people: Record<string, number> } }[])
    .filter((x) => !x.deleted && !x.identifier.startsWith('adventure-buyers-') && !x.identifier.startsWith('fabrikam-site-'))
    .map((x) => ({ id: x.id, share: (x.count.people.us ?? 0) / PEOPLE }))
    .filter((x) => x.share > 0.2 && x.share < 0.6)
    .sort((a, b) => b.share - a.share || a.id - b.id);
  if (segments.length < 3) throw new Error('acme/us has too few large segments for the filters');
  const filters = [[segments[0]!.id, segments[1]!.id], [segments[2]!.id]];
  console.log(`Filters: (${segments[0]!.id} OR ${segments[1]!.id}) AND ${segments[2]!.id}: segments of ${[0, 1, 2].map((i) => `${fmt(100 * segments[i]!.share, 0)} %`).join(', ')} of people`);
  const pages: [string, string][] = [
    ['Customer value', '/api/analysis/customer-value'],
    ['Customer value, 2 filters', `/api/analysis/customer-value?filters=${filterParam(filters)}`],
    ['Best customer, top tier', '/api/analysis/best-customer'],
    ['Best customer, top 10 %', '/api/analysis/best-customer?best=percent&percent=10'],
    ['Customer attrition, 3 months', '/api/analysis/customer-attrition'],
    ['Buyer retention', '/api/analysis/buyer-retention'],
    ['Buyer retention, 2 filters', `/api/analysis/buyer-retention?filters=${filterParam(filters)}`],
    ['Site visitation', '/api/analysis/site-visitation'],
  ];

  /** A question's first answer, its answer afresh (median), and its kept answer (median). */
  const time = async (ask: () => Promise<unknown>, keeps: boolean, grow: (() => Promise<unknown>) | null): Promise<Omit<Row, 'name'>> => {
    tally.n = 0;
    let t0 = performance.now();
    await ask();
    const first = performance.now() - t0;
    const questions = tally.n;
    const again: number[] = [];
    const paired: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A catalogue read again drops the answers kept for the last one; it is read before the clock starts.
      app.data.forgetCatalog(clientRegion);
      await app.data.catalog(clientRegion);
      let growMs = NaN;
      if (grow) {
        t0 = performance.now();
        await grow();
        growMs = performance.now() - t0;
      }
      t0 = performance.now();
      await ask();
      again.push(performance.now() - t0);
      paired.push(again.at(-1)! / growMs);
    }
    const kept: number[] = [];
    if (keeps) {
      for (let i = 0; i < KEPT_RUNS; i++) {
        t0 = performance.now();
        await ask();
        kept.push(performance.now() - t0);
      }
    }
    return { questions, first, again: median(again), paired: grow ? median(paired) : 1, kept: keeps ? median(kept) : NaN };
  };

  // One unrelated count first, so that no timed question pays for the first request's warm-up.
  await probe.call('POST', '/api/audiences/count', { rules: { include: { and: [[segments.at(-1)!.id]] }, exclude: [], values: [] } });

  const results: { source: string; grow: Row; rows: Row[]; growName: string; audiences: number }[] = [];
  for (const source of SQL ? (['molecula', 'es'] as const) : (['molecula'] as const)) {
    const s = source === 'molecula' ? probe : await session(app, source, '10.9.0.2');
    if (source !== 'molecula') await s.call('POST', '/api/audiences/count', { rules: { include: { and: [[segments.at(-1)!.id]] }, exclude: [], values: [] } });
    const grow = await growCountsBody(s);
    console.log(`\n[${source}] timing the Grow counts of '${grow.name}' (${grow.audiences} audiences) and ${pages.length} page questions...`);
    const growCounts = () => s.call('POST', '/api/insights/counts', grow.body);
    const growRow = { name: `Grow counts: ${grow.name}`, ...(await time(growCounts, false, null)) };
    const rows: Row[] = [];
    for (const [name, url] of pages) {
      const t0 = performance.now();
      rows.push({ name, ...(await time(() => s.call('GET', url), true, growCounts)) });
      console.log(`  ${name}: ${seconds(performance.now() - t0)} in all`);
    }
    results.push({ source, grow: growRow, rows, growName: grow.name, audiences: grow.audiences });
  }

  for (const r of results) {
    console.log(`\n${r.source === 'molecula' ? 'Bitmap engine (molecula)' : 'SQL engine (es)'} at ${count(PEOPLE)} people: ms; again = median of ${RUNS} answered afresh (engine warm), kept = median of ${KEPT_RUNS} from the answers kept per catalogue`);
    const header = ['question', 'engine questions', 'first ms', 'again ms', 'kept ms', 'first / Grow first', 'again / Grow again (paired)', 'kept / Grow again'];
    const verdict = (ratio: number) => `${fmt(ratio, 2)}x ${ratio <= 3 ? 'met' : 'MISSED'}`;
    const line = (row: Row) =>
      row === r.grow
        ? [row.name, String(row.questions), ms(row.first), ms(row.again), '-', '1.00x', '1.00x', '']
        : [row.name, String(row.questions), ms(row.first), ms(row.again), ms(row.kept), verdict(row.first / r.grow.first), verdict(row.paired), verdict(row.kept / r.grow.again)];
    console.log(table(header, [line(r.grow), ...r.rows.map(line)]));
  }
  console.log('  first: the first answer of the question after the server loaded its data (cold); again: answered afresh with the engine warm (its kept unions made);');
  console.log('  kept: from the answers the server keeps per catalogue. again / Grow again: the median of each run\'s page time over the Grow counts timed just before it.');
  console.log('  The target is a page within 3x of the Grow counts.');
  console.log(`\nWhole run ${seconds(performance.now() - started)}; load average at the end ${os.loadavg().map((x) => fmt(x, 2)).join(' ')}`);
  await app.close();
  await database.close();
}

function table(header: string[], rows: string[][], indent = '  '): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => indent + cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(header), indent + widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
