import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Action } from '@shared/permissions';
import {
  comparisonConflictSchema,
  comparisonListResponseSchema,
  comparisonQuerySchema,
  comparisonResponseSchema,
  createComparisonBodySchema,
  deleteAnswerSchema,
  deleteQuerySchema,
  updateComparisonBodySchema,
} from '@shared/schemas/audiences';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import type { Executor } from '../../db/client';
import { runIdempotent, type Answer } from '../../lib/idempotency';
import * as service from './comparisons-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT = 'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';

/** Saved overlap comparisons (issue 16; insights/overlap/{comparisonId}) of the X-Context product in its region. */
const comparisonRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: Action) => ({ access: { resource: 'comparisons' as const, action }, context: 'product' as const, feature: 'overlap' as const });
  const scope = (request: FastifyRequest, db: Executor = app.database.db): service.ComparisonsScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.ComparisonsScope) => Promise<Answer['body']>, status = 200) =>
    runIdempotent(app, request, reply, async (tx) => ({ status, body: await write(scope(request, tx)) }));

  app.get('/api/comparisons', {
    config: access('read'),
    schema: { tags: ['comparisons'], summary: "The product's saved comparisons in the region, last changed first, each with its last counts", response: { 200: comparisonListResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listComparisons(scope(request)) }));

  app.post('/api/comparisons', {
    config: access('create'),
    schema: {
      tags: ['comparisons'],
      summary: 'Save a comparison of 2 to 4 audiences, segments or personas, counted now (sizes, pairs, every exclusive intersection and its index)',
      description: `${IDEMPOTENT} Names are unique in the product and region (422). A member that is not the scope's is refused (422 naming it).`,
      body: createComparisonBodySchema,
      response: { 200: comparisonResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const result = await service.prepareResult(scope(request), request.body.members);
    await idempotent(request, reply, async (s) => ({ data: await service.createComparison(s, request.body, result) }));
  });

  app.get('/api/comparisons/:id', {
    config: access('read'),
    schema: {
      tags: ['comparisons'],
      summary: 'A comparison with its last counts; recount=1 counts it again and stores that (a member gone makes result null with error)',
      params: idParamsSchema,
      querystring: comparisonQuerySchema,
      response: { 200: comparisonResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.readComparison(scope(request), request.params.id, request.query.recount === '1') }));

  app.put('/api/comparisons/:id', {
    config: access('update'),
    schema: {
      tags: ['comparisons'],
      summary: 'Rename a comparison or change its members (counted again)',
      description: `${IDEMPOTENT} Based on the version sent: another version is refused with 409 and the current one in error.details.current.`,
      params: idParamsSchema,
      body: updateComparisonBodySchema,
      response: { 200: comparisonResponseSchema, 409: comparisonConflictSchema, ...errors },
    },
  }, async (request, reply) => {
    const result = request.body.members ? await service.prepareResult(scope(request), request.body.members) : null;
    await idempotent(request, reply, async (s) => ({ data: await service.updateComparison(s, request.params.id, request.body, result) }));
  });

  app.delete('/api/comparisons/:id', {
    config: access('destroy'),
    schema: {
      tags: ['comparisons'],
      summary: 'Delete a comparison; answers data.message',
      description: `${IDEMPOTENT} With version, 409 when it has moved on.`,
      params: idParamsSchema,
      querystring: deleteQuerySchema,
      response: { 200: deleteAnswerSchema, 409: comparisonConflictSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await service.deleteComparison(s, request.params.id, request.query.version) })));
};
export default comparisonRoutes;
