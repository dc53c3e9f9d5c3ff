/// <reference lib="webworker" />
import { parseContextHeader } from '@shared/rules/context';
import { badgeCount, newlyReadyTasks, seenTasks, taskHomePath, taskNotificationText, type SeenTasks } from '@shared/rules/notifications';
import { apiErrorSchema } from '@shared/schemas/error';
import { tasksResponseSchema, type Task } from '@shared/schemas/notifications';
import { HEADERS } from '@shared/constants';
import { apiReads } from './api-cache';
import { showBadge } from './badge';
import { kv } from './kv-store';
import type { PollTasksMessage, WorkerMessage } from './messages';

declare const self: ServiceWorkerGlobalScope;

/**
 * Notification task polling (spec 1 §4, §9). The page keeps the schedule (a worker is killed
 * when idle) and asks with POLL_TASKS; the worker fetches the tasks, compares them with what
 * it saw last time for this user and client, raises a system notification for each task that
 * has become ready, sets the app badge and sends the tasks to every window.
 */
export async function pollTasks(event: ExtendableEvent, ask: PollTasksMessage, asker: Client | null): Promise<void> {
  const fail = (status: number, code: string, message: string) =>
    asker?.postMessage({ type: 'TASKS_FAILED', requestId: ask.requestId, status, code, message } satisfies WorkerMessage);

  const request = new Request('/api/notifications', {
    headers: { accept: 'application/json', [HEADERS.context]: ask.context },
    credentials: 'same-origin',
  });
  // Through the API cache: offline, the last answer in this context is shown.
  const response = await apiReads.handle({ event, request }).catch(() => null);
  if (!response) return fail(0, 'NETWORK', 'The notifications could not be fetched: the server cannot be reached.');
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(body);
    return error.success ? fail(response.status, error.data.error.code, error.data.error.message) : fail(response.status, 'HTTP_ERROR', `HTTP ${response.status}`);
  }
  const parsed = tasksResponseSchema.safeParse(body);
  if (!parsed.success) return fail(response.status, 'INVALID_RESPONSE', 'Unexpected response from /api/notifications');
  const tasks = parsed.data.data;

  await announce(ask, tasks).catch(() => undefined);
  const windows = await self.clients.matchAll({ type: 'window' });
  const message: WorkerMessage = { type: 'TASKS', requestId: ask.requestId, context: ask.context, userId: ask.userId, tasks };
  for (const client of windows) client.postMessage(message);
}

/** Remembers the tasks, and notifies and badges what changed since the last poll. */
async function announce(ask: PollTasksMessage, tasks: Task[]): Promise<void> {
  // Tasks are listed per client, so that is what the memory is kept by.
  const key = `tasks:${ask.userId}:${parseContextHeader(ask.context)?.client ?? ask.context}`;
  const previous = await kv.get<SeenTasks>(key);
  await kv.set(key, seenTasks(tasks));
  await showBadge(self.navigator, badgeCount(tasks));
  if (!ask.notify || !('Notification' in self) || Notification.permission !== 'granted') return;
  for (const task of newlyReadyTasks(previous, tasks)) {
    const { title, body } = taskNotificationText(task);
    // One notification per task: a second poll racing this one replaces it, never doubles it.
    await self.registration.showNotification(title, {
      body,
      tag: `task-${task.id}`,
      icon: '/icons/icon-192.png',
      data: { path: taskHomePath(task, ask.context) },
    });
  }
}

/** A click on a task's notification shows its product home, in an open window if there is one. */
export function registerNotificationClicks(): void {
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const path = typeof data === 'object' && data !== null && 'path' in data && typeof data.path === 'string' ? data.path : '/home';
    event.waitUntil((async () => {
      const windows = await self.clients.matchAll({ type: 'window' });
      const open = windows.find((w) => w.focused) ?? windows[0];
      if (!open) {
        await self.clients.openWindow(path);
        return;
      }
      await open.focus();
      // The page navigates in the app (no reload), see src/client/lib/task-poller.ts.
      open.postMessage({ type: 'OPEN', path } satisfies WorkerMessage);
    })());
  });
}
