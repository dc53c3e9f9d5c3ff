import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import {
  hierarchyPermissionsBodySchema,
  type AdminUser,
  type InvitationLink,
  hierarchyPermissionsResponseSchema,
  hierarchySlugsResponseSchema,
  userConflictSchema,
  userCreateBodySchema,
  userCreatedResponseSchema,
  userIdParamsSchema,
  userResponseSchema,
  usersResponseSchema,
  userUpdateBodySchema,
} from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import { forgetUserSessions } from '../auth/session-cache';
import { errors, IDEMPOTENT, scope } from '../roles/roles-routes';
import * as service from './users-service';

const GUARDED =
  ' Roles given or taken must grant nothing beyond the caller\'s own; slugs given or taken must lie within the caller\'s own (422).' +
  ' The last active global administrator stays one (422). The user\'s next request uses the change.';
const ONE_TIME =
  ' Not replayed by X-Request-ID: the answer holds a one-time secret that is never stored (only its sha256 is).';

/** Users and their hierarchy permissions (issue 19); global routes, scoped to the clients the caller may see. */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Db = app.database.db;
  // PUBLIC_URL, never the request's Host header: a forged Host put its own address into the link (issue 26).
  // Read per request: start-up sets it once the port is bound when PORT=0.
  const origin = () => app.config.publicUrl;
  /**
   * The answer with a new link. The link is a credential: it is in the answer only, and the log
   * says that an invitation was made, not its link or token.
   */
  const invited = (request: FastifyRequest, reply: FastifyReply, sent: { user: AdminUser; invitation: InvitationLink }) => {
    request.log.info({ userId: sent.user.id }, 'invitation link made');
    return reply.code(201).send({ data: sent.user, invitation: sent.invitation });
  };
  /** Runs a user change and drops the user's cached sessions once it has committed. */
  const changeUser = (request: FastifyRequest, reply: Parameters<typeof runIdempotent>[2], id: number, work: (s: service.WriteScope) => Promise<unknown>) =>
    runIdempotent(app, request, reply, async (tx) => ({ body: { data: await work(scope(request, tx)) } }), async () => forgetUserSessions(db, [id]));

  app.get('/api/users', {
    config: { access: { resource: 'users', action: 'read' } },
    schema: {
      tags: ['users'],
      summary: 'The users of the clients the caller may see (everyone for a caller with *), by name',
      response: { 200: usersResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listUsers(db, request.auth!) }));

  app.post('/api/users', {
    config: { access: { resource: 'users', action: 'create' } },
    schema: {
      tags: ['users'],
      summary: 'Invite a user: created without a password, with a one-time link (7 days) to set one',
      description: `The link is in the answer only (never in the server log), on PUBLIC_URL.${GUARDED}${ONE_TIME}`,
      body: userCreateBodySchema,
      response: { 201: userCreatedResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const paths = await service.hierarchyPaths(db, request.auth!);
    return invited(request, reply, await db.transaction((tx) => service.createUser(paths, scope(request, tx), request.body.user, origin())));
  });

  app.post('/api/users/:id/invitation', {
    config: { access: { resource: 'users', action: 'update' } },
    schema: {
      tags: ['users'],
      summary: 'A new invitation link for a user who has not set a password (older links stop working)',
      description: `In the answer only, like the first.${ONE_TIME}`,
      params: idParamsSchema,
      response: { 201: userCreatedResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
  }, async (request, reply) => {
    return invited(request, reply, await db.transaction((tx) => service.reinvite(scope(request, tx), request.params.id, origin())));
  });

  app.put('/api/users/:id', {
    config: { access: { resource: 'users', action: 'update' } },
    schema: {
      tags: ['users'],
      summary: "Change a user's names, roles, slugs or activity (active false ends their sessions), based on version",
      description: `${IDEMPOTENT}${GUARDED} A stale version is 409 with details.current.`,
      params: idParamsSchema,
      body: userUpdateBodySchema,
      response: { 200: userResponseSchema, ...errors, 404: apiErrorSchema, 409: userConflictSchema },
    },
  }, async (request, reply) => {
    const paths = request.body.user.slugs ? await service.hierarchyPaths(db, request.auth!) : new Set<string>();
    return changeUser(request, reply, request.params.id, (s) => service.updateUser(paths, s, request.params.id, request.body.user, request.body.version));
  });

  app.get('/api/user-hierarchy-permissions/:userId', {
    config: { access: { resource: 'users', action: 'read' } },
    schema: {
      tags: ['users'],
      summary: "A user's hierarchy permissions",
      params: userIdParamsSchema,
      response: { 200: hierarchyPermissionsResponseSchema, ...errors, 404: apiErrorSchema },
    },
  }, async (request) => ({ data: { user_id: request.params.userId, slugs: await service.userSlugs(db, request.auth!, request.params.userId) } }));

  app.get('/api/user-hierarchy-permissions/:userId/slugs', {
    config: { access: { resource: 'users', action: 'read' } },
    schema: {
      tags: ['users'],
      summary: "A user's hierarchy slugs",
      params: userIdParamsSchema,
      response: { 200: hierarchySlugsResponseSchema, ...errors, 404: apiErrorSchema },
    },
  }, async (request) => ({ data: await service.userSlugs(db, request.auth!, request.params.userId) }));

  app.put('/api/user-hierarchy-permissions/:userId', {
    config: { access: { resource: 'users', action: 'update' } },
    schema: {
      tags: ['users'],
      summary: "Replace a user's hierarchy slugs",
      description: `${IDEMPOTENT}${GUARDED} Added slugs must exist in the hierarchy.`,
      params: userIdParamsSchema,
      body: hierarchyPermissionsBodySchema,
      response: { 200: hierarchyPermissionsResponseSchema, ...errors, 404: apiErrorSchema },
    },
  }, async (request, reply) => {
    const { userId } = request.params;
    if (request.body.user_id !== userId) throw badRequest('user_id in the body must be the user in the path.');
    const paths = await service.hierarchyPaths(db, request.auth!);
    return changeUser(request, reply, userId, async (s) => {
      const user = await service.setUserSlugs(paths, s, userId, request.body.slugs);
      return { user_id: user.id, slugs: user.slugs };
    });
  });
};
export default userRoutes;
