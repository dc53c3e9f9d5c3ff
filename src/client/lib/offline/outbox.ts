import { HEADERS, OFFLINE } from '@shared/constants';
import { byCreation, dependents, entityKey, rebase, sendable } from '@shared/rules/outbox';
import { backoffTries, createdKeys, laterOnEntity, outcomeOf } from '@shared/rules/outbox-answers';
import { changesLeft, takeTheirsOnly } from '@shared/rules/merge';
import { fieldMessages } from '@shared/rules/refusals';
import { apiErrorSchema, goneDetailsSchema, versionConflictSchema } from '@shared/schemas/error';
import * as z from 'zod/mini';
import type { AppDatabase, StoredCommand } from './db';
import { answerData, rememberApplied, writer, type CommandInput } from './outbox-store';

export { addCommand, answerData, nextRetryAt, rememberApplied, rememberWriter, retryNow, temporaryId, type CommandInput } from './outbox-store';

/**
 * The outbox (issue 4): every edit is a command stored on the device first, then sent with its
 * id as X-Request-ID, so a resend after a lost answer is applied at most once by the server.
 * This file has no React and no DOM: the page and the service worker both drain with it.
 */

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

/** An entity's id and version (the server's copy, or the data of a write's answer). */
export function entityIdentity(data: unknown): { id: string | null; version: number | null } {
  if (typeof data !== 'object' || data === null) return { id: null, version: null };
  const { id, version } = data as { id?: unknown; version?: unknown };
  return {
    id: typeof id === 'number' || typeof id === 'string' ? String(id) : null,
    version: typeof version === 'number' ? version : null,
  };
}

/**
 * The request a command makes. The API's convention for versioned writes: the base version is
 * the body's `version` (PUT, POST) or the `version` query parameter (DELETE). It is filled in
 * from the command at send time, because an edit made on top of an unsent edit only learns its
 * base version when the first one is applied.
 */
export function requestOf(command: Pick<StoredCommand, 'method' | 'path' | 'body' | 'baseVersion'>): { path: string; body: unknown } {
  if (command.baseVersion === null) return { path: command.path, body: command.body };
  if (command.method === 'DELETE') {
    const url = new URL(command.path, 'http://local');
    url.searchParams.set('version', String(command.baseVersion));
    return { path: `${url.pathname}${url.search}`, body: command.body };
  }
  const isObject = typeof command.body === 'object' && command.body !== null && !Array.isArray(command.body);
  return { path: command.path, body: isObject ? { ...(command.body as object), version: command.baseVersion } : command.body };
}

async function send(command: StoredCommand, csrfToken: string | null, fetchImpl: typeof fetch): Promise<Answer | 'network'> {
  const { path, body } = requestOf(command);
  const headers = new Headers({ accept: 'application/json', [HEADERS.requestId]: command.id });
  if (command.body !== undefined) headers.set('content-type', 'application/json');
  if (csrfToken) headers.set(HEADERS.csrf, csrfToken);
  if (command.context) headers.set(HEADERS.context, command.context);
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method: command.method,
      credentials: 'same-origin',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return 'network';
  }
  const text = await response.text().catch(() => '');
  let answer: unknown = text;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    // A text answer (notifications/{id}/read answers "OK") stays text.
  }
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: answer };
}

function errorOf(answer: Answer): NonNullable<StoredCommand['error']> {
  const parsed = apiErrorSchema.safeParse(answer.body);
  return parsed.success
    ? { status: answer.status, code: parsed.data.error.code, message: parsed.data.error.message, ...fieldsOf(parsed.data.error.details) }
    : { status: answer.status, code: 'HTTP_ERROR', message: `The server answered ${answer.status}.` };
}

/** The server's message per field, kept so "Edit and retry" shows each under its field (issue 27). */
function fieldsOf(details: unknown): { fields?: Record<string, string> } {
  const fields = fieldMessages(details);
  return Object.keys(fields).length > 0 ? { fields } : {};
}

const conflictAnswerSchema = versionConflictSchema(z.unknown());

