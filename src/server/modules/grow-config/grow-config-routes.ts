import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { tabsConfigurationQuerySchema, tabsConfigurationResponseSchema, tvCountSettingsResponseSchema } from '@shared/schemas/grow';
import * as service from './grow-config-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Grow settings the chart screen reads: TV count settings and the insights tabs (spec 3 §3, §7). */
const growConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/tv-count-settings', {
    config: { access: { resource: 'mekkos', action: 'read' }, context: 'region', feature: 'grow' },
    schema: {
      tags: ['grow'],
      summary: 'The TV panelist estimate settings of the context client region, or null when it has none',
      response: { 200: tvCountSettingsResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.tvCountSettings({ db: app.database.db, ctx: request.ctx!, data: app.data }) }));

  app.get('/api/tabs-configuration', {
    config: { access: { resource: 'mekkos', action: 'read' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['grow'],
      summary: 'The Person Level and Market Level insights tabs of a chart, with the market-level-only regions',
      description: 'resource_id, when sent, must be a chart of the X-Context product and region (else 404); tab_key narrows the list to that tab.',
      querystring: tabsConfigurationQuerySchema,
      response: { 200: tabsConfigurationResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.tabsConfiguration(app.database.db, request.ctx!, request.query) }));
};
export default growConfigRoutes;
