import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Feature } from '@shared/rules/access';
import type { Resource } from '@shared/permissions';
import { featureDisplayName } from '@shared/rules/format';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  analysisQuerySchema,
  analysisSegmentsSchema,
  attritionQuerySchema,
  bestCustomerQuerySchema,
  bestCustomerResponseSchema,
  buyerRetentionResponseSchema,
  customerAttritionResponseSchema,
  customerValueResponseSchema,
  siteVisitationResponseSchema,
  type AnalysisPage,
} from '@shared/schemas/analysis';
import * as service from './analysis-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** Each page's resource (spec 3 §6: read) and client feature (spec 1 §2.2). */
const PAGES: Record<AnalysisPage, Resource> = {
  'customer-value': 'customer_value',
  'site-visitation': 'site_visitation',
  'best-customer': 'best_customer',
  'customer-attrition': 'customer_attrition',
  'buyer-retention': 'buyer_retention',
};

/**
 * The five analysis pages (issue 32): GET per page with its settings and segment filters, and GET
 * its segments. Every route needs the page's resource read and the client's feature, and is scoped
 * to the X-Context product's client region and brand.
 */
const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const asker = (request: FastifyRequest) => ({ db: app.database.db, data: app.data, auth: request.auth!, ctx: request.ctx! });
  const config = (page: AnalysisPage) => ({ access: { resource: PAGES[page], action: 'read' as const }, context: 'product' as const, feature: page as Feature });
  const tags = ['analysis'];

  app.get('/api/analysis/customer-value', {
    config: config('customer-value'),
    schema: { tags, summary: 'Buyers by value tier, their share of spend, and movement between tiers from the previous 12 months', querystring: analysisQuerySchema, response: { 200: customerValueResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.customerValue(asker(request), request.query.filters) }));

  app.get('/api/analysis/site-visitation', {
    config: config('site-visitation'),
    schema: { tags, summary: 'The brand’s three mapped site-visit groups, their buyers, the visitors x buyers Venn and visit frequency', querystring: analysisQuerySchema, response: { 200: siteVisitationResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.siteVisitation(asker(request), request.query.filters) }));

  app.get('/api/analysis/best-customer', {
    config: config('best-customer'),
    schema: { tags, summary: 'The best customers (the top tier, or the top X % by spend), against all buyers and the region, and the segments they over-index on', querystring: bestCustomerQuerySchema, response: { 200: bestCustomerResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.bestCustomer(asker(request), request.query) }));

  app.get('/api/analysis/customer-attrition', {
    config: config('customer-attrition'),
    schema: { tags, summary: 'Active, at-risk, lapsed and won-back buyers month by month over the last 12 months, and the attrition rate', querystring: attritionQuerySchema, response: { 200: customerAttritionResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.customerAttrition(asker(request), request.query) }));

  app.get('/api/analysis/buyer-retention', {
    config: config('buyer-retention'),
    schema: { tags, summary: 'First-purchase cohorts: people who bought again in each month since (N-month) and in that month or later (unbounded)', querystring: analysisQuerySchema, response: { 200: buyerRetentionResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.buyerRetention(asker(request), request.query.filters) }));

  for (const page of Object.keys(PAGES) as AnalysisPage[]) {
    app.get(`/api/analysis/${page}/segments`, {
      config: config(page),
      schema: { tags, summary: `The brand’s segments the ${featureDisplayName(page)} page stands on`, response: { 200: analysisSegmentsSchema, ...errors } },
    }, async (request) => ({ data: await service.pageSegments(asker(request), page) }));
  }
};

export default analysisRoutes;
