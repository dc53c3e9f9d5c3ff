import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { NOTIFICATION_EXPIRY_DAYS } from '@shared/constants';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema';

/** The caller's tasks in this client, newer than the expiry. */
export function listTasks(db: Executor, userId: number, clientId: number) {
  return db
    .select()
    .from(tasks)
    .where(and(
      eq(tasks.userId, userId),
      eq(tasks.clientId, clientId),
      gt(tasks.createdAt, sql`now() - make_interval(days => ${NOTIFICATION_EXPIRY_DAYS})`),
    ))
    .orderBy(desc(tasks.createdAt));
}

/** Marks the caller's task in this client read, keeping the first read time; false when there is no such task. */
export async function markRead(db: Executor, userId: number, clientId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ readAt: sql`coalesce(${tasks.readAt}, now())` })
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.clientId, clientId)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}
