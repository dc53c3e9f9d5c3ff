import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { TIMING } from '@shared/constants';
import { api } from '../../lib/api-client';

// Client-side schema until the notifications payload lands in @shared.
const taskSchema = z.object({
  id: z.number(),
  report_type: z.string(),
  status: z.string(),
  name: z.string().nullish(),
  ui_name: z.string().nullish(),
  created_at: z.string(),
  read_at: z.string().nullable().default(null),
  downloaded_at: z.string().nullable().default(null),
});
export type Task = z.infer<typeof taskSchema>;

/** Notification tasks, polled every 5 minutes (the first poll waits 5 s, see the panel). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: async () => (await api('/api/notifications', z.object({ data: z.array(taskSchema) }))).data,
    refetchInterval: TIMING.taskPollEveryMs,
    meta: { handlesErrors: true },
  });
