import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hierarchyResponseSchema } from '@shared/schemas/hierarchy';
import { apiErrorSchema } from '@shared/schemas/error';
import { cachedHierarchy } from './hierarchy-service';

const hierarchyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/clients/hierarchy', {
    config: { access: 'session' },
    schema: {
      tags: ['clients'],
      summary: "The caller's clients, regions, brands and products, filtered by hierarchy permissions",
      response: { 200: hierarchyResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { json } = await cachedHierarchy(app.database.db, request.auth!);
    // Sent as built and checked once per hierarchy version: the busiest read skips re-serialising.
    return reply.type('application/json; charset=utf-8').send(json as never);
  });
};

export default hierarchyRoutes;
