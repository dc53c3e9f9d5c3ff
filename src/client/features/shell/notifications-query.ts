import { queryOptions } from '@tanstack/react-query';
import { tasksResponseSchema } from '@shared/schemas/notifications';
import { TIMING } from '@shared/constants';
import { api } from '../../lib/api-client';

export type { Task } from '@shared/schemas/notifications';

/** Notification tasks, polled every 5 minutes (the first poll waits 5 s, see the panel). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: async () => (await api('/api/notifications', tasksResponseSchema)).data,
    refetchInterval: TIMING.taskPollEveryMs,
    meta: { handlesErrors: true },
  });
