import * as z from 'zod/mini';

/** The one error shape of every API failure. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.unknown()),
  }),
  /** Present when the session is gone: the client logs out (spec 1 §8). */
  refresh_login: z.optional(z.boolean()),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  /** 413: a body over the server's limit (1 MiB). */
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** 415: a body in a content type the API does not read (it reads JSON). */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 431: request headers over Node's limit, answered before any route runs. */
  requestHeaderTooLarge: 'REQUEST_HEADER_TOO_LARGE',
  /** 408: the request did not arrive in time, answered before any route runs. */
  requestTimeout: 'REQUEST_TIMEOUT',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  csrf: 'CSRF_INVALID',
  forbidden: 'FORBIDDEN',
  contextForbidden: 'CONTEXT_FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  /** The write was based on an older version of the entity; details.current is the server's copy. */
  versionConflict: 'VERSION_CONFLICT',
  /** 409: a deletion refused while other things use the entity; details.uses (or details.units) names them. */
  inUse: 'IN_USE',
  /** A write without a uuid X-Request-ID (its idempotency key). */
  requestIdRequired: 'REQUEST_ID_REQUIRED',
  /** An X-Request-ID already used for another request (method, path or body). */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'UNAVAILABLE',
  /** Segment ids the caller's client region does not have, or has deleted. */
  unknownSegments: 'UNKNOWN_SEGMENTS',
  /** The region's audience data is still being generated or loaded. */
  dataNotReady: 'DATA_NOT_READY',
  /** A question ran past the per-request time limit and was stopped. */
  timeLimit: 'TIME_LIMIT',
  internal: 'INTERNAL',
} as const;

/** What a 409 on a stale version says (DESIGN "Client data flow"). */
export const versionConflictMessage = (thing: string) => `Someone else changed this ${thing} since you opened it.`;

/** A field both sides changed to different values (issue 12): what the conflict dialog shows. */
export const fieldConflictSchema = z.object({
  field: z.string(),
  base: z.optional(z.unknown()),
  theirs: z.optional(z.unknown()),
  mine: z.optional(z.unknown()),
});
export type FieldConflictView = z.infer<typeof fieldConflictSchema>;

/**
 * The 409 answer of a versioned entity's write: the error shape with the server's copy, as its
 * GET gives it, and, for a write that sent the values it was based on, the fields in conflict.
 */
export function versionConflictSchema<T extends z.ZodMiniType>(current: T) {
  return z.object({
    error: z.object({
      code: z.literal(ERROR_CODES.versionConflict),
      message: z.string(),
      details: z.object({ current, conflicts: z.optional(z.array(fieldConflictSchema)) }),
    }),
  });
}

/**
 * What a 404 for something that was there says: its kind and id. A queued edit of it was made
 * before someone else deleted it ("Deleted by someone else"), a queued delete of it is done.
 */
export const goneDetailsSchema = z.object({ gone: z.object({ kind: z.string(), id: z.union([z.int(), z.string()]) }) });
export type GoneDetails = z.infer<typeof goneDetailsSchema>;
