import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@shared/schemas/error';
import { AppError } from '../lib/errors';

/** Renders every failure in the one shape { error: { code, message, details? } }. */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    let status = 500;
    let body: ApiError;
    if (err instanceof AppError) {
      status = err.status;
      body = { error: { code: err.code, message: err.message, ...(err.details === undefined ? {} : { details: err.details }) }, ...err.extra };
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
      const code = status === 429 ? ERROR_CODES.rateLimited : status === 404 ? ERROR_CODES.notFound : ERROR_CODES.badRequest;
      body = { error: { code, message: err.message } };
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
