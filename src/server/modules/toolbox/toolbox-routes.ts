import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { okResponseSchema } from '@shared/schemas/auth';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  toolboxUnitBodySchema,
  toolboxUnitConflictSchema,
  toolboxUnitDeleteQuerySchema,
  toolboxUnitIdParamsSchema,
  toolboxUnitParamsSchema,
  toolboxUnitResponseSchema,
  toolboxUnitsResponseSchema,
  toolboxUnitUpdateBodySchema,
} from '@shared/schemas/toolbox';
import type { Executor } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import categoryRoutes from './category-routes';
import * as service from './toolbox-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
const versioned = { ...errors, 404: apiErrorSchema, 409: toolboxUnitConflictSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const VERSIONED = ' A write based on an older version is refused with 409 and the current unit in error.details.current.';

const toolboxRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(categoryRoutes);
  const scope = (request: FastifyRequest, tx: Executor): service.WriteScope => ({ tx, auth: request.auth!, ctx: request.ctx!, requestId: request.id });

  app.get('/api/toolbox/units/type/:type/client/:clientSlug', {
    config: { access: 'session', context: 'client' },
    schema: {
      tags: ['toolbox'],
      summary: "The client's toolbox units of a type (all, iframed or external)",
      params: toolboxUnitParamsSchema,
      response: { 200: toolboxUnitsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request) => {
    const ctx = request.ctx!;
    // The path names a client too: it must be the one X-Context resolved for this caller.
    if (request.params.clientSlug !== ctx.clientSlug) throw forbidden('The client in the path does not match X-Context.');
    return { data: await service.listUnits(app.database.db, ctx, request.params.type) };
  });

  app.post('/api/toolbox/units', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'create' }, context: 'client' },
    schema: {
      tags: ['toolbox'],
      summary: 'Create a unit in the X-Context client (status forced true, any id ignored)',
      description: IDEMPOTENT,
      body: toolboxUnitBodySchema,
      response: { 200: toolboxUnitResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.createUnit(scope(request, tx), request.body) },
  })));

  app.put('/api/toolbox/units/:id', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'update' }, context: 'client' },
    schema: {
      tags: ['toolbox'],
      summary: 'Update a unit, or hide it (status false clears its category and iframed)',
      description: IDEMPOTENT + VERSIONED,
      params: toolboxUnitIdParamsSchema,
      body: toolboxUnitUpdateBodySchema,
      response: { 200: toolboxUnitResponseSchema, ...versioned },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.updateUnit(scope(request, tx), request.params.id, request.body) },
  })));

  app.delete('/api/toolbox/units/:id', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'destroy' }, context: 'client' },
    schema: {
      tags: ['toolbox'],
      summary: 'Delete a unit, based on ?version=N',
      description: IDEMPOTENT + VERSIONED,
      params: toolboxUnitIdParamsSchema,
      querystring: toolboxUnitDeleteQuerySchema,
      response: { 200: okResponseSchema, ...versioned },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => {
    await service.deleteUnit(scope(request, tx), request.params.id, request.query.version);
    return { body: { data: 'OK' } };
  }));
};
export default toolboxRoutes;
