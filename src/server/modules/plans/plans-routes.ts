import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import {
  createCurvesBodySchema, createCurvesResponseSchema, curveListResponseSchema, curveTypesResponseSchema,
  importedPlanDetailResponseSchema, importedPlanListResponseSchema, importedPlanResponseSchema, importScenarioBodySchema,
} from '@shared/schemas/plans';
import * as service from './plans-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };

/**
 * Scenario Planner Management's calls (spec 2 §7 "Scenario planner plan import", curves; issue
 * 31), for the X-Context product, with the client's scenarios feature. The management page
 * needs curves create, read and update (spec 2 §6); the planner (plans read) reads the curves
 * and the imported plans too; deleting a curve needs curves destroy, an import plans destroy.
 */
const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest): service.PlanScope => ({ db: app.database.db, auth: request.auth!, ctx: request.ctx!, jobs: app.jobs, requestId: request.id });
  const product = { context: 'product' as const, feature: 'scenarios' as const };
  const readers = { ...product, access: { resource: 'curves' as const, action: 'read' as const, or: [{ resource: 'plans' as const, action: 'read' as const }] } };

  app.get('/api/curves/generic', {
    config: readers,
    schema: { tags: ['plans'], summary: 'The generic curve library: one default response curve per media type', response: { 200: curveListResponseSchema, ...errors } },
  }, async () => ({ data: await service.genericCurves(app.database.db) }));

  app.get('/api/curves', {
    config: readers,
    schema: { tags: ['plans'], summary: "The product's response curves in the region, one per media type", response: { 200: curveListResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.productCurves(scope(request)) }));

  app.get('/api/curves/types', {
    config: readers,
    schema: { tags: ['plans'], summary: 'The curve types: an object whose keys are the names', response: { 200: curveTypesResponseSchema, ...errors } },
  }, () => ({ data: service.curveTypes() }));

  app.post('/api/curves', {
    config: { ...product, access: { resource: 'curves', action: 'create', also: [{ resource: 'curves', action: 'update' }] } },
    schema: {
      tags: ['plans'],
      summary: "Apply: the product's curves become the valid ones sent (generic ones copy the library's numbers)",
      description: "A refused curve is named in error_messages by its index in the list, with spec 2 §5's messages, and its media type keeps the curve it had.",
      body: createCurvesBodySchema,
      response: { 200: createCurvesResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.applyCurves(scope(request), request.body.curves) }));

  app.delete('/api/curves/:id', {
    config: { ...product, access: { resource: 'curves', action: 'destroy' } },
    schema: { tags: ['plans'], summary: 'Delete a curve of the product', params: idParamsSchema, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await service.deleteCurve(scope(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/plans/status_import', {
    config: readers,
    schema: { tags: ['plans'], summary: "The product's imported plans, newest first: submitted (import_success null), complete or failed", response: { 200: importedPlanListResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listImports(scope(request)) }));

  app.get('/api/plans/:id', {
    config: readers,
    schema: { tags: ['plans'], summary: 'An imported plan with its flights (a budget per media type per week) once complete', params: idParamsSchema, response: { 200: importedPlanDetailResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.getImport(scope(request), request.params.id) }));

  app.post('/api/plans/import_scenario', {
    config: { ...product, access: { resource: 'curves', action: 'create', or: [{ resource: 'plans', action: 'create' }] } },
    schema: {
      tags: ['plans'],
      summary: 'Import a media plan from the planning system by its Project ID (sp_plan_id): answers the import, submitted; a job completes or fails it',
      body: importScenarioBodySchema,
      response: { 202: importedPlanResponseSchema, ...errors },
    },
  }, async (request, reply) => reply.code(202).send({ data: await service.importScenario(scope(request), request.body.sp_plan_id) }));

  app.delete('/api/plans/:id', {
    config: { ...product, access: { resource: 'plans', action: 'destroy' } },
    schema: { tags: ['plans'], summary: 'Delete an imported plan', params: idParamsSchema, response: { 204: z.null(), ...errors } },
  }, async (request, reply) => {
    await service.deleteImport(scope(request), request.params.id);
    return reply.code(204).send(null);
  });
};

export default planRoutes;
