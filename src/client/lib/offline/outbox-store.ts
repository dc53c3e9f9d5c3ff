import type { AppDatabase } from './db';

/**
 * The small part of the outbox the shell needs at once (who writes, temporary ids, what an answer
 * carries, retry times). The drain itself (outbox.ts) loads when there is something to send, so
 * the shell does not carry it (decision 006's budget); the service worker imports it whole.
 */

/** A temporary id for an entity created on this device, until the server names it. */
export function temporaryId(): string {
  return `tmp-${crypto.randomUUID()}`;
}

/** The user the outbox's commands belong to, and the CSRF token their writes need (readable by the service worker). */
export async function rememberWriter(db: AppDatabase, userId: number, csrfToken: string | null): Promise<void> {
  await db.meta.bulkPut([
    { key: 'userId', value: userId, savedAt: Date.now() },
    { key: 'csrfToken', value: csrfToken, savedAt: Date.now() },
  ]);
}

/** The entity an answer carries: `{ data: entity }` by the API's convention (null for a text answer). */
export function answerData(body: unknown): unknown {
  return typeof body === 'object' && body !== null && 'data' in body ? (body as { data: unknown }).data : null;
}

/** The network is back: every command waiting for a retry may go now (their attempts still count). */
export async function retryNow(db: AppDatabase): Promise<void> {
  await db.outbox.where('state').equals('waiting').modify({ nextAttemptAt: 0 });
}

/** When the next waiting command may be tried again, if any waits. */
export async function nextRetryAt(db: AppDatabase): Promise<number | null> {
  const waiting = await db.outbox.where('state').equals('waiting').toArray();
  return waiting.reduce<number | null>((soonest, c) => (c.nextAttemptAt !== null && (soonest === null || c.nextAttemptAt < soonest) ? c.nextAttemptAt : soonest), null);
}
