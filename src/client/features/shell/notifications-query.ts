import { queryOptions } from '@tanstack/react-query';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { taskPollEveryMs } from '@shared/rules/notifications';
import { pollTasks, tasksQueryKey } from '../../lib/task-poller';

export type { Task } from '@shared/schemas/notifications';

/**
 * Notification tasks of a user in a context, polled every 5 minutes (the first poll waits 5 s,
 * see the app layout); through the service worker when one controls the page. The polling goes
 * on in a hidden tab (issue 12 item 8): a report finished during a meeting is announced while
 * the app sits behind another window. Browsers throttle a hidden tab's timers to a minute at
 * most, which the 5-minute cadence does not notice.
 */
export const notificationsQueryOptions = (context: ContextSlugs, userId: number, panelOpen = false) =>
  queryOptions({
    queryKey: tasksQueryKey(formatContext(context), userId),
    queryFn: () => pollTasks(context, userId),
    // Every 5 s while the centre is open or a report is being made (issue 14): IN-PROGRESS turns
    // ready, and is announced, without a reload.
    refetchInterval: (query) => taskPollEveryMs(query.state.data, panelOpen),
    refetchIntervalInBackground: true,
    meta: { handlesErrors: true },
  });
