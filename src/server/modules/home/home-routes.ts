import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { homeEntitiesQuerySchema, homeEntitiesResponseSchema } from '@shared/schemas/home';
import { latestAudiences } from './home-repository';

const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/home-entities', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'product' },
    schema: {
      tags: ['home'],
      summary: 'The latest audiences and lookalikes of the full context, newest first',
      querystring: homeEntitiesQuerySchema,
      response: { 200: homeEntitiesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request) => {
    const ctx = request.ctx!;
    const rows = await latestAudiences(
      app.database.db,
      { clientId: ctx.clientId, regionId: ctx.regionId!, productId: ctx.productId! },
      request.query.limit,
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
        audience_type: r.audienceType,
        created_at: r.createdAt.toISOString(),
        count: { people: { global: r.peopleCount } },
        source_identifier: r.sourceIdentifier,
      })),
    };
  });
};

export default homeRoutes;
