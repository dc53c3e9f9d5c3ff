import { z } from 'zod';

export const REPORT_TYPES = ['index_report', 'outcome_completed', 'other'] as const;

export const taskSchema = z.object({
  id: z.number().int(),
  report_type: z.string(),
  status: z.string(),
  name: z.string(),
  ui_name: z.string().nullable(),
  created_at: z.string(),
  downloaded_at: z.string().nullable(),
  read_at: z.string().nullable(),
  product_slug: z.string().nullable(),
  request_id: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export const tasksResponseSchema = z.object({ data: z.array(taskSchema) });
