import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Action } from '@shared/permissions';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  copyJourneyBodySchema,
  createJourneyBodySchema,
  journeyConflictSchema,
  journeyCountsBodySchema,
  journeyCountsResponseSchema,
  journeyListResponseSchema,
  journeyParamsSchema,
  journeyResponseSchema,
  journeyVersionQuerySchema,
  removeInvalidJourneyBodySchema,
  updateJourneyBodySchema,
} from '@shared/schemas/journeys';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import { journeyCounts } from './journey-counts-service';
import * as service from './journeys-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
/** The answers of a write based on the journey's version: the journey, or 409 with the current one. */
const versioned = { 200: journeyResponseSchema, ...errors, 409: journeyConflictSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const VERSIONED = " Based on the journey's version: an older one is refused with 409 and the current journey in error.details.current. Answers the whole journey.";
const CREATED = " New brands and stages are named by temporary ids ('tmp-<uuid>'); meta.created maps each to its new id.";

/** Journeys of the X-Context product and region (spec 3 §2.3, §2.4, §7 Journey; decision 013). */
const journeyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every journey route needs the client's journey feature (spec 3 §6), whatever the caller's permissions.
  const access = (action: Action) => ({ access: { resource: 'journeys' as const, action }, context: 'product' as const, feature: 'journey' as const });
  const scope = (request: FastifyRequest, db: Executor = app.database.db): service.JourneyScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.JourneyScope) => Promise<service.JourneyAnswer>, status = 200) =>
    runIdempotent(app, request, reply, async (tx) => ({ status, body: await write(scope(request, tx)) }));

  app.get('/api/journeys', {
    config: access('read'),
    schema: { tags: ['journeys'], summary: "The product's journeys in the region: the default first, then by name", response: { 200: journeyListResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.listJourneys(scope(request)) }));

  app.get('/api/journeys/:id', {
    config: access('read'),
    schema: {
      tags: ['journeys'],
      summary: 'A journey with its brands, stages and cells, the segments they name and its invalid cells',
      params: journeyParamsSchema,
      response: { 200: journeyResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.getJourney(scope(request), request.params.id) }));

  app.post('/api/journeys', {
    config: access('create'),
    schema: {
      tags: ['journeys'],
      summary: 'Create a journey: its name, default, transitions, brands, stages and one cell per brand and stage',
      description: IDEMPOTENT + CREATED,
      body: createJourneyBodySchema,
      response: { 201: journeyResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => service.createJourney(s, request.body), 201));

  app.put('/api/journeys/:id', {
    config: access('update'),
    schema: {
      tags: ['journeys'],
      summary: 'Save the whole journey; over a newer version it is merged brand by brand, stage by stage and cell by cell with `base`',
      description: `${IDEMPOTENT}${VERSIONED}${CREATED} Only items both sides changed differently are a 409, named in error.details.conflicts.`,
      params: journeyParamsSchema,
      body: updateJourneyBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => service.updateJourney(s, request.params.id, request.body)));

  app.post('/api/journeys/:id/copy', {
    config: access('create'),
    schema: {
      tags: ['journeys'],
      summary: "Copy a journey with its brands, stages and cells (named '<name> (copy)' unless a name is given); answers the new journey",
      description: `${IDEMPOTENT} Refused (422) while the journey has cells whose segments are gone; 409 when a journey has the copy's name.`,
      params: journeyParamsSchema,
      body: copyJourneyBodySchema,
      response: { 201: journeyResponseSchema, 409: apiErrorSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => service.copyJourney(s, request.params.id, request.body), 201));

  app.delete('/api/journeys/:id', {
    config: access('destroy'),
    schema: {
      tags: ['journeys'],
      summary: 'Delete a journey, based on ?version=N; answers it as it was, at version N+1',
      description: IDEMPOTENT + VERSIONED,
      params: journeyParamsSchema,
      querystring: journeyVersionQuerySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => service.deleteJourney(s, request.params.id, request.query.version)));

  app.post('/api/journeys/:id/remove-invalid', {
    config: access('update'),
    schema: {
      tags: ['journeys'],
      summary: "Remove Invalid Audience(s): clear every cell's segment the region has deleted or does not have",
      description: IDEMPOTENT + VERSIONED,
      params: journeyParamsSchema,
      body: removeInvalidJourneyBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => service.removeInvalid(s, request.params.id, request.body.version)));

  app.post('/api/journeys/:id/counts', {
    config: access('read'),
    schema: {
      tags: ['journeys'],
      summary: "A journey's counts on a tab: each cell's people per brand and stage and, with transitions, each adjacent pair's shared people and share",
      description: 'Counted by the session\'s data source in one of its count slots (429 when too many wait, 503 while the data is not ready or past the time limit). Total Population counts are the cells\' populations.',
      params: journeyParamsSchema,
      body: journeyCountsBodySchema,
      response: { 200: journeyCountsResponseSchema, 429: apiErrorSchema, ...errors },
    },
  }, async (request) => ({ data: await journeyCounts(scope(request), request.params.id, request.body.tab) }));
};
export default journeyRoutes;
