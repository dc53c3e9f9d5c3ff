import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Action, Resource } from '@shared/permissions';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  copyPersonaBodySchema,
  createPersonaBodySchema,
  createWidgetBodySchema,
  motivationAudienceResponseSchema,
  motivationRequestBodySchema,
  personaConflictSchema,
  personaListResponseSchema,
  personaParamsSchema,
  personaResponseSchema,
  updatePersonaBodySchema,
  updateWidgetBodySchema,
  versionQuerySchema,
  widgetConflictSchema,
  widgetListQuerySchema,
  widgetListResponseSchema,
  widgetResponseSchema,
} from '@shared/schemas/explore';
import { idParamsSchema } from '@shared/schemas/ids';
import { exploreTabsQuerySchema, tabsConfigurationResponseSchema } from '@shared/schemas/grow';
import { tabsConfiguration } from '../grow-config/grow-config-service';
import type { Executor } from '../../db/client';
import { runIdempotent, type Answer } from '../../lib/idempotency';
import type { ExploreScope } from './explore-common';
import { requestMotivationAudience } from './motivation-service';
import * as personas from './persona-service';
import * as widgets from './widget-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const VERSIONED = ' Based on the version sent: an older one is merged field by field when the edit says what it saw (`base`), else refused with 409 and the current one in error.details.current.';
const CREATED = ' With client_key, meta.created maps it to the new id.';
const ALL_DATA = ' The all-data persona is refused (422).';

/** Explore's personas, custom widgets and motivation audience requests in the X-Context product and region (spec 3 §2.1, §7 Explore). */
const exploreRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every Explore route needs the client's explore feature (spec 3 §6), whatever the caller's permissions.
  const access = (action: Action, resource: Resource = 'explore') => ({ access: { resource, action }, context: 'product' as const, feature: 'explore' as const });
  const scope = (request: FastifyRequest, db: Executor): ExploreScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  /** An idempotent write: `write` runs in the write's transaction. */
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (scope: ExploreScope) => Promise<Answer['body']>, status = 200) =>
    runIdempotent(app, request, reply, async (tx) => ({ status, body: await write(scope(request, tx)) }));

  // ---- personas ----

  app.get('/api/personas', {
    config: access('read'),
    schema: { tags: ['explore'], summary: "The product's personas in the region: the all-data persona first (always there), then by name", response: { 200: personaListResponseSchema, ...errors } },
  }, async (request) => ({ data: await personas.listPersonas(scope(request, app.database.db)) }));

  app.get('/api/explore/tabs-configuration', {
    config: access('read'),
    schema: {
      tags: ['explore'],
      summary: "Explore's Person Level and Market Level tabs in the X-Context region (the same rule as Grow's: Person Level unless the region is market level only)",
      querystring: exploreTabsQuerySchema,
      response: { 200: tabsConfigurationResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await tabsConfiguration(app.database.db, request.ctx!, request.query) }));

  app.get('/api/personas/:id', {
    config: access('read'),
    schema: {
      tags: ['explore'],
      summary: 'A persona with the segments and demographic values it names and its deleted segments',
      params: personaParamsSchema,
      response: { 200: personaResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await personas.getPersona(scope(request, app.database.db), request.params.id) }));

  app.post('/api/personas', {
    config: access('create'),
    schema: {
      tags: ['explore'],
      summary: 'Create a persona from filters (segments and demographic values); made default, it takes it from the others',
      description: IDEMPOTENT + CREATED,
      body: createPersonaBodySchema,
      response: { 200: personaResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => personas.createPersona(s, request.body)));

  app.put('/api/personas/:id', {
    config: access('update'),
    schema: {
      tags: ['explore'],
      summary: "Edit a persona's name, filters, icon or default; only the default of the all-data persona may change",
      description: IDEMPOTENT + VERSIONED,
      params: personaParamsSchema,
      body: updatePersonaBodySchema,
      response: { 200: personaResponseSchema, ...errors, 409: personaConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, (s) => personas.updatePersona(s, request.params.id, request.body)));

  app.delete('/api/personas/:id', {
    config: access('destroy'),
    schema: {
      tags: ['explore'],
      summary: 'Delete a persona and its custom widgets, based on ?version=N; answers it as it was, at version N+1',
      description: IDEMPOTENT + ' An older version is refused with 409 and the current persona.' + ALL_DATA,
      params: personaParamsSchema,
      querystring: versionQuerySchema,
      response: { 200: personaResponseSchema, ...errors, 409: personaConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, (s) => personas.deletePersona(s, request.params.id, request.query.version)));

  app.post('/api/personas/:id/copy', {
    config: access('create'),
    schema: {
      tags: ['explore'],
      summary: "Copy a persona with its custom widgets, named 'Copy of …' unless a name is given",
      description: IDEMPOTENT + CREATED + ALL_DATA + ' So is a persona naming segments that are no longer available.',
      params: personaParamsSchema,
      body: copyPersonaBodySchema,
      response: { 200: personaResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => personas.copyPersona(s, request.params.id, request.body)));

  // ---- custom widgets: editing one is editing the persona's Explore view (explore update) ----

  app.get('/api/widgets', {
    config: access('read'),
    schema: {
      tags: ['explore'],
      summary: "A persona's custom widgets (Market Level), in order",
      querystring: widgetListQuerySchema,
      response: { 200: widgetListResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await widgets.listWidgets(scope(request, app.database.db), request.query.persona_id) }));

  app.post('/api/widgets', {
    config: access('update'),
    schema: {
      tags: ['explore'],
      summary: "Add a custom widget at the end of a persona's widgets",
      description: IDEMPOTENT + CREATED,
      body: createWidgetBodySchema,
      response: { 200: widgetResponseSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, (s) => widgets.createWidget(s, request.body)));

  app.put('/api/widgets/:id', {
    config: access('update'),
    schema: {
      tags: ['explore'],
      summary: "Edit a custom widget's name, tab or rows",
      description: IDEMPOTENT + VERSIONED,
      params: idParamsSchema,
      body: updateWidgetBodySchema,
      response: { 200: widgetResponseSchema, ...errors, 409: widgetConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, (s) => widgets.updateWidget(s, request.params.id, request.body)));

  app.delete('/api/widgets/:id', {
    config: access('update'),
    schema: {
      tags: ['explore'],
      summary: 'Delete a custom widget, based on ?version=N; answers it as it was, at version N+1',
      description: IDEMPOTENT + ' An older version is refused with 409 and the current widget.',
      params: idParamsSchema,
      querystring: versionQuerySchema,
      response: { 200: widgetResponseSchema, ...errors, 409: widgetConflictSchema },
    },
  }, (request, reply) => idempotent(request, reply, (s) => widgets.deleteWidget(s, request.params.id, request.query.version)));

  // ---- motivation audience requests (tier 3) ----

  app.post('/api/motivation-audiences', {
    config: { ...access('create', 'request_motivation_audiences'), writeLimit: 'motivation_audiences' },
    schema: {
      tags: ['explore'],
      summary: 'Request a motivation audience from filters: stored pending and made by a job (pending, processing, complete or failed; its count is null until complete)',
      description: IDEMPOTENT,
      body: motivationRequestBodySchema,
      response: { 201: motivationAudienceResponseSchema, ...errors, 429: apiErrorSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await requestMotivationAudience(s, request.body, app.jobs) }), 201));
};

export default exploreRoutes;
