import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  categoriesResponseSchema,
  countBodySchema,
  countResponseSchema,
  countsBodySchema,
  countsResponseSchema,
  dataAvailabilityBodySchema,
  dataAvailabilityResponseSchema,
  dataStatusResponseSchema,
  overlapBodySchema,
  overlapResponseSchema,
  ruleCountsBodySchema,
  ruleCountsResponseSchema,
  segmentLookupBodySchema,
  segmentLookupResponseSchema,
  segmentsPageSchema,
  segmentsQuerySchema,
  widgetBodySchema,
  widgetResponseSchema,
} from '@shared/schemas/insights';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import * as service from './insights-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/**
 * The count engine's API (issue 3). Every route is scoped to the caller's X-Context; segment
 * ids are checked against that client region before any engine sees them.
 */
const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const asker = (request: FastifyRequest) => ({ db: app.database.db, data: app.data, auth: request.auth!, ctx: request.ctx! });

  app.get('/api/segments', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'client' },
    schema: { tags: ['insights'], summary: 'Segments of a region of the context client, by name, identifier or vendor, paged', querystring: segmentsQuerySchema, response: { 200: segmentsPageSchema, ...errors } },
  }, (request) => service.listSegments(asker(request), request.query));

  app.post('/api/segments/lookup', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'Segments of the context region by identifier, with people per region and global', body: segmentLookupBodySchema, response: { 200: segmentLookupResponseSchema, ...errors } },
  }, (request) => service.lookupSegments(asker(request), request.body.identifiers));

  app.post('/api/audiences/count', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'People in an audience rule: OR within each group, AND across groups, minus the excludes', body: countBodySchema, response: { 200: countResponseSchema, ...errors } },
  }, async (request) => ({ data: { count: await service.countAudience(asker(request), request.body.rules) } }));

  app.post('/api/insights/rule-counts', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: {
      tags: ['insights'],
      summary: 'The builder’s live counts: people in the whole rule, in each include group and each group of demographic values alone, in any excluded segment, and in the region',
      body: ruleCountsBodySchema,
      response: { 200: ruleCountsResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.ruleCounts(asker(request), request.body.rules) }));

  app.post('/api/insights/counts', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'Segment, market and total counts within the focus (spec 3 §7); empty without short ids', body: countsBodySchema, response: { 200: countsResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.counts(asker(request), request.body) }));

  app.get('/api/insights/categories', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'Demographic categories of the context region and their values', response: { 200: categoriesResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.categories(asker(request)) }));

  app.post('/api/insights/widgets', {
    config: { access: { resource: 'audiences', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'An index widget: per value of a category, count, share, base share, index and z-score; without rules, of everyone', body: widgetBodySchema, response: { 200: widgetResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.widget(asker(request), request.body.rules ?? null, request.body.category) }));

  app.post('/api/insights/overlap', {
    config: { access: { resource: 'comparisons', action: 'read' }, context: 'region' },
    schema: { tags: ['insights'], summary: 'Sizes of 2 to 5 audiences, of every pair’s overlap and of everyone; for up to 4, every exclusive intersection with its index against the region', body: overlapBodySchema, response: { 200: overlapResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.overlap(asker(request), request.body.audiences) }));

  app.post('/api/data-availability', {
    config: { access: 'session', context: 'region' },
    schema: { tags: ['insights'], summary: 'Vendor data the context region has for the use cases; a non-empty list means available', body: dataAvailabilityBodySchema, response: { 200: dataAvailabilityResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.dataAvailability(asker(request), request.body) }));

  app.get('/api/data-status', {
    config: { access: 'session' },
    schema: { tags: ['insights'], summary: 'Whether each client region’s audience data is generating, loading or ready (the caller’s clients only)', response: { 200: dataStatusResponseSchema, ...errors } },
  }, async (request) => {
    const hierarchy = await hierarchyFor(app.database.db, request.auth!);
    const visible = new Set(hierarchy.flatMap((c) => c.regions.map((r) => `${c.slug}/${r.slug}`)));
    // What a signed-in user can see is prepared before what nobody is looking at.
    app.data.prefer(hierarchy.flatMap((c) => c.regions.map((r) => app.data.clientRegionOf(c.id, r.id))).filter((id): id is number => id !== null));
    return { data: app.data.statuses().filter((s) => visible.has(`${s.client}/${s.region}`)) };
  });
};

export default insightsRoutes;
