import { queryOptions } from '@tanstack/react-query';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { TIMING } from '@shared/constants';
import { pollTasks, tasksQueryKey } from '../../lib/task-poller';

export type { Task } from '@shared/schemas/notifications';

/**
 * Notification tasks of a user in a context, polled every 5 minutes (the first poll waits 5 s,
 * see the app layout); through the service worker when one controls the page.
 */
export const notificationsQueryOptions = (context: ContextSlugs, userId: number) =>
  queryOptions({
    queryKey: tasksQueryKey(formatContext(context), userId),
    queryFn: () => pollTasks(context, userId),
    refetchInterval: TIMING.taskPollEveryMs,
    meta: { handlesErrors: true },
  });
