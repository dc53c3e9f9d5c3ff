import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { saveAudienceBodySchema, savedAudienceResponseSchema } from '@shared/schemas/grow';
import { idempotencyKey, runIdempotent } from '../../lib/idempotency';
import * as service from './audience-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };

/** Saving an audience from the builder (Save Audience in Grow, Convert to Audience in Explore). */
const audienceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/audiences', {
    config: { access: { resource: 'audiences', action: 'create' }, context: 'product', feature: 'audiences' },
    schema: {
      tags: ['audiences'],
      summary: 'Save an audience rule as an audience of the X-Context product, with its people count',
      description:
        'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing. ' +
        'The name is trimmed, required and at most 100 characters, the description at most 1000 (422 VALIDATION_FAILED naming the field); ' +
        'a rule with demographic values (non-segments) cannot be saved as an audience (422 VALIDATION_FAILED); ' +
        'every segment must be a live segment of the context region (422 UNKNOWN_SEGMENTS), and every included one must allow audiences ' +
        'to be made from it (403). 503 DATA_NOT_READY while the region\'s data is being prepared.',
      body: saveAudienceBodySchema,
      response: { 200: savedAudienceResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const asker = { db: app.database.db, data: app.data, auth: request.auth!, ctx: request.ctx! };
    const answered = await service.alreadyAnswered(app.database.db, asker.auth, idempotencyKey(request));
    const prepared = answered ? null : await service.prepareSave(asker, request.body);
    await runIdempotent(app, request, reply, async (tx) => ({
      body: { data: await service.saveAudience({ tx, auth: asker.auth, ctx: asker.ctx, requestId: request.id }, prepared) },
    }));
  });
};
export default audienceRoutes;
