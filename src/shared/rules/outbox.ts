/**
 * The outbox's rules (issue 4, DESIGN "Client data flow"): which queued commands may be sent
 * now, what a server answer means for a command, and how long a command waits before it is
 * tried again. Pure, so that the app and the service worker apply the same rules.
 */
import { ERROR_CODES } from '../schemas/error';

/** Where a command is in its life. */
export type CommandState =
  /**
   * Queued, not yet sent, or being sent. The drain keeps what is in flight in memory rather than
   * writing a state for it: every write to the outbox waits for the one before it, and a command
   * whose answer was lost with its tab is sent again under the same key, which is safe.
   */
  | 'pending'
  /** A network error, 5xx or 429: tried again at `nextAttemptAt`. */
  | 'waiting'
  /** 409: the entity changed on the server; the user keeps theirs or takes the server's. */
  | 'conflict'
  /** Another 4xx: the server refused it; the change is rolled back and the user told why. */
  | 'rejected'
  /** Applied on the server (or found applied: a replayed key). */
  | 'done';

export interface OutboxCommand {
  /** The idempotency key, a uuid, sent as X-Request-ID. */
  id: string;
  entity: string;
  entityId: string;
  /** The entity version the change was based on; null for a create. */
  baseVersion: number | null;
  /** Milliseconds since the epoch; commands are applied in this order. */
  createdAt: number;
  state: CommandState;
  attempts: number;
  /** When a waiting command may be tried again (ms since the epoch). */
  nextAttemptAt: number | null;
}

/** The first retry waits this long; each next one twice as long, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

const HELD: ReadonlySet<CommandState> = new Set(['conflict', 'rejected']);

/** One key per entity: its commands are sent one after another. */
export const entityKey = (c: Pick<OutboxCommand, 'entity' | 'entityId'>) => `${c.entity}\u0000${c.entityId}`;

/** Oldest first; the id breaks a tie so every reader sees one order. */
export function byCreation(a: OutboxCommand, b: OutboxCommand): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The commands that may be sent at `now`, oldest first: per entity, only the oldest command
 * not yet done, and only when it is pending or its wait is over. A command in conflict or
 * rejected holds back the later commands on its entity (they were made on top of it) and
 * nothing else, so an entity's commands reach the server in order.
 */
export function sendable<C extends OutboxCommand>(commands: readonly C[], now: number): C[] {
  const seen = new Set<string>();
  const out: C[] = [];
  for (const command of [...commands].sort(byCreation)) {
    if (command.state === 'done') continue;
    const key = entityKey(command);
    if (seen.has(key)) continue;
    seen.add(key);
    if (command.state === 'pending' || (command.state === 'waiting' && (command.nextAttemptAt ?? 0) <= now)) out.push(command);
  }
  return out;
}

/** The command that holds `command` back (an older one on its entity in conflict or rejected), if any. */
export function heldBackBy(commands: readonly OutboxCommand[], command: OutboxCommand): OutboxCommand | null {
  const key = entityKey(command);
  return [...commands].sort(byCreation).find((c) => byCreation(c, command) < 0 && entityKey(c) === key && HELD.has(c.state)) ?? null;
}

/** Commands not yet applied: the count the top bar shows as pending. */
export function pendingCount(commands: readonly OutboxCommand[]): number {
  return commands.filter((c) => c.state !== 'done').length;
}

/** What a server answer (or its absence) means for the command that was sent. */
export type SendOutcome =
  | { kind: 'applied' }
  /** 401 (the login lapsed) or a missing CSRF token: nothing is wrong with the command; it waits for a new login. */
  | { kind: 'paused' }
  | { kind: 'conflict' }
  | { kind: 'rejected' }
  | { kind: 'retry'; waitMs: number };

/**
 * @param answer the HTTP status and Retry-After header, or 'network' when no answer came
 * @param attempts how many times the command has now been sent
 * @param random a number in [0, 1) that spreads retries of many clients (jitter)
 */
