import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Action } from '@shared/permissions';
import { deleteAnswerSchema, deleteQuerySchema } from '@shared/schemas/audiences';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import {
  createScenarioBodySchema, scenarioConflictSchema, scenarioListResponseSchema, scenarioResponseSchema, updateScenarioBodySchema,
} from '@shared/schemas/plans';
import type { Executor } from '../../db/client';
import { runIdempotent, type Answer } from '../../lib/idempotency';
import * as service from './scenarios-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT = 'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const SUMMARY = ' Each comes with its summary: what it gives with the product\'s curves now, and the media types without one.';

/** The planner's saved scenarios of the X-Context product in its region (issue 31), with the plans grant and the scenarios feature. */
const scenarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: Action) => ({ access: { resource: 'plans' as const, action }, context: 'product' as const, feature: 'scenarios' as const });
  const scope = (request: FastifyRequest, db: Executor = app.database.db): service.ScenariosScope => ({ db, auth: request.auth!, ctx: request.ctx!, requestId: request.id });
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.ScenariosScope) => Promise<Answer['body']>, status = 200) =>
    runIdempotent(app, request, reply, async (tx) => ({ status, body: await write(scope(request, tx)) }));

  app.get('/api/scenarios', {
    config: access('read'),
    schema: { tags: ['plans'], summary: "The product's saved scenarios, last changed first." + SUMMARY, response: { 200: scenarioListResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listScenarios(scope(request)) }));

  app.get('/api/scenarios/:id', {
    config: access('read'),
    schema: { tags: ['plans'], summary: 'A saved scenario.' + SUMMARY, params: idParamsSchema, response: { 200: scenarioResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.getScenario(scope(request), request.params.id) }));

  app.post('/api/scenarios', {
    config: access('create'),
    schema: {
      tags: ['plans'],
      summary: 'Save a scenario: a name, a total budget and a budget per media type per week with its bounds',
      description: `${IDEMPOTENT} Names are unique in the product and region (422). Flights a plan could not have (an unknown media type, weeks of different lengths, negative budgets, bounds out of order) are refused with 422, each problem in details.`,
      body: createScenarioBodySchema,
      response: { 201: scenarioResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await service.createScenario(s, request.body) }), 201));

  app.put('/api/scenarios/:id', {
    config: access('update'),
    schema: {
      tags: ['plans'],
      summary: 'Save a scenario again, whole',
      description: `${IDEMPOTENT} Based on the version sent: another version is refused with 409 and the current one in error.details.current.`,
      params: idParamsSchema,
      body: updateScenarioBodySchema,
      response: { 200: scenarioResponseSchema, 409: scenarioConflictSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await service.updateScenario(s, request.params.id, request.body) })));

  app.delete('/api/scenarios/:id', {
    config: access('destroy'),
    schema: {
      tags: ['plans'],
      summary: 'Delete a scenario; answers data.message',
      description: `${IDEMPOTENT} With version, 409 when it has moved on.`,
      params: idParamsSchema,
      querystring: deleteQuerySchema,
      response: { 200: deleteAnswerSchema, 409: scenarioConflictSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await service.deleteScenario(s, request.params.id, request.query.version) })));
};

export default scenarioRoutes;