/** A 409's server copy and the fields in conflict, when the server named them. */
function conflictOf(answer: Answer): Pick<StoredCommand, 'serverCopy' | 'conflicts'> {
  const parsed = conflictAnswerSchema.safeParse(answer.body);
  if (!parsed.success) return { serverCopy: null };
  const { current, conflicts } = parsed.data.error.details;
  return { serverCopy: current ?? null, ...(conflicts ? { conflicts } : {}) };
}

/** What a 404 says is gone (`details.gone`), if it says. */
function goneOf(body: unknown): StoredCommand['gone'] | undefined {
  const details = apiErrorSchema.safeParse(body).data?.error.details;
  return goneDetailsSchema.safeParse(details).data?.gone;
}

export interface DrainOptions {
  fetchImpl?: typeof fetch;
  now?: () => number;
  random?: () => number;
  /** At most this many entities' commands are in flight at once. */
  concurrency?: number;
}

export interface DrainResult {
  /** false when another tab (or the service worker) was already draining. */
  ran: boolean;
  sent: number;
  applied: number;
  /** The login lapsed: nothing more is sent until the user logs in again. */
  paused: boolean;
}

type Recorded = 'applied' | 'paused' | 'other';

/**
 * Applies one answer to the stored command and, when it was applied, to the later commands on
 * its entity. One transaction, which also reads the entity's commands as they now are.
 */
async function record(db: AppDatabase, command: StoredCommand, answer: Answer | 'network', now: number, random: number): Promise<{ kind: Recorded; entity: StoredCommand[] }> {
  const code = answer === 'network' ? undefined : apiErrorSchema.safeParse(answer.body).data?.error.code;
  const gone = answer === 'network' ? undefined : goneOf(answer.body);
  const said = answer === 'network' ? 'network' : { status: answer.status, retryAfter: answer.retryAfter, code, gone: gone !== undefined, method: command.method };
  // Tries made while the server was down do not count toward a back-off once it answers (issue 27).
  const { tries, answered } = backoffTries(said, command);
  const outcome = outcomeOf(said, tries, now, random);
  const onEntity = () => db.outbox.where('[entity+entityId]').equals([command.entity, command.entityId]).toArray();
  return db.transaction('rw', db.outbox, db.meta, async () => {
    // The user may have discarded it (logout, "Take theirs") while it was in flight.
    if (!(await db.outbox.get(command.id))) return { kind: 'other' as const, entity: await onEntity() };
    const failure = answer === 'network' ? null : answer;
    switch (outcome.kind) {
      case 'applied': {
        // A delete of what was already gone is done too: its answer is the 404, which carries no entity.
        const body = failure && failure.status < 300 ? failure.body : null;
        await db.outbox.update(command.id, { state: 'done', response: body, error: null, nextAttemptAt: null });
        const made = entityIdentity(answerData(body));
        const newId = made.id !== null && made.id !== command.entityId ? made.id : null;
        const created = createdKeys(body);
        const renames = Object.keys(created).length > 0;
        await rememberApplied(db, command, made.version, created, now);
        for (const [i, later] of laterOnEntity((await onEntity()).filter((c) => c.state !== 'done'), command).entries()) {
          // Only the next command was based on this one's result (it passes its own on in turn:
          // rebasing them all made a 500-edit drain write 5 times as often). One that goes past a
          // held command on an older version is merged by the server with what it says it saw.
          // A created entity's id and a made item's id reach every later command, which named them by temporary keys.
          const newVersion = i === 0 && later.baseVersion !== null ? made.version : null;
          if (newVersion !== null || newId !== null || renames) await db.outbox.put(rebase(later, { entityId: command.entityId, newVersion, newId, created }));
        }
        return { kind: 'applied' as const, entity: await onEntity() };
      }
      case 'conflict':
        await db.outbox.update(command.id, { state: 'conflict', error: failure && errorOf(failure), ...(failure ? conflictOf(failure) : {}) });
        break;
      case 'gone':
        await db.outbox.update(command.id, { state: 'conflict', error: failure && errorOf(failure), serverCopy: null, ...(gone ? { gone } : {}) });
        break;
      case 'rejected':
        await db.outbox.update(command.id, { state: 'rejected', error: failure && errorOf(failure), notified: false });
        break;
      case 'paused':
        await db.outbox.update(command.id, { state: 'pending', attempts: Math.max(0, command.attempts - 1) });
        return { kind: 'paused' as const, entity: await onEntity() };
      case 'retry':
        await db.outbox.update(command.id, { state: 'waiting', attempts: command.attempts, answered, nextAttemptAt: now + outcome.waitMs });
        break;
    }
    return { kind: 'other' as const, entity: await onEntity() };
  });
}

