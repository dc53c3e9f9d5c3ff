import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import type { Action } from '@shared/permissions';
import { DISCUSSION_TEXT } from '@shared/rules/discussions';
import {
  discussionNodeBodySchema, discussionNodeListResponseSchema, discussionNodeResponseSchema, discussionUploadResultSchema,
} from '@shared/schemas/discussions';
import { apiErrorSchema } from '@shared/schemas/error';
import { idParamsSchema } from '@shared/schemas/ids';
import { templateQuerySchema } from '@shared/schemas/uploads';
import { acceptTemplateUploads, templateBytes, UPLOAD_BODY_LIMIT } from '../uploads/template-part';
import { sendTemplate, templateFile } from '../uploads/templates';
import * as service from './discussions-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const file = z.string().register(z.globalRegistry, { description: 'The template workbook, sent as an attachment', format: 'binary' });

/** The Discussions Upload page's grant (spec 2 §6): `upload` CRUD and `upload_discussions`. */
const admin = (action: Action) => ({
  resource: 'upload_discussions' as const,
  action,
  also: (['create', 'read', 'update', 'destroy'] as const).map((a) => ({ resource: 'upload' as const, action: a })),
});

/**
 * Discussion cluster nodes of the X-Context client (spec 2 §7, spec 3 §7; issue 30): the list is
 * read by the journey builder's Discussion dropdown, Grow's audience form and the word bubbles
 * of their insights (journeys or mekkos read), and by the Discussions Upload page; the writes,
 * the template and the upload are that page's.
 */
const discussionRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptTemplateUploads(app);
  const scope = (request: FastifyRequest): service.DiscussionScope => ({ db: app.database.db, auth: request.auth!, clientId: request.ctx!.clientId, requestId: request.id });
  const readers = { resource: 'journeys' as const, action: 'read' as const, or: [{ resource: 'mekkos' as const, action: 'read' as const }, { resource: 'upload_discussions' as const, action: 'read' as const }] };

  app.get('/api/discussion-cluster-nodes', {
    config: { access: readers, context: 'client' },
    schema: {
      tags: ['discussions'],
      summary: "The client's discussion cluster nodes by name, each with its word bubbles and the audiences and journey cells that use it",
      response: { 200: discussionNodeListResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await service.listNodes(app.database.db, request.ctx!.clientId) }));

  app.get('/api/discussion-cluster-nodes/:id', {
    config: { access: readers, context: 'client' },
    schema: { tags: ['discussions'], summary: 'One discussion cluster node of the client', params: idParamsSchema, response: { 200: discussionNodeResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.getNode(app.database.db, request.ctx!.clientId, request.params.id) }));

  app.post('/api/discussion-cluster-nodes', {
    config: { access: admin('create'), context: 'client' },
    schema: { tags: ['discussions'], summary: 'Create a discussion cluster node (name required, unique in the client)', body: discussionNodeBodySchema, response: { 201: discussionNodeResponseSchema, ...errors } },
  }, async (request, reply) => reply.code(201).send({ data: await service.createNode(scope(request), request.body) }));

  app.put('/api/discussion-cluster-nodes/:id', {
    config: { access: admin('update'), context: 'client' },
    schema: { tags: ['discussions'], summary: "Rename or describe a discussion cluster node", params: idParamsSchema, body: discussionNodeBodySchema, response: { 200: discussionNodeResponseSchema, ...errors } },
  }, async (request) => ({ data: await service.updateNode(scope(request), request.params.id, request.body) }));

  app.delete('/api/discussion-cluster-nodes/:id', {
    config: { access: admin('destroy'), context: 'client' },
    schema: {
      tags: ['discussions'],
      summary: 'Delete a discussion cluster node and its word bubbles',
      description: `Refused (409, IN_USE, details.uses) while an audience or a journey cell uses it: '${DISCUSSION_TEXT.inUse}'`,
      params: idParamsSchema,
      response: { 204: z.null(), ...errors },
    },
  }, async (request, reply) => {
    await service.deleteNode(scope(request), request.params.id);
    return reply.code(204).send(null);
  });

  app.get('/api/discussion-cluster-nodes/template', {
    config: { access: admin('read'), context: 'client' },
    schema: {
      tags: ['discussions'],
      summary: `A blank ${DISCUSSION_TEXT.templateName}: its columns only, for a cluster not yet saved`,
      querystring: templateQuerySchema,
      response: { 200: file, ...errors },
    },
  }, async (request, reply) => {
    const format = request.query.format;
    return sendTemplate(reply, DISCUSSION_TEXT.templateName, format, templateFile({ sheet: DISCUSSION_TEXT.sheet }, [service.templateHeader()], format));
  });

  app.get('/api/discussion-cluster-nodes/:id/template', {
    config: { access: admin('read'), context: 'client' },
    schema: {
      tags: ['discussions'],
      summary: `The ${DISCUSSION_TEXT.templateName} of one node: its columns and its current word bubbles`,
      params: idParamsSchema,
      querystring: templateQuerySchema,
      response: { 200: file, ...errors },
    },
  }, async (request, reply) => {
    const format = request.query.format;
    const rows = await service.templateRows(app.database.db, request.ctx!.clientId, request.params.id);
    return sendTemplate(reply, DISCUSSION_TEXT.templateName, format, templateFile({ sheet: DISCUSSION_TEXT.sheet }, rows, format));
  });

  app.post('/api/discussion-cluster-nodes/:id/upload', {
    config: { access: admin('create'), context: 'client', writeLimit: 'uploads' },
    bodyLimit: UPLOAD_BODY_LIMIT,
    schema: {
      tags: ['discussions'],
      summary: "Upload a node's word bubbles (multipart field `template`): the valid rows replace its bubbles, rows in error are listed",
      description: 'Refused whole as the other uploaders refuse a file (413, 422). A file whose every row is in error replaces nothing.',
      consumes: ['multipart/form-data'],
      params: idParamsSchema,
      response: { 200: discussionUploadResultSchema, ...errors },
    },
  }, async (request) => service.uploadBubbles(scope(request), request.params.id, await templateBytes(request)));
};
export default discussionRoutes;
