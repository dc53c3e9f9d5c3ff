import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { writeLimits } from '../../db/schema';

export interface LimitKey {
  userId: number;
  action: string;
}

/** Taken: the window it was counted in (as PostgreSQL writes it, so it compares exactly); refused: how full and for how long. */
export type TakeResult =
  | { taken: true; windowStart: string }
  | { taken: false; count: number; retryAfterSeconds: number };

/**
 * Counts one more write in the key's window, unless the window already holds `limit`: one
 * statement, atomic on both drivers (concurrent takes of one key queue on its row), so a burst
 * from several API processes cannot pass the limit together. A window older than `windowSeconds`
 * starts again at this write. The time is the database's, so processes with skewed clocks agree.
 */
export async function take(db: Executor, key: LimitKey, limit: number, windowSeconds: number): Promise<TakeResult> {
  const expired = sql`${writeLimits.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(writeLimits)
    .values({ ...key, count: 1 })
    .onConflictDoUpdate({
      target: [writeLimits.userId, writeLimits.action],
      set: {
        windowStart: sql`case when ${expired} then now() else ${writeLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${writeLimits.count} + 1 end`,
      },
      setWhere: sql`${expired} or ${writeLimits.count} < ${limit}`,
    })
    .returning({ windowStart: sql<string>`${writeLimits.windowStart}::text` });
  if (row) return { taken: true, windowStart: row.windowStart };

  // Refused (the row exists and is full): the window's end, by the database's clock.
  const [full] = await db
    .select({
      count: writeLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${writeLimits.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    })
    .from(writeLimits)
    .where(and(eq(writeLimits.userId, key.userId), eq(writeLimits.action, key.action)));
  return { taken: false, count: full?.count ?? limit, retryAfterSeconds: Number(full?.retryAfterSeconds ?? windowSeconds) };
}

/** Gives back a write counted in `windowStart` that was not applied after all; nothing once that window has ended. */
export async function giveBack(db: Executor, key: LimitKey, windowStart: string): Promise<void> {
  await db
    .update(writeLimits)
    .set({ count: sql`${writeLimits.count} - 1` })
    .where(and(
      eq(writeLimits.userId, key.userId),
      eq(writeLimits.action, key.action),
      sql`${writeLimits.windowStart} = ${windowStart}::timestamptz`,
      gt(writeLimits.count, 0),
    ));
}
