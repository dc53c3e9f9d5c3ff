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
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  csrf: 'CSRF_INVALID',
  forbidden: 'FORBIDDEN',
  contextForbidden: 'CONTEXT_FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
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