export function outcomeOf(answer: { status: number; retryAfter?: string | null; code?: string } | 'network', attempts: number, now: number, random = 0.5): SendOutcome {
  if (answer === 'network') return { kind: 'retry', waitMs: backoffMs(attempts, random) };
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'applied' };
  if (status === 401 || (status === 403 && answer.code === ERROR_CODES.csrf)) return { kind: 'paused' };
  if (status === 409) return { kind: 'conflict' };
  if (status === 429 || status >= 500 || status === 408) {
    const asked = retryAfterMs(answer.retryAfter ?? null, now);
    return { kind: 'retry', waitMs: asked === null ? backoffMs(attempts, random) : Math.min(MAX_BACKOFF_MS, Math.max(asked, 0)) };
  }
  return { kind: 'rejected' };
}

/** Exponential backoff with full jitter in its upper half: attempt 1 waits 0.5-1 s, 2 waits 1-2 s, ... at most 5 min. */
export function backoffMs(attempts: number, random = 0.5): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}

/** Retry-After as milliseconds from `now`: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : at - now;
}

/**
 * The commands a user's view leaves out: one in conflict or rejected, and the later commands on
 * its entity (they were made on top of it). What is left is applied over the server's data.
 */
export function heldOrRefused(commands: readonly OutboxCommand[]): Set<string> {
  const blocked = new Set<string>();
  const out = new Set<string>();
  for (const command of [...commands].sort(byCreation)) {
    const key = entityKey(command);
    if (HELD.has(command.state)) blocked.add(key);
    if (blocked.has(key)) out.add(command.id);
  }
  return out;
}

/** Later commands on the entity of `applied`, oldest first: the ones a new version or id must reach. */
export function laterOnEntity<C extends OutboxCommand>(commands: readonly C[], applied: OutboxCommand): C[] {
  const key = entityKey(applied);
  return [...commands].sort(byCreation).filter((c) => c.id !== applied.id && entityKey(c) === key && byCreation(c, applied) > 0);
}

/**
 * After a command is applied, the next command on the same entity was based on the version the
 * first one made, which only the server knows: it takes the new version. A create hands its new
 * id on too (the later commands named the entity by a temporary id), and so does an item made
 * inside the entity (a chart's market): the answer's `meta.created` maps its temporary key to
 * the new id, which replaces the key in later paths and bodies.
 */
export function rebase<C extends OutboxCommand & { path: string; body?: unknown }>(
  later: C,
  applied: { entityId: string; newVersion: number | null; newId: string | null; created?: Readonly<Record<string, number>> },
): C {
  const entityId = applied.newId ?? later.entityId;
  let path = applied.newId && applied.newId !== applied.entityId ? later.path.split(applied.entityId).join(applied.newId) : later.path;
  let body = later.body;
  for (const [key, id] of Object.entries(applied.created ?? {})) {
    path = path.split(key).join(String(id));
    body = renameKey(body, key, id);
  }
  const baseVersion = applied.newVersion ?? later.baseVersion;
  return { ...later, entityId, path, body, baseVersion };
}

/** The value with every string equal to `key` replaced by `id`, at any depth. */
function renameKey(value: unknown, key: string, id: number): unknown {
  if (value === key) return id;
  if (Array.isArray(value)) return value.map((v) => renameKey(v, key, id));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renameKey(v, key, id)]));
  }
  return value;
}

/** The temporary keys an answer says it turned into ids (`meta.created`). */
export function createdKeys(body: unknown): Record<string, number> {
  const meta = typeof body === 'object' && body !== null ? (body as { meta?: { created?: unknown } }).meta : undefined;
  const created = meta?.created;
  if (typeof created !== 'object' || created === null) return {};
  return Object.fromEntries(Object.entries(created).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

const show = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * What a conflict dialog compares: each field of my change whose value differs from the
 * server's copy (the version and id are bookkeeping, not the user's).
 */
export function conflictRows(mine: unknown, theirs: unknown): { field: string; mine: string; theirs: string }[] {
  if (typeof mine !== 'object' || mine === null) return [];
  const server = typeof theirs === 'object' && theirs !== null ? (theirs as Record<string, unknown>) : {};
  return Object.entries(mine as Record<string, unknown>)
    .filter(([field]) => field !== 'version' && field !== 'id')
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(server[field]))
    .map(([field, value]) => ({ field: field.replace(/_/g, ' '), mine: show(value), theirs: show(server[field]) }));
}
