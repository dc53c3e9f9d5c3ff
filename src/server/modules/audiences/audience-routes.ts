import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Action, Resource } from '@shared/permissions';
import {
  audienceListQuerySchema,
  audienceListResponseSchema,
  audienceParamsSchema,
  audienceConflictSchema,
  audienceResponseSchema,
  copyAudienceBodySchema,
  createLookalikeBodySchema,
  deleteAnswerSchema,
  deleteQuerySchema,
  lookalikeListResponseSchema,
  lookalikeResponseSchema,
  motivationAudienceListResponseSchema,
  optimizedSeedResponseSchema,
  shareAudienceBodySchema,
  shareAudienceResponseSchema,
  shareTargetsResponseSchema,
  updateAudienceBodySchema,
} from '@shared/schemas/audiences';
import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { apiErrorSchema } from '@shared/schemas/error';
import { saveAudienceBodySchema, savedAudienceResponseSchema } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { idempotencyKey, runIdempotent, type Answer } from '../../lib/idempotency';
import * as service from './audience-service';
import { createLookalike, listLookalikes, lookalikeInScope, prepareLookalike } from './lookalike-service';
import { deleteMotivation, listMotivations } from './motivation-service';
import { categorySeed } from './optimized-seed';
import { prepareShare, shareAudience, shareTargets } from './share-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const IDEMPOTENT = 'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true) and changes nothing.';

/**
 * The Audiences area (issue 16): saving from the builder, the overview, details, edits, copies and
 * deletes, lookalikes and optimized audiences, motivation audiences and sharing with another of
 * the caller's clients. Every route is of the X-Context product in its region.
 */
const audienceRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = (action: Action, resource: Resource = 'audiences') => ({ access: { resource, action }, context: 'product' as const, feature: 'audiences' as const });
  const motivationAccess = (action: Action) => ({ access: { resource: 'request_motivation_audiences' as const, action }, context: 'product' as const, feature: 'explore' as const });
  const scope = (request: FastifyRequest, db: Executor = app.database.db): service.AudiencesScope => ({ db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  /**
   * A deleted item's job, cancelled once the delete has committed: on PGlite the queue's own
   * statements wait behind an open transaction, so a cancel inside it never returned (the fuzz
   * test found it). The item is gone either way; its job finds nothing to write to.
   */
  const cancelAfterCommit = async (request: FastifyRequest, jobId: string | null) => {
    if (jobId) await app.jobs.cancel(jobId).catch((err: unknown) => request.log.warn({ err, jobId }, 'the job was not cancelled'));
  };
  const idempotent = (request: FastifyRequest, reply: FastifyReply, write: (s: service.AudiencesScope) => Promise<Answer['body']>, status = 200, afterCommit?: () => Promise<void>) =>
    runIdempotent(app, request, reply, async (tx) => ({ status, body: await write(scope(request, tx)) }), afterCommit);

  app.post('/api/audiences', {
    config: access('create'),
    schema: {
      tags: ['audiences'],
      summary: 'Save an audience rule as an audience of the X-Context product, with its people count',
      description:
        `${IDEMPOTENT} ` +
        'The name is trimmed, required and at most 100 characters, the description at most 1000 (422 VALIDATION_FAILED naming the field); ' +
        'a rule with demographic values (non-segments) cannot be saved as an audience (422 VALIDATION_FAILED); ' +
        'every segment must be a live segment of the context region (422 UNKNOWN_SEGMENTS), and every included one must allow audiences ' +
        'to be made from it (403). 503 DATA_NOT_READY while the region\'s data is being prepared.',
      body: saveAudienceBodySchema,
      response: { 200: savedAudienceResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const asker = { db: app.database.db, data: app.data, auth: request.auth!, ctx: request.ctx! };
    const answered = await service.alreadyAnswered(app.database.db, asker.auth, idempotencyKey(request));
    const prepared = answered ? null : await service.prepareSave(asker, request.body);
    await runIdempotent(app, request, reply, async (tx) => ({
      body: { data: await service.saveAudience({ tx, auth: asker.auth, ctx: asker.ctx, requestId: request.id }, prepared) },
    }));
  });

  // ---- the overview and details ----

  app.get('/api/audiences', {
    config: access('read'),
    schema: {
      tags: ['audiences'],
      summary: "The product's audiences in the region (saved, lookalikes, optimized, motivation, outcome and shared): search, kind, sort, paging",
      description: 'people_count is null while a job builds the audience; counted_at says when it was counted (the details recount it live).',
      querystring: audienceListQuerySchema,
      response: { 200: audienceListResponseSchema, ...errors },
    },
  }, async (request) => service.listAudiences(scope(request), request.query));

  app.get('/api/audiences/share-targets', {
    config: access('read'),
    schema: { tags: ['audiences'], summary: "The caller's other clients (with the audiences feature), their regions and products: where an audience may be shared", response: { 200: shareTargetsResponseSchema, ...errors } },
  }, async (request) => ({ data: await shareTargets(scope(request)) }));

  app.get('/api/audiences/:id', {
    config: access('read'),
    schema: {
      tags: ['audiences'],
      summary: 'An audience: its rule and segments, breadcrumb history, reach and quality, where it is used, and its people in each region of the client',
      description: 'A ready audience is recounted live in the X-Context region (counted_at). A region without its segments, or whose data is not ready, says so in region_counts[].note.',
      params: audienceParamsSchema,
      response: { 200: audienceResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.audienceDetail(scope(request), request.params.id) }));

  app.put('/api/audiences/:id', {
    config: access('update'),
    schema: {
      tags: ['audiences'],
      summary: "Edit an audience's name, description or rule (a lookalike's, optimized or motivation audience's people are its model's: name and description only)",
      description: `${IDEMPOTENT} Based on the version sent: an older one is merged field by field when the edit says what it saw (\`base\`), else refused with 409 and the current one in error.details.current. A shared audience is read-only (403).`,
      params: audienceParamsSchema,
      body: updateAudienceBodySchema,
      response: { 200: audienceResponseSchema, 409: audienceConflictSchema, ...errors },
    },
  }, async (request, reply) => {
    const prepared = await service.prepareEdit(scope(request), request.params.id, request.body);
    await idempotent(request, reply, async (s) => ({ data: await service.updateAudience(s, request.params.id, request.body, prepared) }));
  });

  app.delete('/api/audiences/:id', {
    config: access('destroy'),
    schema: {
      tags: ['audiences'],
      summary: 'Delete an audience: refused (409) while a Grow chart, journey or activation uses it, naming them and their users',
      description: `${IDEMPOTENT} Its lookalikes stay (their breadcrumb shows it deleted). A shared audience may be deleted by the client it was shared with. With version, 409 when it has moved on.`,
      params: audienceParamsSchema,
      querystring: deleteQuerySchema,
      response: { 200: deleteAnswerSchema, 409: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    let drop: Awaited<ReturnType<typeof service.deleteAudience>>['drop'] = null;
    await idempotent(request, reply, async (s) => {
      const done = await service.deleteAudience(s, request.params.id, request.query.version);
      drop = done.drop;
      return { data: { message: done.message } };
    }, 200, () => service.dropStoredSet(app.data, drop));
  });

  app.post('/api/audiences/:id/copy', {
    config: access('create'),
    schema: {
      tags: ['audiences'],
      summary: "Copy an audience in the product: 'Copy of {name}' made unique unless named; the copy's breadcrumb starts at the original",
      description: IDEMPOTENT,
      params: audienceParamsSchema,
      body: copyAudienceBodySchema,
      response: { 200: audienceResponseSchema, 409: apiErrorSchema, ...errors },
    },
  }, (request, reply) => idempotent(request, reply, async (s) => ({ data: await service.copyAudience(s, request.params.id, request.body.name) })));

  app.post('/api/audiences/:id/share', {
    config: access('create'),
    schema: {
      tags: ['audiences'],
      summary: 'Share an audience with another of the caller\'s clients: a read-only "Shared Audience" there, its rule translated by segment identifier into the target region',
      description: `${IDEMPOTENT} 403 when the target is not another of the caller's clients. A target region without the segments keeps the audience without a rule (its counts say so).`,
      params: audienceParamsSchema,
      body: shareAudienceBodySchema,
      response: { 200: shareAudienceResponseSchema, 409: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    const prepared = await prepareShare(scope(request), request.params.id, request.body);
    await idempotent(request, reply, async (s) => ({ data: await shareAudience(s, prepared) }));
  });

  // ---- lookalikes and optimized audiences ----

  app.post('/api/lookalikes', {
    config: { ...access('create'), writeLimit: 'lookalikes' },
    schema: {
      tags: ['audiences'],
      summary: 'Build a lookalike of a seed audience (or an optimized audience, audience_type pve, of a seed rule): answers the pending audience and its job',
      description:
        `${IDEMPOTENT} The reach is 1× to 10× the seed or a target count; the seed needs ${50} people or more and the region that many people outside it (422 naming the field). ` +
        'A job scores everyone outside the seed against it, stores the top N as the audience\'s own segment, measures the model on a held-out 20 % of the seed (quality.lift) and notifies the requester.',
      body: createLookalikeBodySchema,
      response: { 200: lookalikeResponseSchema, ...errors },
    },
  }, async (request, reply) => {
    const prepared = await prepareLookalike(scope(request), request.body);
    await idempotent(request, reply, async (s) => createLookalike(s, app.jobs, prepared));
  });

  app.get('/api/lookalikes', {
    config: access('read'),
    schema: { tags: ['audiences'], summary: "The product's lookalikes and optimized audiences in the region, newest first", response: { 200: lookalikeListResponseSchema, ...errors } },
  }, async (request) => ({ data: (await listLookalikes(scope(request))).map(service.summaryOf) }));

  app.get('/api/lookalikes/optimized-seed', {
    config: access('read'),
    schema: { tags: ['audiences'], summary: "The seed of an optimized audience: the product's category buyers (the region's largest segments naming the brand's category)", response: { 200: optimizedSeedResponseSchema, ...errors } },
  }, async (request) => {
    const seed = await categorySeed(scope(request));
    return { data: seed ?? { category: '', rules: null, segments: [] } };
  });

  app.get('/api/lookalikes/:id', {
    config: access('read'),
    schema: { tags: ['audiences'], summary: 'A lookalike (its details, with its job while it is built)', params: audienceParamsSchema, response: { 200: lookalikeResponseSchema, ...errors } },
  }, async (request) => {
    const listed = await lookalikeInScope(scope(request), request.params.id);
    const data = await service.audienceDetail(scope(request), listed.audience.id);
    return { data, meta: { job_id: data.job_id } };
  });

  app.delete('/api/lookalikes/:id', {
    config: access('destroy'),
    schema: {
      tags: ['audiences'],
      summary: 'Delete a lookalike (as an audience: refused while a chart, journey or activation uses it); answers data.message',
      description: IDEMPOTENT,
      params: audienceParamsSchema,
      querystring: deleteQuerySchema,
      response: { 200: deleteAnswerSchema, 409: apiErrorSchema, ...errors },
    },
  }, async (request, reply) => {
    let drop: Awaited<ReturnType<typeof service.deleteAudience>>['drop'] = null;
    let jobToCancel: string | null = null;
    await idempotent(request, reply, async (s) => {
      const listed = await lookalikeInScope(s, request.params.id);
      if (listed.audience.jobId && listed.audience.status !== 'ready' && listed.audience.status !== 'failed') jobToCancel = listed.audience.jobId;
      const done = await service.deleteAudience(s, request.params.id, request.query.version, AUDIENCES_TEXT.lookalikeDeleted);
      drop = done.drop;
      return { data: { message: done.message } };
    }, 200, async () => {
      await cancelAfterCommit(request, jobToCancel);
      await service.dropStoredSet(app.data, drop);
    });
  });

  // ---- motivation audiences (requested from Explore's motivation builder: POST is Explore's route) ----

  app.get('/api/motivation-audiences', {
    config: motivationAccess('read'),
    schema: { tags: ['audiences'], summary: "The product's motivation audience requests in the region, newest first: their job status, and the audience each became", response: { 200: motivationAudienceListResponseSchema, ...errors } },
  }, async (request) => ({ data: await listMotivations(scope(request)) }));

  app.delete('/api/motivation-audiences/:id', {
    config: motivationAccess('destroy'),
    schema: {
      tags: ['audiences'],
      summary: 'Delete a motivation audience request (one being made has its job cancelled; the audience a complete one became stays)',
      description: IDEMPOTENT,
      params: audienceParamsSchema,
      response: { 200: deleteAnswerSchema, ...errors },
    },
  }, async (request, reply) => {
    let jobToCancel: string | null = null;
    await idempotent(request, reply, async (s) => {
      const done = await deleteMotivation(s, request.params.id);
      jobToCancel = done.jobToCancel;
      return { data: { message: done.message } };
    }, 200, () => cancelAfterCommit(request, jobToCancel));
  });
};
export default audienceRoutes;
