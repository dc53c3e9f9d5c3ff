import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Action, Resource } from '@shared/permissions';
import { apiErrorSchema } from '@shared/schemas/error';
import { mekkoParamsSchema } from '@shared/schemas/grow';
import {
  createOutcomeTimeframeBodySchema,
  outcomeTimeframeConflictSchema,
  outcomeTimeframeParamsSchema,
  outcomeTimeframeResponseSchema,
  outcomeTimeframesResponseSchema,
  outcomeVersionQuerySchema,
  recordOutcomesResponseSchema,
  updateOutcomeTimeframeBodySchema,
} from '@shared/schemas/outcomes';
import type { Executor } from '../../db/client';
import { runIdempotent, type Answer } from '../../lib/idempotency';
import * as service from './outcomes-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const VERSIONED = " Based on the timeframe's version: an older one is refused with 409 and the current timeframe in error.details.current.";
const MONTHS = ' Months are sent zero-based (0 = January) and answered one-based (1 = January), spec 3 §3.';

/** Outcome timeframes of the X-Context product's Grow charts (spec 3 §7 Outcomes; decision 014). */
const outcomeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The chart's parameter is ':id', as Grow's routes name it: the router keeps one name per position of /api/mekkos/*.
  // Every Measure route needs the client's measure feature (spec 3 §6), whatever the caller's permissions.
  const access = (resource: Resource, action: Action) => ({ access: { resource, action }, context: 'product' as const, feature: 'measure' as const });
  const scope = (request: FastifyRequest, db: Executor = app.database.db): service.OutcomesScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.OutcomesScope) => Promise<Answer>) =>
    runIdempotent(app, request, reply, (tx) => write(scope(request, tx)));

  app.get('/api/mekkos/:id/outcome-timeframes', {
    config: access('outcomes', 'read'),
    schema: {
      tags: ['outcomes'],
      summary: "A Grow chart's outcome timeframes, newest first, with the current month synthesised from the chart unless it was recorded",
      description:
        "Every timeframe lists every market and audience of the chart now (missing figures 0). The synthesised month (id null, version 0) takes Total Population from the audiences' populations and Matched and Modeled from the session's count engine (0 while meta.data_ready is false)." + MONTHS,
      params: mekkoParamsSchema,
      response: { 200: outcomeTimeframesResponseSchema, ...errors },
    },
  }, async (request) => service.listTimeframes(scope(request), request.params.id));

  app.post('/api/mekkos/:id/outcome-timeframes', {
    config: access('outcome_timeframes', 'create'),
    schema: {
      tags: ['outcomes'],
      summary: 'Add a timeframe for a past month of the chart, with its figures',
      description: `${IDEMPOTENT} Refused (422) for the current or a future month, a month that has one, a month over ten years back, and markets or audiences that are not the chart's.${MONTHS}`,
      params: mekkoParamsSchema,
      body: createOutcomeTimeframeBodySchema,
      response: { 201: outcomeTimeframeResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ status: 201, body: await service.createTimeframe(s, request.params.id, request.body) })));

  app.post('/api/outcome-timeframes/record', {
    config: { ...access('outcome_timeframes', 'create'), writeLimit: 'record_month' },
    schema: {
      tags: ['outcomes'],
      summary: "Record this month: every chart of the product in the region gets the current month's figures, through the job queue",
      description: `${IDEMPOTENT} Answers 202 with the job and its task (an outcome_completed notification that opens Measure on the month when done). A month typed or edited by hand is not overwritten. 503 while the region's data is not ready.`,
      response: { 202: recordOutcomesResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ status: 202, body: await service.requestRecording(s, app.jobs, request.id) })));

  app.put('/api/outcome-timeframes/:id', {
    config: access('outcome_timeframes', 'update'),
    schema: {
      tags: ['outcomes'],
      summary: "Save a timeframe's figures (it becomes 'entered'); over a newer version it is merged figure by figure with `base`",
      description: `${IDEMPOTENT}${VERSIONED} Only figures both sides changed differently are a 409, named in error.details.conflicts. The month cannot change (422).${MONTHS}`,
      params: outcomeTimeframeParamsSchema,
      body: updateOutcomeTimeframeBodySchema,
      response: { 200: outcomeTimeframeResponseSchema, ...errors, 409: outcomeTimeframeConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ body: await service.updateTimeframe(s, request.params.id, request.body) })));

  app.delete('/api/outcome-timeframes/:id', {
    config: access('outcome_timeframes', 'destroy'),
    schema: {
      tags: ['outcomes'],
      summary: 'Delete a timeframe (its market and audience figures with it), based on ?version=N',
      description: IDEMPOTENT + VERSIONED,
      params: outcomeTimeframeParamsSchema,
      querystring: outcomeVersionQuerySchema,
      response: { 204: z.null(), ...errors, 409: outcomeTimeframeConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => {
    await service.deleteTimeframe(s, request.params.id, request.query.version);
    return { status: 204, body: null };
  }));
};
export default outcomeRoutes;
