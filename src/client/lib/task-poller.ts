import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { badgeCount, notificationTaskOf } from '@shared/rules/notifications';
import { tasksResponseSchema, type Task } from '@shared/schemas/notifications';
import { showBadge } from '../../../sw/badge';
import { messageType, type PollTasksMessage, type WorkerMessage } from '../../../sw/messages';
import { api } from './api-client';
import { ApiRequestError } from './api-error';
import { appNavigate } from './app-navigate';
import { queryClient } from './query-client';
import { ui } from './ui-store';

/**
 * Notification task polling, page side (spec 1 §4, §9). The page keeps the schedule (the
 * notifications query's refetchInterval); the service worker, when one controls the page,
 * does the fetch, remembers what it saw, raises system notifications and sets the badge
 * (sw/tasks.ts). Without one (dev server, first visit) the page fetches itself and sets the
 * badge: one query, two transports.
 */

/** Every polled list of tasks (one per user and context): what a new report refreshes. */
export const tasksQueryRoot = ['notifications'] as const;

/** Per user and context, as the server lists them. */
export const tasksQueryKey = (context: string, userId: number) => [...tasksQueryRoot, context, userId] as const;

/** After this long without an answer from the worker, the page asks the server itself. */
const WORKER_ANSWER_MS = 15_000;

const asked = new Map<string, { resolve: (tasks: Task[]) => void; reject: (error: Error) => void }>();

async function fetchDirectly(context: ContextSlugs): Promise<Task[]> {
  const tasks = (await api('/api/notifications', tasksResponseSchema, { context })).data;
  await showBadge(navigator, badgeCount(tasks));
  return tasks;
}

export async function pollTasks(context: ContextSlugs, userId: number): Promise<Task[]> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (!worker) return fetchDirectly(context);
  listenToServiceWorker();
  const requestId = crypto.randomUUID();
  const answer = new Promise<Task[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      asked.delete(requestId);
      resolve(fetchDirectly(context));
    }, WORKER_ANSWER_MS);
    const settle = () => {
      clearTimeout(timer);
      asked.delete(requestId);
    };
    asked.set(requestId, {
      resolve: (tasks) => { settle(); resolve(tasks); },
      reject: (error) => { settle(); reject(error); },
    });
  });
  const ask: PollTasksMessage = { type: 'POLL_TASKS', requestId, context: formatContext(context), userId, notify: desktopNotifications.wanted() };
  worker.postMessage(ask);
  return answer;
}

function onWorkerMessage(event: MessageEvent) {
  const type = messageType(event.data);
  if (type !== 'TASKS' && type !== 'TASKS_FAILED' && type !== 'OPEN') return;
  const message = event.data as WorkerMessage;
  if (message.type === 'OPEN') return openAt(message.path);
  const mine = asked.get(message.requestId);
  if (message.type === 'TASKS_FAILED') return mine?.reject(new ApiRequestError(message.status, message.code, message.message));
  // Another tab's poll: this tab shows the same tasks without asking again.
  if (mine) mine.resolve(message.tasks);
  else queryClient.setQueryData(tasksQueryKey(message.context, message.userId), message.tasks);
}

/**
 * A notification's click: its path is a product home with the notification centre to open on
 * a task (`taskNotificationPath`). The centre is UI state, not a route: it opens, the app goes
 * to the home without the parameter.
 */
function openAt(path: string): void {
  const url = new URL(path, window.location.origin);
  showNotificationTask(notificationTaskOf(url.search));
  appNavigate(url.pathname);
}

function showNotificationTask(task: number | null): void {
  if (task === null) return;
  ui.notificationTask = task;
  ui.notificationsOpen = true;
}

/**
 * A window the worker opened for a notification's click (no window was open) starts at that
 * path: the centre opens on its task. Called once at start.
 */
export function openNotificationFromUrl(): void {
  showNotificationTask(notificationTaskOf(window.location.search));
}

let listening = false;

/** Receives the worker's tasks and notification clicks; called once at start (idempotent). */
export function listenToServiceWorker(): void {
  if (listening || !('serviceWorker' in navigator)) return;
  listening = true;
  navigator.serviceWorker.addEventListener('message', onWorkerMessage);
  navigator.serviceWorker.startMessages();
}

const WANTED_KEY = 'desktopNotifications';

/**
 * Desktop notifications need the browser's permission and the user's wish (the notification
 * centre's switch). The wish lives in local storage and travels with every POLL_TASKS, so the
 * worker reads it at the moment it would notify.
 */
export const desktopNotifications = {
  supported: () => typeof Notification !== 'undefined',
  permission: (): NotificationPermission => (typeof Notification === 'undefined' ? 'denied' : Notification.permission),
  wanted(): boolean {
    try {
      return localStorage.getItem(WANTED_KEY) === 'on' && desktopNotifications.permission() === 'granted';
    } catch {
      return false;
    }
  },
  setWanted(on: boolean): void {
    try {
      if (on) localStorage.setItem(WANTED_KEY, 'on');
      else localStorage.removeItem(WANTED_KEY);
    } catch {
      // Private mode: no desktop notifications, the centre still lists the tasks.
    }
  },
  /** Asks the browser (a no-op once decided) and turns them on when allowed. */
  async allow(): Promise<NotificationPermission> {
    const permission = await Notification.requestPermission();
    desktopNotifications.setWanted(permission === 'granted');
    return permission;
  },
};