async function drainHeld(db: AppDatabase, options: DrainOptions): Promise<DrainResult> {
  const { fetchImpl = fetch, now = Date.now, random = Math.random, concurrency = 6 } = options;
  const result: DrainResult = { ran: true, sent: 0, applied: 0, paused: false };
  const { userId, csrfToken } = await writer(db);
  // With no network every send would fail and push its retry further away (up to 5 minutes):
  // nothing is tried until the browser is back online.
  if (userId === null || (typeof navigator !== 'undefined' && navigator.onLine === false)) return result;
  /** Sends one command and records the answer; returns its entity's commands as they now are. */
  const sendOne = async (command: StoredCommand): Promise<StoredCommand[]> => {
    const attempt = { ...command, attempts: command.attempts + 1 };
    const answer = await send(attempt, csrfToken, fetchImpl);
    result.sent++;
    const { kind, entity } = await record(db, attempt, answer, now(), random());
    if (kind === 'applied') result.applied++;
    if (kind === 'paused') result.paused = true;
    return entity;
  };

  // Commands added while draining are picked up by the next round.
  for (;;) {
    let commands = await db.outbox.where('userId').equals(userId).toArray();
    if (sendable(commands, now()).length === 0) return result;
    // A pool: as soon as one entity's command is answered, the next sendable one goes, so a slow
    // answer holds up only its own entity.
    await new Promise<void>((resolve, reject) => {
      const inFlight = new Set<string>();
      const pump = () => {
        const next = result.paused ? [] : sendable(commands, now()).filter((c) => !inFlight.has(entityKey(c)));
        if (next.length === 0 && inFlight.size === 0) return resolve();
        for (const command of next.slice(0, Math.max(0, concurrency - inFlight.size))) {
          const key = entityKey(command);
          inFlight.add(key);
          sendOne(command).then((fresh) => {
            commands = [...commands.filter((c) => entityKey(c) !== key), ...fresh.filter((c) => c.userId === userId)];
            inFlight.delete(key);
            pump();
          }, reject);
        }
      };
      pump();
    });
    if (result.paused) return result;
  }
}

/**
 * Sends what may be sent, until nothing is left that may be sent now. One tab (or the service
 * worker) drains at a time: the others find the lock taken and leave it to the holder.
 */
export async function drainOutbox(db: AppDatabase, options: DrainOptions = {}): Promise<DrainResult> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return drainHeld(db, options);
  return locks.request(OFFLINE.outboxLock, { ifAvailable: true }, async (lock) =>
    lock ? drainHeld(db, options) : { ran: false, sent: 0, applied: 0, paused: false });
}

/**
 * "Keep mine": the same change again, now based on the server's version, under a new key. Its
 * base values become theirs for the fields in conflict, so the server's merge takes mine there.
 */
