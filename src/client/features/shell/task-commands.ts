import type { Task } from '@shared/schemas/notifications';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';

/**
 * An outcome notification becomes read when the user goes to it, and the server is told
 * (spec 1 §4): through the outbox, so it is told once even if the user is offline.
 */
export const TASK_ENTITY = 'notification_task';

const readAt = (command: StoredCommand) => new Date(command.createdAt).toISOString();
const markRead = (tasks: readonly Task[], command: StoredCommand): Task[] =>
  tasks.map((t) => (String(t.id) === command.entityId && t.read_at === null ? { ...t, read_at: readAt(command) } : t));

/** A task read on this device is read in every list of the user's tasks. */
export const taskHandler: EntityHandler<Task[]> = {
  // Every polled list of the user's tasks (one per context).
  queryKeys: () => [['notifications']],
  apply: markRead,
  // The server answers "OK" with no copy: what it stored is the read the page already shows.
  settle: markRead,
};
registerEntity(TASK_ENTITY, taskHandler);

/** Marks a task read (once: a task already read is left alone). */
export function markTaskRead(task: Task, context: string): Promise<StoredCommand> | null {
  if (task.read_at !== null) return null;
  return enqueue({
    entity: TASK_ENTITY, entityId: String(task.id), baseVersion: null, method: 'POST',
    path: `/api/notifications/${task.id}/read`, context, label: `Mark "${task.ui_name ?? task.name}" read`,
  });
}
