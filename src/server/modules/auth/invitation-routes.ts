import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@shared/schemas/auth';
import { apiErrorSchema } from '@shared/schemas/error';
import { invitationAcceptBodySchema, invitationParamsSchema, invitationResponseSchema } from '@shared/schemas/users';
import * as service from './invitation-service';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/** The invited user has no session yet: the unguessable one-time token is the credential. */
const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/auth/invitations/:token', {
    // public: the invited user is not logged in; the link's token (256 random bits) is what admits them.
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: 'Who an invitation link is for, while it is unused and unexpired',
      params: invitationParamsSchema,
      response: { 200: invitationResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.describeInvitation(app.database.db, request.params.token) }));

  app.post('/api/auth/invitations/:token', {
    // public: as above; the link works once, then the user logs in with the password set here.
    config: { access: 'public' },
    schema: {
      tags: ['auth'],
      summary: "Set the invited user's password and spend the link",
      params: invitationParamsSchema,
      body: invitationAcceptBodySchema,
      response: { 200: okResponseSchema, ...errors, 422: apiErrorSchema },
    },
  }, async (request) => {
    await service.acceptInvitation(app.database.db, request.params.token, request.body.password, request.id);
    return { data: 'OK' as const };
  });
};
export default invitationRoutes;
