/**
 * npm run bench:uploads: a 50,000-row Grow upload (issue 29) on embedded PGlite, parsed and
 * applied through the real route (multipart, the reading thread, the row checks, one
 * transaction per chart), beside reading the same workbook alone in its thread as the baseline.
 * Prints wall time and the process's peak resident memory (sampled every 10 ms) of each, and
 * their ratio. Figures only; nothing fails.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { UPLOADERS } from '../../src/shared/rules/uploads';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed';
import { clientRegions, clients, demographicCategories, markets, mekkos, products, regions, subMarkets } from '../../src/server/db/schema';
import { readInWorker } from '../../src/server/modules/uploads/read-in-worker';
import { count, fmt, ms } from './lib';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const MARKETS = 20;
const AUDIENCES = 20;

/** Runs fn while sampling the resident set; answers its wall time and the peak seen. */
async function measured<T>(fn: () => Promise<T>): Promise<{ ms: number; peakMb: number; answer: T }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const answer = await fn();
  const elapsed = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms: elapsed, peakMb: peak / 1024 / 1024, answer };
}

/** The 50,000-row GrowChart_Template the bench uploads, written to `file`. */
function makeWorkbook(file: string) {
  const header = UPLOADERS.grow.columns.map((c) => c.header);
  const rows: (string | number | null)[][] = [header];
  for (let i = 0; rows.length <= ROWS; i++) {
    const audience = i % (MARKETS * AUDIENCES);
    const k = Math.floor(i / (MARKETS * AUDIENCES));
    const market = Math.floor(audience / AUDIENCES) + 1;
    rows.push(['Fizz Cola', 'Fizz Original', 'Bench Chart', `Market ${market}`, market, `Audience ${(audience % AUDIENCES) + 1}`, (audience % AUDIENCES) + 1,
      ['Age', 'Gender', 'Household Income'][k % 3]!, `Value ${k + 1}`, Math.floor(k / 3) + 1, null, (k * 7) % 100]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), UPLOADERS.grow.sheet);
  fs.writeFileSync(file, XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedDemo(database.db, 'demo-password');
  const db = database.db;
  // The region's categories (the generated data writes them; the bench needs only the names).
  const [cr] = await db.select({ id: clientRegions.id }).from(clientRegions)
    .innerJoin(clients, eq(clients.id, clientRegions.clientId)).innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clients.slug, 'acme'), eq(regions.slug, 'us')));
  await db.insert(demographicCategories).values(['Age', 'Gender', 'Household Income'].map((name, position) => ({ clientRegionId: cr!.id, name, position })));
  // One chart of 20 markets of 20 audiences: 400 audiences, 125 figures each.
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, 'fizz-original'));
  const [us] = await db.select({ id: regions.id, clientId: clients.id }).from(regions).innerJoin(clients, eq(clients.slug, 'acme')).where(eq(regions.slug, 'us'));
  const [chart] = await db.insert(mekkos).values({ clientId: us!.clientId, productId: product!.id, regionId: us!.id, name: 'Bench Chart' }).returning({ id: mekkos.id });
  for (let m = 0; m < MARKETS; m++) {
    const [market] = await db.insert(markets).values({ mekkoId: chart!.id, name: `Market ${m + 1}`, position: m }).returning({ id: markets.id });
    await db.insert(subMarkets).values(Array.from({ length: AUDIENCES }, (_, a) => ({ mekkoId: chart!.id, marketId: market!.id, name: `Audience ${a + 1}`, position: a, population: 1_000_000 })));
  }

  const header = UPLOADERS.grow.columns.map((c) => c.header);
  const perAudience = Math.ceil(ROWS / (MARKETS * AUDIENCES));
  // The workbook is made in a child process: SheetJS's writer leaves gigabytes resident, which would hide the upload's own.
  const file = path.join(dir, 'bench.xls');
  execFileSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--make', file], { stdio: 'inherit' });
  const bytes = fs.readFileSync(file);
  console.log(`workbook: ${count(ROWS)} rows (${perAudience} figures for each of ${MARKETS * AUDIENCES} audiences), ${fmt(bytes.length / 1024 / 1024, 1)} MB as .xls`);

  const config = { ...loadConfig({ ...process.env, SESSION_CACHE_MS: '0' }), seedDemo: false, demoData: null };
  const app = await buildApp({ config, database, logger: false, serveClient: false, jobs: { work: false } });
  await app.ready();
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.test', password: 'demo-password' } });
  const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  const csrf = String(login.headers['x-csrf-token']);
  const boundary = `----bench${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="template"; filename="bench.xls"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

  const baseline = process.memoryUsage().rss / 1024 / 1024;
  const parse = await measured(() => readInWorker({ bytes: new Uint8Array(bytes), sheet: UPLOADERS.grow.sheet, columns: header.length }));
  if (!parse.answer.ok) throw new Error(parse.answer.message);
  const upload = await measured(() => app.inject({
    method: 'POST', url: '/api/uploads/mekkos', payload,
    headers: { cookie, 'x-csrf-token': csrf, 'x-context': 'acme/us', 'content-type': `multipart/form-data; boundary=${boundary}` },
  }));
  const body = upload.answer.json() as { data: { rows: number; applied: number; updated: unknown[] }; errors: unknown[] };
  if (upload.answer.statusCode !== 200) throw new Error(`upload: ${upload.answer.statusCode} ${upload.answer.body.slice(0, 300)}`);
  const again = await measured(() => app.inject({
    method: 'POST', url: '/api/uploads/mekkos', payload,
    headers: { cookie, 'x-csrf-token': csrf, 'x-context': 'acme/us', 'content-type': `multipart/form-data; boundary=${boundary}` },
  }));

  const over = (peak: number) => `peak ${fmt(peak, 0)} MB (+${fmt(peak - baseline, 0)} MB)`;
  console.log(`resident memory before (server, PGlite and the file): ${fmt(baseline, 0)} MB`);
  console.log(`reading alone (thread):          ${ms(parse.ms)} ms, ${over(parse.peakMb)}, ${count(parse.answer.rows.length)} rows`);
  console.log(`upload, read and applied:        ${ms(upload.ms)} ms, ${over(upload.peakMb)}; ${count(body.data.applied)} of ${count(body.data.rows)} rows applied, ${body.data.updated.length} markets updated, ${body.errors.length} errors`);
  console.log(`the same file again (no change): ${ms(again.ms)} ms, ${over(again.peakMb)}`);
  console.log(`upload / reading alone: ${fmt(upload.ms / parse.ms, 2)}x the time`);
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

if (process.argv[2] === '--make') makeWorkbook(process.argv[3]!);
else await main();
