import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { Action, Resource } from '@shared/permissions';
import {
  brandCreateBodySchema,
  brandIdParamsSchema,
  brandRefusalSchema,
  brandResponseSchema,
  brandsQuerySchema,
  brandsResponseSchema,
  brandUpdateBodySchema,
  deleteQuerySchema,
  productIdParamsSchema,
  productsResponseSchema,
} from '@shared/schemas/brands';
import { apiErrorSchema } from '@shared/schemas/error';
import type { Executor } from '../../db/client';
import { runIdempotent, type Answer } from '../../lib/idempotency';
import { forgetAllSessions } from '../auth/session-cache';
import * as service from './brands-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
/** A 422 of the rules has error.details.fields (brandValidationSchema); other 422s (a reused X-Request-ID) do not. */
const writeErrors = { ...errors, 422: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const RULES = ' The rules of spec 2 §5 (rules/brands.ts) answer 422 VALIDATION_FAILED with every message by field path in error.details.fields.';
const IN_USE = ' Refused with 409 IN_USE, listing in error.details.uses the charts, journeys, personas, widgets, audiences, comparisons, motivation audiences, activations and user grants that use it.';

/**
 * Brand Management (spec 2 §2-§8; issue 19): the X-Context client's brands with their products
 * and product regions. Saves are one transaction each, versioned per brand, idempotent and audited;
 * the hierarchy's triggers make every cached hierarchy go stale at once.
 */
const brandRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (resource: Resource, action: Action) => ({ access: { resource, action }, context: 'client' as const });
  const read = (request: FastifyRequest): service.ReadScope => ({ db: app.database.db, auth: request.auth!, ctx: request.ctx! });
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.WriteScope) => Promise<Answer>) =>
    // Every cached session carries the hierarchy version: after the commit, the next request reads it again.
    runIdempotent(app, request, reply, (tx: Executor) => write({ tx, auth: request.auth!, ctx: request.ctx!, requestId: request.id }), async () => forgetAllSessions(app.database.db));

  app.get('/api/brands', {
    config: access('brands', 'read'),
    schema: {
      tags: ['brands'],
      summary: "The client's brands with their products, by name; ?region=<slug> keeps those with a product there ('*': all)",
      querystring: brandsQuerySchema,
      response: { 200: brandsResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listBrands(read(request), request.query.region) }));

  app.get('/api/products', {
    config: access('products', 'read'),
    schema: {
      tags: ['brands'],
      summary: "Every product of the client, with its brand's name",
      response: { 200: productsResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listProducts(read(request)) }));

  app.post('/api/brands', {
    config: access('brands', 'create'),
    schema: {
      tags: ['brands'],
      summary: 'Create a brand with its products and their regions, in one transaction (products create needed too)',
      description: IDEMPOTENT + RULES,
      body: brandCreateBodySchema,
      response: { 201: brandResponseSchema, ...writeErrors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ status: 201, body: { data: await service.createBrand(s, request.body) } })));

  app.put('/api/brands/:id', {
    config: access('brands', 'update'),
    schema: {
      tags: ['brands'],
      summary: 'Save a brand: its fields, its listed products (with id: updated, without: created) and the site-visit mapping when sent',
      description: `${IDEMPOTENT}${RULES} Based on \`version\`: an older one is refused with 409 and the current brand in error.details.current. A region a product leaves while something uses it there:${IN_USE}`,
      params: brandIdParamsSchema,
      body: brandUpdateBodySchema,
      response: { 200: brandResponseSchema, ...writeErrors, 409: brandRefusalSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ body: { data: await service.updateBrand(s, request.params.id, request.body) } })));

  app.delete('/api/brands/:id', {
    config: access('brands', 'destroy'),
    schema: {
      tags: ['brands'],
      summary: 'Delete a brand with its products (?version=N: only at that version)',
      description: IDEMPOTENT + IN_USE,
      params: brandIdParamsSchema,
      querystring: deleteQuerySchema,
      response: { 204: z.null(), ...writeErrors, 409: brandRefusalSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => {
    await service.deleteBrand(s, request.params.id, request.query.version);
    return { status: 204, body: null };
  }));

  app.delete('/api/products/:id', {
    config: access('products', 'destroy'),
    schema: {
      tags: ['brands'],
      summary: "Delete a product (?version=N: only at that version); a brand's last product cannot go (422)",
      description: IDEMPOTENT + IN_USE,
      params: productIdParamsSchema,
      querystring: deleteQuerySchema,
      response: { 204: z.null(), ...writeErrors, 409: brandRefusalSchema },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => {
    await service.deleteProduct(s, request.params.id, request.query.version);
    return { status: 204, body: null };
  }));
};
export default brandRoutes;
