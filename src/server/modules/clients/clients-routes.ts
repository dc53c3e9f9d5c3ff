import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { LANGUAGES } from '@shared/rules/clients';
import {
  adminClientResponseSchema,
  adminClientsResponseSchema,
  adminRegionConflictSchema,
  adminRegionResponseSchema,
  adminRegionsResponseSchema,
  clientCreateBodySchema,
  clientUpdateBodySchema,
  dashboardResponseSchema,
  languagesResponseSchema,
  regionCreateBodySchema,
  clientRefusalSchema,
  regionUpdateBodySchema,
} from '@shared/schemas/clients';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { forgetAllSessions } from '../auth/session-cache';
import * as service from './clients-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';

/**
 * Clients, regions, the admin dashboard and languages (spec 2 §7, issue 19). Global: no X-Context;
 * a caller sees and edits only the clients their hierarchy grants reach (others are 404).
 */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, tx: Executor): service.WriteScope => ({ tx, auth: request.auth!, requestId: request.id });
  // Every cached session carries the hierarchy version (and grants a renamed slug moves): the next request reads them again.
  const fresh = async () => forgetAllSessions(app.database.db);

  app.get('/api/clients', {
    config: { access: { resource: 'clients', action: 'read' } },
    schema: { tags: ['clients'], summary: 'Clients the caller may see, with their regions (currency, default, market level only)', response: { 200: adminClientsResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listClients(app.database.db, request.auth!) }));

  app.post('/api/clients', {
    config: { access: { resource: 'clients', action: 'create' } },
    schema: {
      tags: ['clients'],
      summary: 'Create a client with its regions (exactly one default); each client region gets its index names',
      description: IDEMPOTENT,
      body: clientCreateBodySchema,
      response: { 201: adminClientResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 201,
    body: { data: await service.createClient(scope(request, tx), request.body.client) },
  }), fresh));

  app.put('/api/clients/:id', {
    config: { access: { resource: 'clients', action: 'update' } },
    schema: {
      tags: ['clients'],
      summary: 'Update a client and its regions; removing a region the client has products or work in is refused (409 IN_USE)',
      description: `${IDEMPOTENT} A write based on an older version is refused with 409 and the current client in error.details.current.`,
      params: idParamsSchema,
      body: clientUpdateBodySchema,
      response: { 200: adminClientResponseSchema, ...errors, 404: apiErrorSchema, 409: clientRefusalSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.updateClient(scope(request, tx), request.params.id, request.body.client, request.body.version) },
  }), fresh));

  app.get('/api/regions', {
    config: { access: { resource: 'regions', action: 'read' } },
    schema: { tags: ['clients'], summary: 'Every region, with how many clients have it', response: { 200: adminRegionsResponseSchema, ...errors } },
  }, async () => ({ data: await service.listRegions(app.database.db) }));

  app.post('/api/regions', {
    config: { access: { resource: 'regions', action: 'create' } },
    schema: {
      tags: ['clients'],
      summary: 'Create a region (name and slug unique)',
      description: IDEMPOTENT,
      body: regionCreateBodySchema,
      response: { 201: adminRegionResponseSchema, ...errors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 201,
    body: { data: await service.createRegion(scope(request, tx), request.body) },
  }), fresh));

  app.put('/api/regions/:id', {
    config: { access: { resource: 'regions', action: 'update' } },
    schema: {
      tags: ['clients'],
      summary: 'Rename a region; users\u2019 hierarchy grants follow a new slug',
      description: `${IDEMPOTENT} Regions have no version: the edit sends the name and slug it was based on (base); a region changed since is refused with 409 and the current region in error.details.current.`,
      params: idParamsSchema,
      body: regionUpdateBodySchema,
      response: { 200: adminRegionResponseSchema, ...errors, 404: apiErrorSchema, 409: adminRegionConflictSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.updateRegion(scope(request, tx), request.params.id, request.body) },
  }), fresh));

  app.get('/api/admin/dashboard', {
    config: { access: { resource: 'clients', action: 'read' } },
    schema: {
      tags: ['clients'],
      summary: 'Per client the users, brands, products, charts, journeys, audiences, last activity and each region\u2019s data readiness',
      response: { 200: dashboardResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.dashboard(app.database.db, app.data, request.auth!) }));

  app.get('/api/languages', {
    // Any signed-in user: the options are the same for everyone and say nothing about a tenant.
    config: { access: 'session' },
    schema: { tags: ['clients'], summary: 'The language options of a client (value and text)', response: { 200: languagesResponseSchema, 401: apiErrorSchema } },
  }, async () => ({ data: LANGUAGES.map((l) => ({ ...l })) }));
};

export default clientRoutes;
