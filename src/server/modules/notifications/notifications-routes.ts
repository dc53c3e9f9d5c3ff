import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { tasksResponseSchema } from '@shared/schemas/notifications';
import { listTasks } from './notifications-repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
    return { data: rows.map((t) => ({
      id: t.id,
      report_type: t.reportType,
      status: t.status,
      name: t.name,
      ui_name: t.uiName,
      created_at: t.createdAt.toISOString(),
      downloaded_at: iso(t.downloadedAt),
      read_at: iso(t.readAt),
      product_slug: t.productSlug,
      request_id: t.requestId,
    })) };
  });
};

export default notificationRoutes;
