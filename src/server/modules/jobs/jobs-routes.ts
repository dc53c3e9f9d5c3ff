import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { jobIdParamsSchema, jobResponseSchema } from '@shared/schemas/jobs';
import { notFound } from '../../lib/errors';

const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/jobs/:id', {
    config: { access: 'session', context: 'client' },
    schema: {
      tags: ['jobs'],
      summary: "One of the caller's background jobs in the context's client: its state, attempts and progress",
      params: jobIdParamsSchema,
      response: { 200: jobResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (request) => {
    const job = await app.jobs.get(request.params.id);
    // Another user's job, or one from another client, is as unknown as a job that never was.
    if (!job || job.meta.userId !== request.auth!.user.id || job.meta.clientId !== request.ctx!.clientId) {
      throw notFound(`You have no job ${request.params.id} in this client.`);
    }
    return {
      data: {
        id: job.id,
        type: job.type,
        state: job.state,
        attempts: job.attempts,
        max_attempts: job.maxAttempts,
        progress: job.progress,
        message: job.message,
        error: job.error,
        created_at: job.createdAt,
        started_at: job.startedAt,
        finished_at: job.finishedAt,
      },
    };
  });
};

export default jobRoutes;
