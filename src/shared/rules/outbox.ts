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
  /**
   * The part of the entity it changes ("market:12", "audience:tmp-…"): later commands on the same
   * item depend on it. Absent: the command is about the whole entity, and every later one depends on it.
   */
  item?: string;
  /** Temporary keys it makes (a created entity's id, a new market's client key): a later command naming one depends on it. */
  makes?: readonly string[];
  /** Where it is sent and what: searched for the temporary keys an earlier command makes. */
  path?: string;
  body?: unknown;
}

/** The first retry waits this long; each next one twice as long, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
/**
 * While no server answers (no network, or a gateway's 502/504), a retry waits at most this long:
 * the server's return is found within 15 s (issue 12). A server that answers "later" (429, 503)
 * backs off up to MAX_BACKOFF_MS.
 */
export const UNREACHABLE_MAX_BACKOFF_MS = 15_000;

const HELD: ReadonlySet<CommandState> = new Set(['conflict', 'rejected']);

/** One key per entity: its commands are sent one after another. */
export const entityKey = (c: Pick<OutboxCommand, 'entity' | 'entityId'>) => `${c.entity}\u0000${c.entityId}`;

/** Oldest first; the id breaks a tie so every reader sees one order. */
export function byCreation(a: OutboxCommand, b: OutboxCommand): number {
  return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether `later` names a temporary key `earlier` makes (in its item, entity, path or body). */
function namesWhatItMakes(later: OutboxCommand, earlier: OutboxCommand): boolean {
  const keys = earlier.makes ?? [];
  if (keys.length === 0) return false;
  const text = `${later.entityId}\u0000${later.item ?? ''}\u0000${later.path ?? ''}\u0000${JSON.stringify(later.body ?? null)}`;
  return keys.some((key) => text.includes(key));
}

/**
 * Whether `later` was made on top of `earlier` (DESIGN "Client data flow"): it is on the same
 * entity and touches the same item, or `earlier` is about the whole entity, or `later` names
 * something `earlier` makes. Edits of other items of the entity do not depend on it.
 */
export function dependsOn(later: OutboxCommand, earlier: OutboxCommand): boolean {
  if (byCreation(earlier, later) >= 0 || entityKey(earlier) !== entityKey(later)) return false;
  if (earlier.item === undefined || later.item === undefined || earlier.item === later.item) return true;
  return namesWhatItMakes(later, earlier);
}

/**
 * The commands held back, each with the held command (in conflict or refused) it waits on:
 * the held commands' dependents, and theirs in turn. Held commands themselves are not in it.
 */
export function heldBack<C extends OutboxCommand>(commands: readonly C[]): Map<string, C> {
  const waitsOn = new Map<string, C>();
  // The drain asks this after every answer: with nothing held (the usual case) it costs one pass.
  const heldEntities = new Set(commands.filter((c) => HELD.has(c.state)).map(entityKey));
  if (heldEntities.size === 0) return waitsOn;
  const byEntity = new Map<string, C[]>();
  for (const command of commands) {
    const key = entityKey(command);
    if (heldEntities.has(key) && command.state !== 'done') byEntity.set(key, [...(byEntity.get(key) ?? []), command]);
  }
  for (const group of byEntity.values()) {
    const sorted = group.sort(byCreation);
    sorted.forEach((command, i) => {
      if (HELD.has(command.state)) return;
      for (let j = i - 1; j >= 0; j--) {
        const earlier = sorted[j]!;
        if (!dependsOn(command, earlier)) continue;
        const root = HELD.has(earlier.state) ? earlier : waitsOn.get(earlier.id);
        if (root) {
          waitsOn.set(command.id, root);
          return;
        }
      }
    });
  }
  return waitsOn;
}

/**
 * The commands that may be sent at `now`, oldest first: per entity, only the oldest command that
 * is not done and not held, and only when it is pending or its wait is over. A command in
 * conflict or refused holds back what depends on it and nothing else; an entity's other
 * commands still reach the server in order, one at a time.
 */
export function sendable<C extends OutboxCommand>(commands: readonly C[], now: number): C[] {
  const held = heldBack(commands);
  const seen = new Set<string>();
  const out: C[] = [];
  for (const command of [...commands].sort(byCreation)) {
    if (command.state === 'done' || HELD.has(command.state) || held.has(command.id)) continue;
    const key = entityKey(command);
    if (seen.has(key)) continue;
    seen.add(key);
    if (command.state === 'pending' || (command.state === 'waiting' && (command.nextAttemptAt ?? 0) <= now)) out.push(command);
  }
  return out;
}

/** The held command (in conflict or refused) that `command` waits on, if any: "Waiting on: …". */
export function heldBackBy<C extends OutboxCommand>(commands: readonly C[], command: OutboxCommand): C | null {
  return heldBack(commands).get(command.id) ?? null;
}

/** Commands truly on their way: not applied, not needing the user, not waiting on one that does. */
export function pendingCount(commands: readonly OutboxCommand[]): number {
  const held = heldBack(commands);
  return commands.filter((c) => c.state !== 'done' && !HELD.has(c.state) && !held.has(c.id)).length;
}

/** Commands that need the user: in conflict, refused, or waiting on one of those. */
export function attentionCount(commands: readonly OutboxCommand[]): number {
  return commands.filter((c) => HELD.has(c.state)).length + heldBack(commands).size;
}

/**
 * What goes with `command` when it is dropped ("Take theirs", "Discard"): the later commands
 * that depend on it, and theirs in turn, oldest first. Independent edits stay.
 */
export function dependents<C extends OutboxCommand>(commands: readonly C[], command: OutboxCommand): C[] {
  const out: C[] = [];
  const gone = [command];
  for (const later of [...commands].sort(byCreation)) {
    if (later.id === command.id || later.state === 'done' || byCreation(later, command) <= 0) continue;
    if (gone.some((g) => dependsOn(later, g))) {
      out.push(later);
      gone.push(later);
    }
  }
  return out;
}

/** What a server answer (or its absence) means for the command that was sent. */
export type SendOutcome =
  | { kind: 'applied' }
  /** 401 (the login lapsed) or a missing CSRF token: nothing is wrong with the command; it waits for a new login. */
  | { kind: 'paused' }
  | { kind: 'conflict' }
  /** 404 naming what is gone: an edit of something someone else deleted ("Deleted by someone else"). */
  | { kind: 'gone' }
  | { kind: 'rejected' }
  | { kind: 'retry'; waitMs: number };

/**
 * @param answer the HTTP status and Retry-After header, or 'network' when no answer came; `gone`
 *   when a 404 named what is gone (`details.gone`), `method` the command's
 * @param attempts how many times the command has now been sent
 * @param random a number in [0, 1) that spreads retries of many clients (jitter)
 */
export function outcomeOf(
  answer: { status: number; retryAfter?: string | null; code?: string; gone?: boolean; method?: string } | 'network',
  attempts: number,
  now: number,
  random = 0.5,
): SendOutcome {
  if (answer === 'network') return { kind: 'retry', waitMs: backoffMs(attempts, random, UNREACHABLE_MAX_BACKOFF_MS) };
  const { status } = answer;
  if (status >= 200 && status < 300) return { kind: 'applied' };
  if (status === 401 || (status === 403 && answer.code === ERROR_CODES.csrf)) return { kind: 'paused' };
  if (status === 409) return { kind: 'conflict' };
  // Deleting what is already gone did what the user wanted; editing it needs their choice.
  if (status === 404 && answer.gone) return answer.method === 'DELETE' ? { kind: 'applied' } : { kind: 'gone' };
  // A gateway with no server behind it: the server is unreachable, not busy.
  if (status === 502 || status === 504) return { kind: 'retry', waitMs: backoffMs(attempts, random, UNREACHABLE_MAX_BACKOFF_MS) };
  if (status === 429 || status >= 500 || status === 408) {
    const asked = retryAfterMs(answer.retryAfter ?? null, now);
    return { kind: 'retry', waitMs: asked === null ? backoffMs(attempts, random) : Math.min(MAX_BACKOFF_MS, Math.max(asked, 0)) };
  }
  return { kind: 'rejected' };
}

/** Exponential backoff with full jitter in its upper half: attempt 1 waits 0.5-1 s, 2 waits 1-2 s, ... at most `max` (5 min). */
export function backoffMs(attempts: number, random = 0.5, max = MAX_BACKOFF_MS): number {
  const ceiling = Math.min(max, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
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
 * The commands a user's view leaves out: one in conflict or refused, and what depends on it.
 * What is left is applied over the server's data.
 */
export function heldOrRefused(commands: readonly OutboxCommand[]): Set<string> {
  const out = new Set(heldBack(commands).keys());
  for (const command of commands) if (HELD.has(command.state)) out.add(command.id);
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
  const renamed = applied.newId && applied.newId !== applied.entityId;
  let path = renamed ? later.path.split(applied.entityId).join(applied.newId!) : later.path;
  let item = later.item;
  let body = later.body;
  for (const [key, id] of Object.entries(applied.created ?? {})) {
    path = path.split(key).join(String(id));
    item = item?.split(key).join(String(id));
    body = renameKey(body, key, id);
  }
  const baseVersion = applied.newVersion ?? later.baseVersion;
  return { ...later, entityId, path, body, baseVersion, ...(item === undefined ? {} : { item }) };
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

export interface ConflictRow {
  field: string;
  /** What the edit was made on; null when the edit did not say. */
  base: string | null;
  theirs: string;
  mine: string;
}

/**
 * What a conflict dialog compares. The server names the fields both sides changed (`conflicts`,
 * base, theirs and mine each); for an entity whose server does not, each field of my change whose
 * value differs from the server's copy (the version, id and base are bookkeeping, not the user's).
 */
export function conflictRows(mine: unknown, theirs: unknown, conflicts?: readonly { field: string; base?: unknown; theirs?: unknown; mine?: unknown }[]): ConflictRow[] {
  if (conflicts && conflicts.length > 0) {
    return conflicts.map((c) => ({ field: c.field.replace(/_/g, ' '), base: show(c.base), theirs: show(c.theirs), mine: show(c.mine) }));
  }
  if (typeof mine !== 'object' || mine === null) return [];
  const server = typeof theirs === 'object' && theirs !== null ? (theirs as Record<string, unknown>) : {};
  const base = (mine as { base?: unknown }).base;
  const seen = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : null;
  return Object.entries(mine as Record<string, unknown>)
    .filter(([field]) => field !== 'version' && field !== 'id' && field !== 'base')
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(server[field]))
    .map(([field, value]) => ({ field: field.replace(/_/g, ' '), base: seen && field in seen ? show(seen[field]) : null, theirs: show(server[field]), mine: show(value) }));
}
