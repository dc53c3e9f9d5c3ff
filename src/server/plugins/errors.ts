import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@shared/schemas/error';
import { AppError } from '../lib/errors';

/** The code of a status Fastify or a plugin raises by itself; any other 4xx is BAD_REQUEST. */
const CLIENT_ERROR_CODES: Partial<Record<number, ApiError['error']['code']>> = {
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

/** Renders every failure in the one shape { error: { code, message, details? } }. */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ApiError;
    if (err instanceof AppError) {
      status = err.status;
      body = { error: { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) }, ...err.extra };
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (status === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const issues = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Invalid value',
      }));
      const first = issues[0];
      body = {
        error: {
          code: ERROR_CODES.validation,
          message: first ? `${first.path}: ${first.message}` : 'The request is not valid.',
          details: issues,
        },
      };
    } else if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      body = { error: { code: ERROR_CODES.internal, message: 'The server produced an invalid response.' } };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      status = err.statusCode;
      body = { error: { code: CLIENT_ERROR_CODES[status] ?? ERROR_CODES.badRequest, message: err.message } };
    } else {
      request.log.error({ err }, 'unhandled error');
      body = { error: { code: ERROR_CODES.internal, message: 'Something went wrong on the server.' } };
    }
    if (status >= 500 && !(err instanceof AppError)) status = 500;
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = {
      error: { code: ERROR_CODES.notFound, message: `No API route matches ${request.method} ${request.url.split('?')[0]}` },
    };
    return reply.status(404).send(body);
  });
});

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over its limit, a
 * request that is not HTTP, one too slow to arrive): this answers them in the one error shape
 * too, as Fastify's `clientErrorHandler` (its default writes its own shape). Bound to the instance.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, ERROR_CODES.requestHeaderTooLarge, 'The request headers are too large.']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, ERROR_CODES.requestTimeout, 'The request did not arrive in time.']
    : [400, ERROR_CODES.badRequest, 'The request is not valid HTTP.'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body: ApiError = { error: { code, message } };
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
