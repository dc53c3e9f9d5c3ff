import { OFFLINE } from '@shared/constants';
import { rebase } from '@shared/rules/outbox';
import type { AppDatabase, StoredCommand } from './db';

/**
 * The part of the outbox the shell needs at once: storing an edit (which must work offline, with
 * no chance to load code), who writes, temporary ids, what an answer carries, retry times. The
 * drain (outbox.ts) loads when there is something to send, so the shell does not carry it
 * (decision 006's budget); the service worker imports it whole.
 */

/**
 * Asks the browser for a Background Sync of the outbox (where it has one): the page after every
 * edit, the worker again after a sync's last chance. Chromium may refuse it; the caller goes on.
 */
export async function registerOutboxSync(registration: ServiceWorkerRegistration): Promise<void> {
  await (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OFFLINE.syncTag);
}

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

export interface CommandInput {
  entity: string;
  entityId: string;
  baseVersion: number | null;
  method: StoredCommand['method'];
  path: string;
  body?: unknown;
  context: string | null;
  label: string;
  /** The part of the entity it changes (see OutboxCommand.item); absent for the whole entity. */
  item?: string;
  /** Temporary keys it makes (OutboxCommand.makes). */
  makes?: string[];
}

export async function writer(db: AppDatabase): Promise<{ userId: number | null; csrfToken: string | null }> {
  const [user, csrf] = await db.meta.bulkGet(['userId', 'csrfToken']);
  return {
    userId: typeof user?.value === 'number' ? user.value : null,
    csrfToken: typeof csrf?.value === 'string' ? csrf.value : null,
  };
}

/** Stores a command (it is on the device before anything is sent). */
export async function addCommand(db: AppDatabase, input: CommandInput, now = Date.now()): Promise<StoredCommand> {
  const { userId } = await writer(db);
  if (userId === null) throw new Error('No signed-in user to queue an edit for.');
  const command: StoredCommand = {
    id: crypto.randomUUID(),
    entity: input.entity,
    entityId: input.entityId,
    baseVersion: input.baseVersion,
    // Two edits in the same millisecond still keep the order they were made in.
    createdAt: Math.max(now, ((await db.outbox.orderBy('createdAt').last())?.createdAt ?? 0) + 1e-3),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: null,
    userId,
    method: input.method,
    path: input.path,
    body: input.body,
    context: input.context,
    label: input.label,
    error: null,
    ...(input.item === undefined ? {} : { item: input.item }),
    ...(input.makes === undefined ? {} : { makes: input.makes }),
  };
  return db.transaction('rw', db.outbox, db.meta, async () => {
    const made = await catchUp(db, command, now);
    await db.outbox.add(made);
    return made;
  });
}

/** How long an entity's last applied version is remembered: the time a page may take to show it. */
const APPLIED_MEMORY_MS = 60_000;
const appliedKey = (c: Pick<StoredCommand, 'entity' | 'entityId'>) => `applied|${c.entity}|${c.entityId}`;
interface Applied {
  version: number | null;
  created: Record<string, number>;
}

/** What the server made of an entity's last applied command: its version and the ids of items made offline. */
export async function rememberApplied(db: AppDatabase, command: StoredCommand, version: number | null, created: Record<string, number>, now: number) {
  const memo = await db.meta.get(appliedKey(command));
  // Ids made within the last minute are still wanted; older ones are not carried on for ever.
  const before = memo && now - memo.savedAt <= APPLIED_MEMORY_MS ? (memo.value as Applied).created : {};
  const value: Applied = { version, created: { ...before, ...created } };
  await db.meta.put({ key: appliedKey(command), value, savedAt: now });
}

/**
 * An edit made between an earlier edit's answer and the page taking that answer in was based
 * on what the page still showed: it takes the answer's version and the ids of what it made,
 * as it would have if it had been queued behind it. The answer is read from the entity's last
 * applied command, remembered for a minute (the page may have let go of the command already).
 */
async function catchUp(db: AppDatabase, command: StoredCommand, now: number): Promise<StoredCommand> {
  const memo = await db.meta.get(appliedKey(command));
  if (!memo || now - memo.savedAt > APPLIED_MEMORY_MS) return command;
  const { version, created } = memo.value as Applied;
  const newer = version !== null && command.baseVersion !== null && version > command.baseVersion ? version : null;
  return rebase(command, { entityId: command.entityId, newVersion: newer, newId: null, created });
}
