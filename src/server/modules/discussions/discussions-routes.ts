import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { discussionClusterNodeListResponseSchema } from '@shared/schemas/journeys';
import { listNodes } from './discussions-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Discussion cluster nodes of the X-Context client, read side (spec 3 §2.4, §7): the journey
 * builder's Discussion dropdown and the view's word bubbles. The uploads issue writes them. The
 * permission matrix names no read resource for them (upload_discussions is the uploader's, an
 * administration resource), so reading them is the journey's: journeys read.
 */
const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/discussion-cluster-nodes', {
    config: { access: { resource: 'journeys', action: 'read' }, context: 'client' },
    schema: {
      tags: ['discussions'],
      summary: "The client's discussion cluster nodes that have clusters, by name, each with its clusters",
      response: { 200: discussionClusterNodeListResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await listNodes(app.database.db, request.ctx!.clientId) }));
};
export default discussionRoutes;
