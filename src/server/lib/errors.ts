import { ERROR_CODES } from '@shared/schemas/error';

type Code = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An expected failure with its HTTP status; the error plugin renders it in the one error shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    readonly details?: unknown,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, ERROR_CODES.badRequest, message, details);
export const unauthenticated = (message: string) =>
  new AppError(401, ERROR_CODES.unauthenticated, message, undefined, { refresh_login: true });
export const forbidden = (message: string, code: Code = ERROR_CODES.forbidden) => new AppError(403, code, message);
export const notFound = (message: string) => new AppError(404, ERROR_CODES.notFound, message);
export const unavailable = (message: string) => new AppError(503, ERROR_CODES.unavailable, message);
