/**
 * The outbox's rules (issue 4, 12, DESIGN "Client data flow"): which queued commands may be sent
 * now, what depends on what, what is held back and what counts as pending. What an answer means
 * is in `outbox-answers.ts`. Pure, so that the app and the service worker apply the same rules.
 */

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

/**
 * The commands a user's view leaves out: one in conflict or refused, and what depends on it.
 * What is left is applied over the server's data.
 */
export function heldOrRefused(commands: readonly OutboxCommand[]): Set<string> {
  const out = new Set(heldBack(commands).keys());
  for (const command of commands) if (HELD.has(command.state)) out.add(command.id);
  return out;
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
