/**
 * What a server's answer to a queued command means, and what follows for the commands after it
 * (issue 4, 12): the drain's and the conflict dialog's rules, apart from the queue's own
 * (`outbox.ts`) so that the shell, which shows the queue, does not carry them.
 */
import { ERROR_CODES } from '../schemas/error';
import { byCreation, entityKey, type OutboxCommand } from './outbox';
import { fieldName } from './refusals';

export { rebase } from './outbox';

/** The first retry waits this long; each next one twice as long, up to MAX_BACKOFF_MS. */
export const FIRST_BACKOFF_MS = 1_000;
export const MAX_BACKOFF_MS = 5 * 60_000;
/**
 * While no server answers (no network, or a gateway's 502/504), a retry waits at most this long:
 * the server's return is found within 15 s (issue 12). A 503 (DATA_NOT_READY while a restarted
 * server prepares its data) waits its Retry-After or the back-off, but never longer than this
 * either (issue 27): the server is there and says "soon". A 429 (and a 500) backs off up to
 * MAX_BACKOFF_MS.
 */
export const UNREACHABLE_MAX_BACKOFF_MS = 15_000;
export const NOT_READY_MAX_BACKOFF_MS = UNREACHABLE_MAX_BACKOFF_MS;

type Answer = { status: number; retryAfter?: string | null; code?: string; gone?: boolean; method?: string } | 'network';

/** Whether an answer came from the server itself: not a network failure, not a gateway with no server behind it (502, 504). */
export function reachedServer(answer: Answer): boolean {
  return answer !== 'network' && answer.status !== 502 && answer.status !== 504;
}

/**
 * The tries an answer's back-off counts (issue 27). While the server cannot be reached, every try
 * counts (their waits stop at 15 s anyway). Once it answers, only the tries it answered in a row:
 * attempts made while it was down say nothing about how busy it is, so after an outage the first
 * 503 waits about a second, not the 128-256 s that nine failed tries had earned.
 * @param sent the command's tries including this one (`attempts`) and the tries before this one
 *   that the server answered in a row (`answered`, 0 when absent)
 * @returns the tries for outcomeOf and the new count of answers in a row to store
 */
export function backoffTries(answer: Answer, sent: { attempts: number; answered?: number }): { tries: number; answered: number } {
  if (!reachedServer(answer)) return { tries: sent.attempts, answered: 0 };
  const answered = (sent.answered ?? 0) + 1;
  return { tries: answered, answered };
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
 * @param attempts the tries that count toward the back-off (`backoffTries`): every try while the
 *   server is unreachable, the tries it answered in a row once it answers
 * @param random a number in [0, 1) that spreads retries of many clients (jitter)
 */
export function outcomeOf(
  answer: Answer,
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
    // A server that answers "not ready yet" is back: it is asked again within 15 s, whatever it said.
    const max = status === 503 ? NOT_READY_MAX_BACKOFF_MS : MAX_BACKOFF_MS;
    return { kind: 'retry', waitMs: asked === null ? backoffMs(attempts, random, max) : Math.min(max, Math.max(asked, 0)) };
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

/** Later commands on the entity of `applied`, oldest first: the ones a new version or id must reach. */
export function laterOnEntity<C extends OutboxCommand>(commands: readonly C[], applied: OutboxCommand): C[] {
  const key = entityKey(applied);
  return [...commands].sort(byCreation).filter((c) => c.id !== applied.id && entityKey(c) === key && byCreation(c, applied) > 0);
}

/** The temporary keys an answer says it turned into ids (`meta.created`). */
export function createdKeys(body: unknown): Record<string, number> {
  const meta = typeof body === 'object' && body !== null ? (body as { meta?: { created?: unknown } }).meta : undefined;
  const created = meta?.created;
  if (typeof created !== 'object' || created === null) return {};
  return Object.fromEntries(Object.entries(created).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

const show = (value: unknown): string => (value === null || value === undefined ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

const ITEM_KIND: Record<string, string> = { brands: 'brand', stages: 'stage', markets: 'market', sub_markets: 'cell' };

/** The name of the item `id` in a list `where` of my edit, its base or the server's copy. */
function itemName(where: string, id: string, ...copies: unknown[]): string {
  for (const copy of copies) {
    const list = typeof copy === 'object' && copy !== null ? (copy as Record<string, unknown>)[where] : undefined;
    if (!Array.isArray(list)) continue;
    const item: unknown = list.find((i: unknown) => typeof i === 'object' && i !== null && String((i as { id?: unknown }).id) === id);
    const name = typeof item === 'object' && item !== null ? (item as { name?: unknown }).name : undefined;
    if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return id;
}

/**
 * A conflict's field as the dialog names it, as the user sees it (issue 27, `fieldName`): "name"
 * -> "Name", "matched_short_id" -> "Matched Audience", "market:12:total" -> "Market 12: Total".
 * Items of a list by id (a journey's, decision 013): "stages.148.name" -> "Stage Consider: Name",
 * "sub_markets.5/148.matched_id" -> "Cell Fizz / Consider: Matched Audience", "brands.7" -> "Brand B".
 */
export function conflictFieldLabel(field: string, mine: unknown, theirs: unknown): string {
  const phrase = fieldPhrase(field, mine, theirs);
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

function fieldPhrase(field: string, mine: unknown, theirs: unknown): string {
  const figure = /^(market|sub_market):(\d+):([a-z_]+)$/.exec(field);
  if (figure) return `${figure[1] === 'market' ? 'Market' : 'Audience'} ${figure[2]}: ${fieldName(figure[3]!)}`;
  const base = typeof mine === 'object' && mine !== null ? (mine as { base?: unknown }).base : undefined;
  const cell = /^sub_markets\.([^/.]+)\/([^/.]+)(?:\.(.+))?$/.exec(field);
  if (cell) {
    const [, brand, stage, rest] = cell;
    const label = `cell ${itemName('brands', brand!, theirs, mine, base)} / ${itemName('stages', stage!, theirs, mine, base)}`;
    return rest ? `${label}: ${fieldName(rest)}` : label;
  }
  const item = /^([a-z_]+)\.([^.]+)(?:\.(.+))?$/.exec(field);
  const kind = item ? ITEM_KIND[item[1]!] : undefined;
  if (item && kind && !['order', 'priority'].includes(item[2]!)) {
    const label = `${kind} ${itemName(item[1]!, item[2]!, theirs, mine, base)}`;
    return item[3] ? `${label}: ${fieldName(item[3])}` : label;
  }
  return fieldName(field).replace('.', ' ');
}

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
    return conflicts.map((c) => ({ field: conflictFieldLabel(c.field, mine, theirs), base: show(c.base), theirs: show(c.theirs), mine: show(c.mine) }));
  }
  if (typeof mine !== 'object' || mine === null) return [];
  const server = typeof theirs === 'object' && theirs !== null ? (theirs as Record<string, unknown>) : {};
  const base = (mine as { base?: unknown }).base;
  const seen = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : null;
  return Object.entries(mine as Record<string, unknown>)
    .filter(([field]) => field !== 'version' && field !== 'id' && field !== 'base')
    .filter(([field, value]) => JSON.stringify(value) !== JSON.stringify(server[field]))
    .map(([field, value]) => ({ field: conflictFieldLabel(field, mine, theirs), base: seen && field in seen ? show(seen[field]) : null, theirs: show(server[field]), mine: show(value) }));
}
