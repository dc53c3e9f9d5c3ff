import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '@shared/permissions';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  audienceBodySchema,
  audienceParamsSchema,
  audienceUpdateBodySchema,
  copyChartBodySchema,
  createChartBodySchema,
  marketBodySchema,
  marketParamsSchema,
  mekkoConflictSchema,
  mekkoListResponseSchema,
  mekkoParamsSchema,
  mekkoResponseSchema,
  removeInvalidBodySchema,
  reorderBodySchema,
  updateChartBodySchema,
  verticalsResponseSchema,
  versionQuerySchema,
} from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import type { ChartAnswer, GrowScope } from './grow-common';
import * as items from './grow-items-service';
import * as charts from './grow-service';
import { verticalList } from './grow-verticals-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
/** The answers of a write based on the chart's version: the chart, or 409 with the current one. */
const versioned = { 200: mekkoResponseSchema, ...errors, 409: mekkoConflictSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const VERSIONED = ' Based on the chart\'s version: an older one is refused with 409 and the current chart in error.details.current. Answers the whole chart.';
const CREATED = ' With client_key, meta.created maps it to the new id.';

/** Grow charts, markets and audiences in the X-Context product and region (spec 3 §2.2, §7 Grow). */
const growRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every Grow route needs the client's grow feature (spec 3 §6), whatever the caller's permissions.
  const access = (action: Action) => ({ access: { resource: 'mekkos' as const, action }, context: 'product' as const, feature: 'grow' as const });
  const scope = (request: FastifyRequest, db: Executor): GrowScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  /** An idempotent write whose answer is the chart: `write` runs in the write's transaction. */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (scope: GrowScope) => Promise<ChartAnswer>) =>
    runIdempotent(app, request, reply, async (tx) => ({ body: await write(scope(request, tx)) }));

  app.get('/api/mekkos', {
    config: access('read'),
    schema: { tags: ['grow'], summary: "The product's charts in the region: the default first, then by name", response: { 200: mekkoListResponseSchema, ...errors } },
  }, async (request) => ({ data: await charts.listCharts(scope(request, app.database.db)) }));

  app.get('/api/mekkos/:id', {
    config: access('read'),
    schema: {
      tags: ['grow'],
      summary: 'A chart with its markets, audiences, the segments they name and its invalid audiences',
      params: mekkoParamsSchema,
      response: { 200: mekkoResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await charts.getChart(scope(request, app.database.db), request.params.id) }));

  app.get('/api/grow/verticals', {
    config: access('read'),
    schema: { tags: ['grow'], summary: 'The industry verticals a chart can be made from', response: { 200: verticalsResponseSchema, ...errors } },
  }, () => ({ data: verticalList() }));

  app.post('/api/mekkos', {
    config: access('create'),
    schema: {
      tags: ['grow'],
      summary: 'Create a chart, blank or filled from an industry vertical',
      description: IDEMPOTENT,
      body: createChartBodySchema,
      response: { 200: mekkoResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => charts.createChart(s, request.body)));

  app.put('/api/mekkos/:id', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: "Edit a chart's name, default, measurement label and count type",
      description: IDEMPOTENT + VERSIONED,
      params: mekkoParamsSchema,
      body: updateChartBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => charts.updateChart(s, request.params.id, request.body)));

  app.post('/api/mekkos/:id/copy', {
    config: access('create'),
    schema: {
      tags: ['grow'],
      summary: 'Copy a chart with its markets and audiences; answers the new chart',
      description: `${IDEMPOTENT} Refused (422) while the chart has audiences whose segments are gone.`,
      params: mekkoParamsSchema,
      body: copyChartBodySchema,
      response: { 200: mekkoResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => charts.copyChart(s, request.params.id, request.body)));

  app.delete('/api/mekkos/:id', {
    config: access('destroy'),
    schema: {
      tags: ['grow'],
      summary: 'Delete a chart, based on ?version=N; answers it as it was, at version N+1',
      description: IDEMPOTENT + VERSIONED,
      params: mekkoParamsSchema,
      querystring: versionQuerySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => charts.deleteChart(s, request.params.id, request.query.version)));

  app.post('/api/mekkos/:id/markets', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: 'Add a market at the end of the chart',
      description: IDEMPOTENT + VERSIONED + CREATED,
      params: mekkoParamsSchema,
      body: marketBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.addMarket(s, request.params.id, request.body)));

  app.put('/api/mekkos/:id/markets/order', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: "Reorder the chart's markets: ids names every market once",
      description: IDEMPOTENT + VERSIONED,
      params: mekkoParamsSchema,
      body: reorderBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.reorderMarkets(s, request.params.id, request.body)));

  app.put('/api/mekkos/:id/markets/:marketId', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: 'Rename a market',
      description: IDEMPOTENT + VERSIONED,
      params: marketParamsSchema,
      body: marketBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.renameMarket(s, request.params.id, request.params.marketId, request.body)));

  app.delete('/api/mekkos/:id/markets/:marketId', {
    config: access('destroy'),
    schema: {
      tags: ['grow'],
      summary: 'Delete a market and its audiences, based on ?version=N (prediction models holding them are refreshed)',
      description: IDEMPOTENT + VERSIONED,
      params: marketParamsSchema,
      querystring: versionQuerySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.deleteMarket(s, request.params.id, request.params.marketId, request.query.version)));

  app.post('/api/mekkos/:id/markets/:marketId/audiences', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: 'Add an audience at the end of a market',
      description: IDEMPOTENT + VERSIONED + CREATED,
      params: marketParamsSchema,
      body: audienceBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.addAudience(s, request.params.id, request.params.marketId, request.body)));

  app.put('/api/mekkos/:id/markets/:marketId/audiences/order', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: "Reorder a market's audiences: ids names every audience of the market once",
      description: IDEMPOTENT + VERSIONED,
      params: marketParamsSchema,
      body: reorderBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.reorderAudiences(s, request.params.id, request.params.marketId, request.body)));

  app.put('/api/mekkos/:id/audiences/:audienceId', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: 'Edit an audience, or move it to another market of the chart (a new matched segment refreshes its prediction models)',
      description: IDEMPOTENT + VERSIONED,
      params: audienceParamsSchema,
      body: audienceUpdateBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.updateAudience(s, request.params.id, request.params.audienceId, request.body)));

  app.delete('/api/mekkos/:id/audiences/:audienceId', {
    config: access('destroy'),
    schema: {
      tags: ['grow'],
      summary: 'Delete an audience, based on ?version=N (its prediction models are refreshed)',
      description: IDEMPOTENT + VERSIONED,
      params: audienceParamsSchema,
      querystring: versionQuerySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.deleteAudience(s, request.params.id, request.params.audienceId, request.query.version)));

  app.post('/api/mekkos/:id/remove-invalid', {
    config: access('update'),
    schema: {
      tags: ['grow'],
      summary: 'Delete the audiences whose segments are no longer available',
      description: IDEMPOTENT + VERSIONED,
      params: mekkoParamsSchema,
      body: removeInvalidBodySchema,
      response: versioned,
    },
  }, (request, reply) => idempotent(request, reply, (s) => items.removeInvalid(s, request.params.id, request.body.version)));
};

export default growRoutes;
