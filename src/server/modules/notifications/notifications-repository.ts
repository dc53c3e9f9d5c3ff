import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { NOTIFICATION_EXPIRY_DAYS } from '@shared/constants';
import type { Executor } from '../../db/client';
import { files, tasks } from '../../db/schema';

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

/**
 * Deletes the tasks of every client that are at least `days` old, and the files they held
 * (downloads keep their rows for Report History). Answers how many of each went.
 */
export function deleteExpiredTasks(db: Executor, days: number): Promise<{ tasks: number; files: number }> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(tasks)
      .where(lte(tasks.createdAt, sql`now() - make_interval(days => ${days})`))
      .returning({ fileId: tasks.fileId });
    const fileIds = gone.map((t) => t.fileId).filter((id): id is number => id !== null);
    const deleted = fileIds.length ? await tx.delete(files).where(inArray(files.id, fileIds)).returning({ id: files.id }) : [];
    return { tasks: gone.length, files: deleted.length };
  });
}

/**
 * An "Outcome completed" notification (spec 1 §3, §4): unread and highlighted until its user goes
 * to it. The month-close job raises one per chart creator and product, opening Measure on the month (issue 18).
 */
export async function raiseOutcomeCompleted(
  db: Executor,
  task: { userId: number; clientId: number; name: string; uiName?: string | null; productSlug: string; requestId?: string | null; path?: string },
) {
  const [row] = await db
    .insert(tasks)
    .values({
      userId: task.userId, clientId: task.clientId, reportType: 'outcome_completed', status: 'completed', name: task.name, uiName: task.uiName ?? null,
      productSlug: task.productSlug, requestId: task.requestId ?? null,
      // The page it opens (Measure on the recorded month), read back by task-view's pagePath.
      ...(task.path ? { request: { path: task.path } } : {}),
    })
    .returning();
  return row!;
}
