import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hierarchyResponseSchema } from '@shared/schemas/hierarchy';
import { apiErrorSchema } from '@shared/schemas/error';
import { hierarchyFor } from './hierarchy-service';

const hierarchyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clients/hierarchy', {
    config: { access: 'session' },
    schema: {
      tags: ['clients'],
      summary: "The caller's clients, regions, brands and products, filtered by hierarchy permissions",
      response: { 200: hierarchyResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request) => ({ data: await hierarchyFor(app.database.db, request.auth!) }));
};

export default hierarchyRoutes;
