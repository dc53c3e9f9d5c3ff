import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@shared/schemas/error';
import { taskIdParamsSchema, tasksResponseSchema } from '@shared/schemas/notifications';
import { notFound } from '../../lib/errors';
import { runIdempotent } from '../../lib/idempotency';
import { listTasks, markRead } from './notifications-repository';
import { taskView } from './task-view';

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/notifications', {
    config: { access: 'session', context: 'client' },
    schema: {
      tags: ['notifications'],
      summary: "The caller's notification tasks in the context's client (expire after 15 days)",
      response: { 200: tasksResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (request) => {
    const rows = await listTasks(app.database.db, request.auth!.user.id, request.ctx!.clientId);
    return { data: rows.map(taskView) };
  });

  // Spec 1 §7: empty body, text response. The answer is stored like any idempotent one, so a
  // replay gives the same status, text and content type.
  app.post('/api/notifications/:id/read', {
    config: { access: 'session', context: 'client' },
    schema: {
      tags: ['notifications'],
      summary: "Mark one of the caller's tasks read (an outcome notification the user went to); answers the text OK",
      description: 'Send a uuid X-Request-ID: a resend with the same id gets the first answer again (with idempotent-replayed: true). The first read time is kept.',
      params: taskIdParamsSchema,
      response: { 200: z.string(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => {
    const { id } = request.params;
    // The acting user's task, as the list shows them.
    if (!(await markRead(tx, request.auth!.user.id, request.ctx!.clientId, id))) throw notFound(`You have no notification ${id} in this client.`);
    return { body: 'OK', contentType: 'text/plain; charset=utf-8' };
  }));
};

export default notificationRoutes;
