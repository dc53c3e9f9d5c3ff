import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { okResponseSchema } from '@shared/schemas/auth';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import {
  toolboxCategoriesResponseSchema,
  toolboxCategoryBodySchema,
  toolboxCategoryBulkBodySchema,
  toolboxCategoryDeleteQuerySchema,
  toolboxCategoryParamsSchema,
  toolboxCategoryResponseSchema,
  toolboxCategoryUpdateBodySchema,
} from '@shared/schemas/toolbox';
import type { Executor } from '../../db/client';
import { forbidden } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import * as service from './category-service';
import type { WriteScope } from './toolbox-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const TAG = ['toolbox'];

/** Toolbox categories (spec 1 §2.11, §7): the X-Context client's; another client's answers 404. */
const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, tx: Executor): WriteScope => ({ tx, auth: request.auth!, ctx: request.ctx!, requestId: request.id });

  app.get('/api/toolbox/categories/client/:clientSlug', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'read' }, context: 'client' },
    schema: {
      tags: TAG,
      summary: "The client's toolbox categories in priority order",
      params: toolboxCategoryParamsSchema,
      response: { 200: toolboxCategoriesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request) => {
    const ctx = request.ctx!;
    // The path names a client too: it must be the one X-Context resolved for this caller.
    if (request.params.clientSlug !== ctx.clientSlug) throw forbidden('The client in the path does not match X-Context.');
    return { data: await service.listCategories(app.database.db, ctx) };
  });

  app.post('/api/toolbox/categories', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'create' }, context: 'client' },
    schema: {
      tags: TAG,
      summary: 'Create a category in the X-Context client (status forced true, any id ignored, last unless a priority is sent)',
      description: IDEMPOTENT,
      body: toolboxCategoryBodySchema,
      response: { 200: toolboxCategoryResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.createCategory(scope(request, tx), request.body) },
  })));

  app.put('/api/toolbox/categories/:id', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'update' }, context: 'client' },
    schema: {
      tags: TAG,
      summary: 'Rename a category (its units are renamed with it), show or hide it, or move it',
      description: `${IDEMPOTENT} A write based on an older version is refused with 409 and the current category in error.details.current.`,
      params: idParamsSchema,
      body: toolboxCategoryUpdateBodySchema,
      response: { 200: toolboxCategoryResponseSchema, 409: apiErrorSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.updateCategory(scope(request, tx), request.params.id, request.body) },
  })));

  app.put('/api/toolbox/categories/:id/bulk', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'update' }, context: 'client' },
    schema: {
      tags: TAG,
      summary: 'Reorder: an array of { id, priority }, the moved category (the path id) among them; answers every category in the new order',
      description: IDEMPOTENT,
      params: idParamsSchema,
      body: toolboxCategoryBulkBodySchema,
      response: { 200: toolboxCategoriesResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.reorderCategories(scope(request, tx), request.params.id, request.body) },
  })));

  app.delete('/api/toolbox/categories/:id', {
    config: { access: { resource: 'toolbox_client_configuration', action: 'destroy' }, context: 'client' },
    schema: {
      tags: TAG,
      summary: 'Delete a category; refused with 409 IN_USE (details.units) while units name it',
      description: `${IDEMPOTENT} With ?version=N, a stale version is refused with 409 VERSION_CONFLICT.`,
      params: idParamsSchema,
      querystring: toolboxCategoryDeleteQuerySchema,
      response: { 200: okResponseSchema, 409: apiErrorSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => {
    await service.deleteCategory(scope(request, tx), request.params.id, request.query.version);
    return { body: { data: 'OK' as const } };
  }));
};
export default categoryRoutes;
