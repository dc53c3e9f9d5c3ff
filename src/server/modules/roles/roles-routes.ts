import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  resourcesResponseSchema,
  roleConflictSchema,
  roleCreateBodySchema,
  roleIdParamsSchema,
  roleResponseSchema,
  rolesResponseSchema,
  roleUpdateBodySchema,
} from '@shared/schemas/roles';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { forgetUserSessions } from '../auth/session-cache';
import * as service from './roles-service';

/** What the roles and users routes share: their refusals, the idempotency note and a write's scope. */
export const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema };
export const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const GUARDED = ' Nobody grants what they do not hold (422 naming the resource and actions); only an administrator sets or edits is_admin.';

/** Roles are global (no X-Context): the permission matrix as data (issue 19). */
export const scope = (request: FastifyRequest, tx: Executor): service.WriteScope => ({ tx, auth: request.auth!, requestId: request.id });

const roleRoutes: FastifyPluginAsyncZod = async (app) => {

  app.get('/api/resources', {
    config: { access: { resource: 'roles', action: 'read' } },
    schema: {
      tags: ['roles'],
      summary: 'Every resource a role can grant, with its label, group and actions',
      response: { 200: resourcesResponseSchema, ...errors },
    },
  }, async () => ({ data: service.resources() }));

  app.get('/api/roles', {
    config: { access: { resource: 'roles', action: 'read' } },
    schema: {
      tags: ['roles'],
      summary: 'Every role with its grants and how many users hold it, by name',
      response: { 200: rolesResponseSchema, ...errors },
    },
  }, async () => ({ data: await service.listRoles(app.database.db) }));

  app.post('/api/roles', {
    config: { access: { resource: 'roles', action: 'create' } },
    schema: {
      tags: ['roles'],
      summary: 'Create a role',
      description: IDEMPOTENT + GUARDED,
      body: roleCreateBodySchema,
      response: { 201: roleResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 201,
    body: { data: await service.createRole(scope(request, tx), request.body.role) },
  })));

  app.put('/api/roles/:id', {
    config: { access: { resource: 'roles', action: 'update' } },
    schema: {
      tags: ['roles'],
      summary: "Update a role's name, description, is_admin and grants, based on version",
      description: `${IDEMPOTENT}${GUARDED} Its holders' next request uses the new grants. A stale version is 409 with details.current.`,
      params: roleIdParamsSchema,
      body: roleUpdateBodySchema,
      response: { 200: roleResponseSchema, ...errors, 404: apiErrorSchema, 409: roleConflictSchema },
    },
  }, (request, reply) => {
    let holders: number[] = [];
    return runIdempotent(app, request, reply, async (tx) => {
      const { role, holderIds } = await service.updateRole(scope(request, tx), request.params.id, request.body.role, request.body.version);
      holders = holderIds;
      return { body: { data: role } };
    }, async () => forgetUserSessions(app.database.db, holders));
  });

  app.delete('/api/roles/:id', {
    config: { access: { resource: 'roles', action: 'destroy' } },
    schema: {
      tags: ['roles'],
      summary: 'Delete a role nobody holds',
      description: `${IDEMPOTENT} Refused with 409 IN_USE (details.uses: the users) while anyone holds it.`,
      params: roleIdParamsSchema,
      response: { 204: z.null(), ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => {
    await service.deleteRole(scope(request, tx), request.params.id);
    return { status: 204, body: null };
  }));
};
export default roleRoutes;
