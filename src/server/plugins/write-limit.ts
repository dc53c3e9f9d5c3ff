import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/schemas/error';
import { writeLimitMessage, type WriteLimitAction } from '@shared/rules/write-limits';
import { AppError } from '../lib/errors';
import { idempotencyKey, REPLAYED_HEADER } from '../lib/idempotency';
import { findAnswer } from '../modules/idempotency/idempotency-repository';
import * as repo from '../modules/write-limits/write-limits-repository';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An expensive write limited per user (decision 018): `writeLimit: 'index_reports'` opts a route in. */
    writeLimit?: WriteLimitAction;
  }
  interface FastifyRequest {
    /** The write this request was counted as, until its answer says whether it stays counted. */
    writeLimitTaken: { userId: number; action: WriteLimitAction; windowStart: string } | null;
  }
}

/**
 * Per-user limits on the expensive writes (issue 26, decision 018). A route declares its action
 * in its config; past the limit it answers 429 RATE_LIMITED with Retry-After before its handler
 * runs, so nothing is created and its X-Request-ID stays unclaimed for a later resend.
 *
 * Counted per real user (the administrator while viewing as someone, as the idempotency key is):
 * viewing as several users must not multiply one person's allowance. Checked in preHandler, after
 * access, context and body validation, so requests refused for those reasons never count.
 */
export default fp(async (app) => {
  app.decorateRequest('writeLimitTaken', null);

  app.addHook('preHandler', async (request) => {
    const action = request.routeOptions.config?.writeLimit;
    const auth = request.auth;
    if (!action || !auth) return;
    const userId = (auth.parentUser ?? auth.user).id;
    const { db } = app.database;

    // A resend of an applied write gets its stored answer from runIdempotent and starts nothing:
    // it is neither counted nor refused. A missing or malformed key is refused there too.
    let key: string | null;
    try {
      key = idempotencyKey(request);
    } catch {
      key = null;
    }
    if (key && (await findAnswer(db, userId, key))) return;

    const { windowSeconds, perAction } = app.config.writeLimits;
    const taken = await repo.take(db, { userId, action }, perAction[action], windowSeconds);
    if (!taken.taken) {
      throw new AppError(429, ERROR_CODES.rateLimited, writeLimitMessage(action, taken.count, windowSeconds, taken.retryAfterSeconds), {
        retryAfter: taken.retryAfterSeconds,
      });
    }
    request.writeLimitTaken = { userId, action, windowStart: taken.windowStart };
  });

  // Before the answer goes out, so the next request of the same user already sees the count.
  app.addHook('onSend', async (request, reply, payload) => {
    const taken = request.writeLimitTaken;
    if (!taken) return payload;
    request.writeLimitTaken = null;
    // Only applied writes count: a refusal (4xx/5xx) created nothing, and a concurrent duplicate
    // that ended as a replay was counted by its first sending.
    if (reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER) !== undefined) {
      await repo.giveBack(app.database.db, { userId: taken.userId, action: taken.action }, taken.windowStart)
        .catch((err: unknown) => request.log.warn({ err }, 'a refused write was not given back to its write limit'));
    }
    return payload;
  });
});
