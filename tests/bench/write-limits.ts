/**
 * npm run bench:write-limits: what the per-user write limit (decision 018) adds to each limited
 * request, on embedded PGlite and on a PostgreSQL server (when one is installed here, started on
 * a free loopback port for the run): the idempotency lookup and the counting upsert of an
 * accepted write, the two statements of a refused one, and on PostgreSQL 8 connections taking
 * one user's key at once (they queue on its row).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { findAnswer } from '../../src/server/modules/idempotency/idempotency-repository';
import { take } from '../../src/server/modules/write-limits/write-limits-repository';
import { ms, postgres } from './lib';

const N = Number(process.env.BENCH_N ?? 2000);
const WINDOW = 600;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? NaN;

async function timed(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times;
}

async function figures(database: Database, label: string) {
  const { db } = database;
  const [user] = await db.insert(users).values({ firstName: 'Bench', lastName: 'User', email: `bench-${randomUUID()}@example.test`, passwordHash: 'x' }).returning({ id: users.id });
  const userId = user!.id;
  const line = (what: string, times: number[]) => console.log(`${label}: ${what}: median ${ms(median(times))} ms, p95 ${ms(p95(times))} ms (${times.length} calls)`);

  await timed(50, () => take(db, { userId, action: 'warm' }, 1e9, WINDOW));
  const lookups = await timed(N, () => findAnswer(db, userId, randomUUID()));
  const accepted = await timed(N, () => take(db, { userId, action: 'accepted' }, 1e9, WINDOW));
  await take(db, { userId, action: 'refused' }, 1, WINDOW);
  const refused = await timed(N, () => take(db, { userId, action: 'refused' }, 1, WINDOW));
  line('idempotency lookup', lookups);
  line('accepted (one upsert)', accepted);
  line('refused (upsert that matches nothing + one select)', refused);
  const both = lookups.map((t, i) => t + accepted[i]!);
  line('added to an accepted write (lookup + upsert)', both);

  if (database.kind === 'postgres') {
    const key = { userId, action: 'contended' };
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: 8 }, () => Promise.all(Array.from({ length: N / 8 }, () => take(db, key, N / 2, WINDOW)))));
    const wall = performance.now() - started;
    const taken = results.flat().filter((r) => r.taken).length;
    const [row] = (await db.execute(sql`select count from write_limits where user_id = ${userId} and action = 'contended'`) as unknown as { rows: { count: number }[] }).rows;
    console.log(`${label}: ${N} takes of one key from 8 connections at once: ${ms(wall)} ms (${ms(wall / N)} ms each); ${taken} taken of a limit of ${N / 2}, counter ${row?.count}`);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-limits-'));
const lite = await openDatabase({ dataDir: dir });
await lite.migrate();
await figures(lite, 'PGlite');
await lite.close();
fs.rmSync(dir, { recursive: true, force: true });
const server = await postgres();
if (!server) console.log('PostgreSQL: not installed here, skipped');
else {
  try {
    const pg = await openDatabase({ url: server.url });
    await pg.migrate();
    await figures(pg, 'PostgreSQL');
    await pg.close();
  } finally {
    server.close();
  }
}
