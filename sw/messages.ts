/**
 * The messages between the page and the service worker (the contract both sides import).
 * Page -> worker: SKIP_WAITING (activate the waiting version), POLL_TASKS.
 * Worker -> page: TASKS (to every window), TASKS_FAILED (to the asker), OPEN (a notification
 * was clicked: show this path).
 */
import type { Task } from '@shared/schemas/notifications';

export interface PollTasksMessage {
  type: 'POLL_TASKS';
  /** Matches the answer to the ask. */
  requestId: string;
  /** The X-Context to poll in: client/region/brand/product (or a shorter prefix). */
  context: string;
  userId: number;
  /** The user allowed desktop notifications in the notification centre. */
  notify: boolean;
}

export type PageMessage = { type: 'SKIP_WAITING' } | PollTasksMessage;

export interface TasksMessage {
  type: 'TASKS';
  requestId: string;
  context: string;
  userId: number;
  tasks: Task[];
}

export interface TasksFailedMessage {
  type: 'TASKS_FAILED';
  requestId: string;
  /** The HTTP status, or 0 when the server could not be reached and nothing was cached. */
  status: number;
  code: string;
  message: string;
}

export type WorkerMessage = TasksMessage | TasksFailedMessage | { type: 'OPEN'; path: string };

/** The worker sent queued edits: pages read the outbox again. */
export interface OutboxChangedMessage {
  type: 'OUTBOX_CHANGED';
}

/** The Periodic Background Sync tag under which an installed, closed app polls its tasks. */
export const PERIODIC_TASKS_TAG = 'poll-tasks';

/** The type of a message, if it has one (messages are structured clones of unknown shape). */
export function messageType(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('type' in data)) return undefined;
  return typeof data.type === 'string' ? data.type : undefined;
}
