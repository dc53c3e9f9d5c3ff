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

/** received and processing mean in progress (spec 1 §4). */
export const isInProgress = (task: Pick<Task, 'status'>) => task.status === 'received' || task.status === 'processing';

/** Badge count: tasks unread or not downloaded, and not in progress (spec 1 §9). */
export function unseenCount(tasks: readonly Task[]): number {
  return tasks.filter((t) => !isInProgress(t) && (t.report_type === 'index_report' ? !t.downloaded_at : !t.read_at)).length;
}
