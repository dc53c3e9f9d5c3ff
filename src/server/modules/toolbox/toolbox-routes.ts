import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { toolboxUnitParamsSchema, toolboxUnitsResponseSchema } from '@shared/schemas/toolbox';
import { forbidden } from '../../lib/errors';
import { listUnits } from './toolbox-repository';

const toolboxRoutes: FastifyPluginAsyncZod = async (app) => {
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
    const units = await listUnits(app.database.db, ctx.clientId, request.params.type);
    return { data: units.map((u) => ({
      id: u.id,
      name: u.name,
      status: u.status,
      region_ids: u.regionIds,
      use_client_hierarchy: u.useClientHierarchy,
      feature_module_category: u.featureModuleCategory,
      iframed: u.iframed,
      url: u.url,
      client_slug: ctx.clientSlug,
    })) };
  });
};
export default toolboxRoutes;
