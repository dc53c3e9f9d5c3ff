import * as z from 'zod/mini';
import { idParamsSchema } from './ids';

export const REPORT_TYPES = ['index_report', 'outcome_completed', 'other'] as const;

export const taskSchema = z.object({
  id: z.int(),
  report_type: z.string(),
  status: z.string(),
  name: z.string(),
  ui_name: z.nullable(z.string()),
  created_at: z.string(),
  downloaded_at: z.nullable(z.string()),
  read_at: z.nullable(z.string()),
  product_slug: z.nullable(z.string()),
  request_id: z.nullable(z.string()),
  /** The job making the report, while it is made (`GET /api/jobs/:id` gives its progress). */
  // Defaults: a list kept on a device from before these fields still parses offline.
  job_id: z._default(z.nullable(z.string()), null),
  /** Why the report failed (status 'failed'). */
  error: z._default(z.nullable(z.string()), null),
  /** The in-app page the task opens (a built lookalike's page, issue 16), or null. */
  path: z._default(z.nullable(z.string()), null),
});
export type Task = z.infer<typeof taskSchema>;
export const tasksResponseSchema = z.object({ data: z.array(taskSchema) });

export const taskIdParamsSchema = idParamsSchema;
