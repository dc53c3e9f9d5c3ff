import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { createPglite } from './pglite-cluster';

export type Schema = typeof schema;
/** One type for both drivers: PGlite (embedded) and node-postgres (a server). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's URL, or PGlite's data directory (the count store opens its own beside it: engine/sql/count-store.ts). */
  url?: string;
  dataDir?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the embedded PGlite in dataDir, or PostgreSQL at url. */
export async function openDatabase(opts: { url?: string; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.PG_POOL_MAX ?? 10) });
    // An idle connection the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      async migrate() {
        // Several API processes may start together: one migrates, the others wait.
        const conn = await pool.connect();
        try {
          await conn.query('select pg_advisory_lock(727274)');
          await migrate(drizzle(conn, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await conn.query('select pg_advisory_unlock(727274)').catch(() => undefined);
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = opts.dataDir ?? './data';
  fs.mkdirSync(dir, { recursive: true });
  const client = await createPglite(path.join(dir, 'pg'));
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    dataDir: dir,
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/** Migrations the code knows (from drizzle's journal). */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database has applied; 0 before the first run. */
export async function appliedMigrationCount(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n ?? 0);
}

/** One statement's rows, as objects or (arrayRows) as arrays in column order. */
export interface RawResult {
  rows: unknown[];
  rowCount: number;
}

/** SQL text with $n parameters on the database or a transaction: what pg-boss and the job thread's proxy send. */
export interface RawSql {
  query(text: string, values?: unknown[], options?: { arrayRows?: boolean }): Promise<RawResult>;
}

interface PgliteLike {
  query(text: string, values?: unknown[], options?: { rowMode?: 'array' | 'object' }): Promise<{ rows: unknown[]; affectedRows?: number }>;
  exec(text: string): Promise<{ rows: unknown[]; affectedRows?: number }[]>;
}
interface PgResultLike {
  rows: unknown[];
  rowCount: number | null;
}
interface PgClientLike {
  /** Several statements (no parameters) answer one result each. */
  query(config: { text: string; values?: unknown[]; rowMode?: 'array' }): Promise<PgResultLike | PgResultLike[]>;
}

/**
 * Raw SQL on a drizzle database or transaction, through its driver's client (drizzle keeps it as
 * `session.client`: the PGlite instance or its transaction, a node-postgres pool or pool client).
 * Text without parameters may hold several statements (pg-boss's migrations): the last one's rows
 * are answered.
 */
export function rawSql(executor: Executor, kind: Database['kind']): RawSql {
  // drizzle does not export its session's client; both drivers keep it there (tests/api/jobs.test.ts runs on both).
  const client = (executor as unknown as { session: { client: unknown } }).session.client;
  if (kind === 'pglite') {
    const lite = client as PgliteLike;
    return {
      async query(text, values = [], { arrayRows = false } = {}) {
        if (values.length === 0 && !arrayRows && typeof lite.exec === 'function') {
          const results = await lite.exec(text);
          const last = results[results.length - 1];
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        }
        const result = await lite.query(text, values, arrayRows ? { rowMode: 'array' } : undefined);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      },
    };
  }
  const pg = client as PgClientLike;
  return {
    async query(text, values = [], { arrayRows = false } = {}) {
      const answer = await pg.query({ text, values, ...(arrayRows ? { rowMode: 'array' as const } : {}) });
      const result = Array.isArray(answer) ? (answer[answer.length - 1] ?? { rows: [], rowCount: 0 }) : answer;
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
  };
}
