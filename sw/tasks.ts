/// <reference lib="webworker" />
import { parseContextHeader } from '@shared/rules/context';
import { badgeCount, newlyReadyTasks, seenTasks, taskNotificationPath, taskNotificationText, type SeenTasks } from '@shared/rules/notifications';
import { apiErrorSchema } from '@shared/schemas/error';
import { tasksResponseSchema, type Task } from '@shared/schemas/notifications';
import { HEADERS } from '@shared/constants';
import { apiReads } from './api-cache';
import { changesWhoIsLoggedIn } from './api-reads';
import { showBadge } from './badge';
import { kv } from './kv-store';
import { PERIODIC_TASKS_TAG, type PollTasksMessage, type WorkerMessage } from './messages';

declare const self: ServiceWorkerGlobalScope;

/**
 * Notification task polling (spec 1 §4, §9). The page keeps the schedule (a worker is killed
 * when idle) and asks with POLL_TASKS; the worker fetches the tasks, compares them with what
 * it saw last time for this user and client, raises a system notification for each task that
 * has become ready, sets the app badge and sends the tasks to every window. With every window
 * closed, an installed app's Periodic Background Sync polls for the last user and context a
 * page polled in (issue 12 item 8).
 */

/** Whom a closed app polls for: the last page poll's user, context and wish for notifications. */
const LAST_POLL_KEY = 'last-poll';
type LastPoll = Pick<PollTasksMessage, 'context' | 'userId' | 'notify'>;

type Polled = { ok: true; tasks: Task[] } | { ok: false; status: number; code: string; message: string };

async function fetchTasks(event: ExtendableEvent, context: string): Promise<Polled> {
  const request = new Request('/api/notifications', {
    headers: { accept: 'application/json', [HEADERS.context]: context },
    credentials: 'same-origin',
  });
  // Through the API cache: offline, the last answer in this context is shown.
  const response = await apiReads.handle({ event, request }).catch(() => null);
  if (!response) return { ok: false, status: 0, code: 'NETWORK', message: 'The notifications could not be fetched: the server cannot be reached.' };
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = apiErrorSchema.safeParse(body);
    return error.success
      ? { ok: false, status: response.status, code: error.data.error.code, message: error.data.error.message }
      : { ok: false, status: response.status, code: 'HTTP_ERROR', message: `HTTP ${response.status}` };
  }
  const parsed = tasksResponseSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: response.status, code: 'INVALID_RESPONSE', message: 'Unexpected response from /api/notifications' };
  return { ok: true, tasks: parsed.data.data };
}

export async function pollTasks(event: ExtendableEvent, ask: PollTasksMessage, asker: Client | null): Promise<void> {
  // Remembered before anything can fail: a closed app polls for whoever polled last.
  await kv.set(LAST_POLL_KEY, { context: ask.context, userId: ask.userId, notify: ask.notify } satisfies LastPoll).catch(() => undefined);
  const polled = await fetchTasks(event, ask.context);
  if (!polled.ok) {
    asker?.postMessage({ type: 'TASKS_FAILED', requestId: ask.requestId, status: polled.status, code: polled.code, message: polled.message } satisfies WorkerMessage);
    return;
  }
  await announce(ask, polled.tasks).catch(() => undefined);
  await tellWindows(ask.requestId, ask, polled.tasks);
}

async function tellWindows(requestId: string, poll: LastPoll, tasks: Task[]): Promise<void> {
  const message: WorkerMessage = { type: 'TASKS', requestId, context: poll.context, userId: poll.userId, tasks };
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** Remembers the tasks, and notifies and badges what changed since the last poll. */
async function announce(poll: LastPoll, tasks: Task[]): Promise<void> {
  // Tasks are listed per client, so that is what the memory is kept by.
  const key = `tasks:${poll.userId}:${parseContextHeader(poll.context)?.client ?? poll.context}`;
  const previous = await kv.get<SeenTasks>(key);
  await kv.set(key, seenTasks(tasks));
  await showBadge(self.navigator, badgeCount(tasks));
  if (!poll.notify || !('Notification' in self) || Notification.permission !== 'granted') return;
  for (const task of newlyReadyTasks(previous, tasks)) {
    const { title, body } = taskNotificationText(task);
    // One notification per task: a second poll racing this one replaces it, never doubles it.
    await self.registration.showNotification(title, {
      body,
      tag: `task-${task.id}`,
      icon: '/icons/icon-192.png',
      data: { path: taskNotificationPath(task, poll.context) },
    });
  }
}

/** Periodic Background Sync's event (not in TypeScript's worker lib). */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * An installed app's periodic poll (registered by the page where the browser offers it,
 * src/client/lib/service-worker.ts): the tasks of the last user and context a page polled in,
 * announced as a page's poll would be. Nobody has polled since the last logout: nothing to do.
 */
export function registerPeriodicPoll(): void {
  self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
    if (event.tag !== PERIODIC_TASKS_TAG) return;
    event.waitUntil((async () => {
      const last = await kv.get<LastPoll>(LAST_POLL_KEY);
      if (!last) return;
      const polled = await fetchTasks(event, last.context);
      // A lapsed login or no network: the next periodic sync tries again.
      if (!polled.ok) return;
      await announce(last, polled.tasks);
      await tellWindows('periodic', last, polled.tasks);
    })());
  }) as EventListener);

  // Logging in or out, or "View as": the closed app no longer polls for the last user (the
  // next page poll names whom to poll for).
  self.addEventListener('fetch', (event) => {
    if (changesWhoIsLoggedIn(event.request.method, new URL(event.request.url), self.location.origin)) {
      event.waitUntil(kv.delete(LAST_POLL_KEY).catch(() => undefined));
    }
  });
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
