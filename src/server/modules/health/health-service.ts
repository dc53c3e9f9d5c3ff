import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/client';

export type HealthResult = { ok: true } | { ok: false; reason: string };

const CHECK_TIMEOUT_MS = 2_000;
const expected = expectedMigrationCount();

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref()),
  ]);
}

/** The database answers and has every migration this code expects. */
export async function checkDatabase(db: Db): Promise<HealthResult> {
  try {
    await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
    const applied = await withTimeout(appliedMigrationCount(db), CHECK_TIMEOUT_MS);
    if (applied < expected) return { ok: false, reason: `database migrations behind: ${applied} of ${expected} applied` };
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: `database unreachable: ${(err as Error).message}` };
  }
}

/** Each service part checks what it depends on: its tables answer. */
export async function checkTables(db: Db, tables: readonly string[]): Promise<HealthResult> {
  const base = await checkDatabase(db);
  if (!base.ok) return base;
  for (const table of tables) {
    try {
      await withTimeout(db.execute(sql`select 1 from ${sql.identifier(table)} limit 1`), CHECK_TIMEOUT_MS);
    } catch (err) {
      return { ok: false, reason: `${table} unavailable: ${(err as Error).message}` };
    }
  }
  return { ok: true };
}
