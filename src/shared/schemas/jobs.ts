import * as z from 'zod/mini';

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/** A background job as its requester sees it (`GET /api/jobs/:id`). */
export const jobSchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(JOB_STATES),
  /** Attempts made so far (1 while the first runs). */
  attempts: z.int(),
  max_attempts: z.int(),
  /** 0..1 */
  progress: z.number(),
  message: z.nullable(z.string()),
  /** Why the last attempt failed. */
  error: z.nullable(z.string()),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  finished_at: z.nullable(z.string()),
});
export type Job = z.infer<typeof jobSchema>;
export const jobResponseSchema = z.object({ data: jobSchema });

export const jobIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'A job id is a uuid')),
});
