import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Action } from '@shared/permissions';
import {
  activatableAudiencesResponseSchema,
  activationDetailResponseSchema,
  activationParamsSchema,
  activationResponseSchema,
  activationsPageSchema,
  activationsQuerySchema,
  createActivationBodySchema,
  destinationsResponseSchema,
} from '@shared/schemas/activations';
import { apiErrorSchema } from '@shared/schemas/error';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import * as service from './activations-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT = 'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const NOT_READY = ' 503 DATA_NOT_READY while the region\'s audience data is being prepared.';

/** Audiences > Ams (spec 1 §2.4, §3, §4; issue 14): activations of the X-Context product, and their deliveries. */
const activationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route needs the client's ams feature (spec 1 §5), whatever the caller's permissions: 403 as for Grow.
  const access = (action: Action) => ({ access: { resource: 'ams_activation' as const, action }, context: 'product' as const, feature: 'ams' as const });
  const writeScope = (request: FastifyRequest, tx: Executor): service.WriteScope => ({
    tx, auth: request.auth!, ctx: request.ctx!, jobs: app.jobs, data: app.data, requestId: request.id,
  });

  app.get('/api/activations', {
    config: access('read'),
    schema: {
      tags: ['activations'],
      summary: "The product's activations in the region, last changed first; filtered by state, destination and part of the audience's name",
      querystring: activationsQuerySchema,
      response: { 200: activationsPageSchema, ...errors },
    },
  }, (request) => service.listActivations(app.database.db, request.ctx!, request.query));

  app.get('/api/activations/destinations', {
    config: access('read'),
    schema: { tags: ['activations'], summary: "The client's destinations (ad platforms), by name", response: { 200: destinationsResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listDestinations(app.database.db, request.ctx!) }));

  app.get('/api/activations/audiences', {
    config: access('create'),
    schema: {
      tags: ['activations'],
      summary: "The product's saved audiences in the region that can be activated (they have a rule), by name",
      response: { 200: activatableAudiencesResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listActivatableAudiences(app.database.db, request.ctx!) }));

  app.get('/api/activations/:id', {
    config: access('read'),
    schema: {
      tags: ['activations'],
      summary: 'An activation with its delivery job (state, progress) as the queue last saw it',
      params: activationParamsSchema,
      response: { 200: activationDetailResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.getActivation(app.database.db, app.jobs, request.ctx!, request.params.id) }));

  app.post('/api/activations', {
    config: { ...access('create'), writeLimit: 'activations' },
    schema: {
      tags: ['activations'],
      summary: 'Activate a saved audience of the product to a destination: answers 202 with the activation In Progress while its delivery job runs',
      description: `${IDEMPOTENT} The audience must be a saved audience of the X-Context product and region with a rule, the destination one of its client (404); an end date in the past is 422.${NOT_READY}`,
      body: createActivationBodySchema,
      response: { 202: activationResponseSchema, ...errors, 429: apiErrorSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 202,
    body: { data: await service.createActivation(writeScope(request, tx), request.body) },
  })));

  app.post('/api/activations/:id/refresh', {
    config: { ...access('update'), writeLimit: 'activations' },
    schema: {
      tags: ['activations'],
      summary: 'Send the activation again: a new delivery job, In Progress; 409 while a delivery runs or after its end date',
      description: IDEMPOTENT + NOT_READY,
      params: activationParamsSchema,
      response: { 202: activationResponseSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 202,
    body: { data: await service.refreshActivation(writeScope(request, tx), request.params.id) },
  })));

  app.post('/api/activations/:id/cancel', {
    config: access('update'),
    schema: {
      tags: ['activations'],
      summary: 'Cancel the activation: Canceled, and its running delivery stopped (its partial file removed); 409 when it has already ended',
      description: IDEMPOTENT,
      params: activationParamsSchema,
      response: { 200: activationResponseSchema, ...errors, 409: apiErrorSchema },
    },
  }, async (request, reply) => {
    let jobToCancel: string | null = null;
    await runIdempotent(app, request, reply, async (tx) => {
      const done = await service.cancelActivation(writeScope(request, tx), request.params.id);
      jobToCancel = done.jobToCancel;
      return { body: { data: done.activation } };
    });
    // After the commit: on PGlite the queue's own statements would wait behind this transaction.
    // The activation is Canceled either way; a job not stopped here cannot complete it.
    if (jobToCancel) await app.jobs.cancel(jobToCancel).catch((err: unknown) => request.log.warn({ err, jobToCancel }, 'the delivery job was not cancelled'));
  });
};

export default activationRoutes;
