import { NOTIFICATION_EXPIRY_DAYS } from '@shared/constants';
import type { JobDefinition } from '../../jobs/types';
import { deleteExpiredTasks } from './notifications-repository';

/**
 * Spec 1 §2.8, §9: notifications are removed after 15 days. Sent hourly by the queue's cron
 * (jobs/options.ts): deletes every client's tasks from that age on, with their report files.
 */
export const notificationsCleanupJob: JobDefinition<Record<string, never>, { tasks: number; files: number }> = {
  type: 'notifications-cleanup',
  parse: () => ({}),
  async run(ctx) {
    const removed = await deleteExpiredTasks(ctx.db, NOTIFICATION_EXPIRY_DAYS);
    if (removed.tasks > 0) ctx.log(`removed ${removed.tasks} expired tasks and ${removed.files} files`);
    return removed;
  },
};
