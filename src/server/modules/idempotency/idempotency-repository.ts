import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { processedRequests } from '../../db/schema';

export interface KeyClaim {
  userId: number;
  key: string;
  method: string;
  path: string;
  requestHash: string;
}

export interface StoredAnswer {
  status: number;
  response: unknown;
  contentType: string;
}

/**
 * Claims the key in this transaction: true when it is new. While another transaction holds a
 * claim on it, PostgreSQL makes this insert wait for that one to end, so a concurrent duplicate
 * finds the committed answer (false) or, if the other rolled back, claims it itself.
 */
export async function claimKey(tx: Executor, claim: KeyClaim): Promise<boolean> {
  // status 0 until saveAnswer, in the same transaction: no other transaction ever sees it.
  const rows = await tx
    .insert(processedRequests)
    .values({ ...claim, status: 0, response: null })
    .onConflictDoNothing()
    .returning({ key: processedRequests.key });
  return rows.length > 0;
}

export async function saveAnswer(tx: Executor, userId: number, key: string, answer: StoredAnswer) {
  await tx
    .update(processedRequests)
    .set({ status: answer.status, response: answer.response, contentType: answer.contentType })
    .where(and(eq(processedRequests.userId, userId), eq(processedRequests.key, key)));
}

export async function findAnswer(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(processedRequests)
    .where(and(eq(processedRequests.userId, userId), eq(processedRequests.key, key)));
  return row ?? null;
}

/** Forgets keys older than `days` (an index on created_at keeps this cheap). */
export async function deleteOlderThan(db: Executor, days: number) {
  await db.delete(processedRequests).where(lt(processedRequests.createdAt, sql`now() - make_interval(days => ${days})`));
}