export async function keepMine(db: AppDatabase, id: string): Promise<void> {
  await resend(db, id, 'conflict', (command) => {
    if (command.gone) return null;
    const { version } = entityIdentity(command.serverCopy);
    const body = isRecord(command.body) && command.conflicts?.length
      ? { ...command.body, base: { ...(isRecord(command.body.base) ? command.body.base : {}), ...Object.fromEntries(command.conflicts.map((c) => [c.field, c.theirs ?? null])) } }
      : command.body;
    return { body, baseVersion: version ?? command.baseVersion };
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The commands that depend on `id` (what dropping it drops too), oldest first. */
export async function dependentsOf(db: AppDatabase, id: string): Promise<StoredCommand[]> {
  const command = await db.outbox.get(id);
  if (!command) return [];
  return dependents(await db.outbox.where('[entity+entityId]').equals([command.entity, command.entityId]).toArray(), command);
}

/**
 * "Take theirs", "Drop my edit", or discarding a refused command: the command goes, and with it
 * the commands that depend on it (same item, or what it made); independent edits stay. Returns
 * what was discarded.
 */
export async function discardWithDependents(db: AppDatabase, id: string): Promise<StoredCommand[]> {
  return db.transaction('rw', db.outbox, async () => {
    const command = await db.outbox.get(id);
    if (!command) return [];
    const gone = [command, ...(await dependentsOf(db, id))];
    await db.outbox.bulkDelete(gone.map((c) => c.id));
    return gone;
  });
}

/**
 * "Re-create it": the edits of something someone else deleted (the command and its dependents)
 * are replaced, at the first one's place in the queue, by one command that makes it again.
 */
export async function replaceWith(db: AppDatabase, ids: readonly string[], input: CommandInput): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const replaced = (await db.outbox.bulkGet([...ids])).filter((c): c is StoredCommand => c !== undefined).sort(byCreation);
    const first = replaced[0];
    if (!first) return;
    await db.outbox.bulkDelete(replaced.map((c) => c.id));
    await db.outbox.add({
      id: crypto.randomUUID(), entity: input.entity, entityId: input.entityId, baseVersion: input.baseVersion, createdAt: first.createdAt, state: 'pending', attempts: 0, nextAttemptAt: null,
      userId: first.userId, method: input.method, path: input.path, body: input.body, context: input.context, label: input.label, error: null,
      ...(input.item === undefined ? {} : { item: input.item }),
      ...(input.makes === undefined ? {} : { makes: input.makes }),
    });
  });
}

/**
 * "Take theirs" (issue 27): theirs for the fields both sides changed, mine for every other field
 * of the same edit. The edit goes again, in its place and under a new key, on the version it was
 * based on, so the server merges it (`takeTheirsOnly`). When the clashing fields were all it
 * changed, or the server named no fields, the edit and what depends on it are dropped, as before.
 */
export async function takeTheirs(db: AppDatabase, id: string): Promise<{ kept: boolean; dropped: StoredCommand[] }> {
  const command = await db.outbox.get(id);
  const rest = command?.conflicts?.length && !command.gone ? takeTheirsOnly(command.body, command.conflicts) : null;
  if (!command || !rest || !changesLeft(rest)) return { kept: false, dropped: await discardWithDependents(db, id) };
  await resend(db, id, 'conflict', () => ({ body: rest }));
  return { kept: true, dropped: [] };
}

/**
 * "Edit and retry" (issue 27): a refused command goes again with the content the user changed
 * (`body`), in its place in the queue and under a new key; what waited on it goes after it.
 */
export async function sendAgain(db: AppDatabase, id: string, body: unknown): Promise<void> {
  await resend(db, id, 'rejected', () => ({ body }));
}

/**
 * Replaces a command held in `state` by the same one, pending again under a new key at its place in
 * the queue, with what `change` gives it (a new body, a new base version); `change` may decline (null).
 * "Keep mine", "Take theirs" and "Send again" all go through here.
 */
async function resend(
  db: AppDatabase,
  id: string,
  state: StoredCommand['state'],
  change: (command: StoredCommand) => Pick<StoredCommand, 'body'> & Partial<Pick<StoredCommand, 'baseVersion'>> | null,
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const command = await db.outbox.get(id);
    const changed = command && command.state === state ? change(command) : null;
    if (!command || !changed) return;
    await db.outbox.delete(id);
    await db.outbox.add({
      // A new try from the start: no back-off carried over from the tries of the edit it replaces.
      ...command, ...changed, id: crypto.randomUUID(), state: 'pending', attempts: 0, answered: undefined, nextAttemptAt: null, error: null, notified: undefined,
      serverCopy: undefined, conflicts: undefined,
    });
  });
}
