import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '@shared/constants';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Executor } from '../db/client';
import * as repo from '../modules/idempotency/idempotency-repository';
import { AppError, unavailable } from './errors';

/** Set on an answer that is a stored one given again for a replayed X-Request-ID. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** Keys are kept this long; an outbox command older than this is sent as new. */
export const KEEP_DAYS = 30;
const SWEEP_EVERY_MS = 3_600_000;
const JSON_TYPE = 'application/json; charset=utf-8';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A successful answer of an idempotent write (a refusal is thrown as an AppError instead). */
export interface Answer {
  /** 2xx; 200 when left out. */
  status?: number;
  /** Plain JSON (it is stored as jsonb and sent again on a replay), or the text of a text answer. */
  body: unknown;
  /** Left out for JSON. */
  contentType?: string;
}

/** What this needs of a reply; any route's reply has it, whatever its response schemas. */
interface AnswerReply {
  code(status: number): unknown;
  header(name: string, value: string): unknown;
  type(contentType: string): unknown;
  send(payload?: unknown): unknown;
  /** Settles once the answer has gone out (Fastify's reply is thenable). */
  then(fulfilled: () => void, rejected: (err: Error) => void): void;
}

/** The idempotency key: the X-Request-ID header itself, which an idempotent write must send as a uuid. */
export function idempotencyKey(request: FastifyRequest): string {
  const sent = request.headers[HEADERS.requestId];
  if (typeof sent !== 'string' || !UUID.test(sent)) {
    throw new AppError(400, ERROR_CODES.requestIdRequired, 'This write needs an X-Request-ID header holding a uuid: it is the idempotency key that makes a resend safe.');
  }
  return sent.toLowerCase();
}

/** JSON with object keys sorted, so the same request always hashes the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** What makes two requests under one key the same request, beside method and path. */
function requestHash(request: FastifyRequest): string {
  const material = { client: request.ctx?.clientId ?? null, query: request.query ?? {}, body: request.body ?? null };
  return createHash('sha256').update(JSON.stringify(canonical(material))).digest('hex');
}

let nextSweepAt = 0;

/** Old keys go opportunistically: after a write, at most once an hour per process. */
async function sweepOldKeys(app: FastifyInstance) {
  if (Date.now() < nextSweepAt) return;
  nextSweepAt = Date.now() + SWEEP_EVERY_MS;
  await repo.deleteOlderThan(app.database.db, KEEP_DAYS).catch((err: unknown) => app.log.warn({ err }, 'old idempotency keys were not deleted'));
}

/**
 * Runs a write at most once per X-Request-ID (DESIGN "Client data flow"). The key is claimed,
 * the work done and its answer stored in one transaction: a replayed key gets the first
 * answer again (status, body, content type, plus `idempotent-replayed: true`) and changes
 * nothing; a key reused for another request is 422. A refusal (a thrown error) rolls the claim
 * back with the rest, so only 2xx answers are stored and a refused command is judged again.
 *
 * The key belongs to the session's real user (the administrator while viewing as someone):
 * the outbox that sent it is theirs, and a command queued while viewing as another user and
 * resent after Stop Viewing As must still find its key rather than run a second time.
 */
export async function runIdempotent(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: AnswerReply,
  work: (tx: Executor) => Promise<Answer>,
  /** Work that needs the write committed and must be done before the answer goes out (engines told of a dropped set). */
  afterCommit?: () => Promise<void>,
): Promise<void> {
  const key = idempotencyKey(request);
  const auth = request.auth;
  if (!auth) throw new Error('an idempotent route needs a session');
  const claim = { userId: (auth.parentUser ?? auth.user).id, key, method: request.method, path: request.url.split('?')[0] ?? '', requestHash: requestHash(request) };

  const outcome = await app.database.db.transaction(async (tx) => {
    if (!(await repo.claimKey(tx, claim))) return { replayed: true, stored: await repo.findAnswer(tx, claim.userId, key) };
    const answer = await work(tx);
    const status = answer.status ?? 200;
    if (status < 200 || status > 299) throw new Error(`an idempotent answer must be 2xx, not ${status}: throw an AppError to refuse`);
    const stored = { status, response: answer.body ?? null, contentType: answer.contentType ?? JSON_TYPE };
    await repo.saveAnswer(tx, claim.userId, key, stored);
    return { replayed: false, stored: { ...claim, ...stored } };
  });

  const { stored, replayed } = outcome;
  // Not expected: a claim waits for a concurrent one to end, then sees its row. A resend will do.
  if (!stored) throw unavailable('A request with this X-Request-ID was being processed; send it again.');
  if (stored.method !== claim.method || stored.path !== claim.path || stored.requestHash !== claim.requestHash) {
    throw new AppError(422, ERROR_CODES.idempotencyKeyReused,
      `This X-Request-ID was already used for another request (${stored.method} ${stored.path}); a new request needs a new id.`);
  }
  if (replayed) reply.header(REPLAYED_HEADER, 'true');
  else {
    await afterCommit?.();
    await sweepOldKeys(app);
  }
  reply.code(stored.status);
  reply.type(stored.contentType);
  reply.send(stored.response);
  // An async handler that ends while a compressed answer is still being made lets Fastify send an
  // empty 200 in its place: the route ends only once the answer has gone out.
  await new Promise<void>((resolve, reject) => reply.then(resolve, reject));
}
