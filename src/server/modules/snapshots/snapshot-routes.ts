import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@shared/schemas/error';
import {
  createSnapshotBodySchema,
  snapshotListQuerySchema,
  snapshotListResponseSchema,
  snapshotResponseSchema,
  updateConfidenceBodySchema,
} from '@shared/schemas/grow';
import { idParamsSchema } from '@shared/schemas/ids';
import type { Executor } from '../../db/client';
import { runIdempotent } from '../../lib/idempotency';
import * as service from './snapshot-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeErrors = { ...errors, 422: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT =
  'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';
const SCOPED = ' The chart must be one of the X-Context product in its region (else 404), and the client needs the Grow feature (else 403).';

/** Prediction models over a Grow chart: a confidence (0 to 1) per audience (spec 3 §3, §7 Snapshots). */
const snapshotRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest, tx: Executor): service.WriteScope => ({ tx, auth: request.auth!, ctx: request.ctx!, requestId: request.id });

  app.get('/api/snapshots', {
    config: { access: { resource: 'mekkos', action: 'read' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['snapshots'],
      summary: "A chart's snapshots, newest first",
      description: SCOPED.trim(),
      querystring: snapshotListQuerySchema,
      response: { 200: snapshotListResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listSnapshots(app.database.db, request.ctx!, request.query.mekko_id) }));

  app.get('/api/snapshots/:id', {
    config: { access: { resource: 'mekkos', action: 'read' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['snapshots'],
      summary: 'A snapshot with its confidence per audience',
      description: SCOPED.trim(),
      params: idParamsSchema,
      response: { 200: snapshotResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.getSnapshot(app.database.db, request.ctx!, request.params.id) }));

  app.post('/api/snapshots', {
    config: { access: { resource: 'mekkos', action: 'create' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['snapshots'],
      summary: 'Create a snapshot of a chart: a confidence per audience of that chart',
      description: IDEMPOTENT + SCOPED + ' Every sub_market_id must be an audience of the chart, named once (else 422).',
      body: createSnapshotBodySchema,
      response: { 200: snapshotResponseSchema, ...writeErrors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.createSnapshot(scope(request, tx), request.body) },
  })));

  app.delete('/api/snapshots/:id', {
    config: { access: { resource: 'mekkos', action: 'destroy' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['snapshots'],
      summary: 'Delete a snapshot; the answer is the snapshot as it was',
      description: IDEMPOTENT + SCOPED,
      params: idParamsSchema,
      response: { 200: snapshotResponseSchema, ...writeErrors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.deleteSnapshot(scope(request, tx), request.params.id) },
  })));

  app.post('/api/snapshots/update_current_confidence', {
    config: { access: { resource: 'mekkos', action: 'update' }, context: 'product', feature: 'grow' },
    schema: {
      tags: ['snapshots'],
      summary: "Set an audience's confidence in a snapshot (added when the snapshot had none for it)",
      description: IDEMPOTENT + SCOPED + ' The audience must be one of the snapshot\'s chart (else 422).',
      body: updateConfidenceBodySchema,
      response: { 200: snapshotResponseSchema, ...writeErrors },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    body: { data: await service.updateConfidence(scope(request, tx), request.body) },
  })));
};
export default snapshotRoutes;
