import { OFFLINE, TIMING } from '@shared/constants';
import { PERIODIC_TASKS_TAG, type PageMessage } from '../../../sw/messages';
import { listenToServiceWorker, openNotificationFromUrl } from './task-poller';
import { storage } from './storage';
import { successToast } from './ui-store';

/**
 * The service worker's registration and safe updates (issue 4). A new version waits until
 * the user chooses "Reload" in the update prompt; it is never activated while the outbox is
 * sending, because activation happens only while holding the outbox's Web Lock.
 */

/** Besides the browser's own checks, look for a new version this often and when the tab shows. */
const UPDATE_CHECK_MS = 60 * 60_000;
/** If the new version has not taken over by then, reload anyway (the prompt comes back if it still waits). */
const TAKEOVER_WAIT_MS = 10_000;

let registered: ServiceWorkerRegistration | null = null;
let updateWaiting = false;
const listeners = new Set<() => void>();

/** Whether a new version is waiting, for useSyncExternalStore. */
export const updateStatus = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  waiting: () => updateWaiting,
};

/** Said once, when a first install takes over the page (issue 12 case 0). */
export const OFFLINE_READY_TEXT = { title: 'Available offline', description: 'This app now works without a network.' } as const;

/**
 * A page that started with no worker in control is on the app's first install (an update
 * always finds the old version in control): when the new worker claims it, the app works
 * offline from here on, and the user is told, for the default toast's time. Once per
 * install (issue 27 item 20): a browser that starts a session with no worker in control again
 * (a hard reload, the worker dropped and installed anew) is not told again.
 */
function announceOfflineReady(): void {
  if (navigator.serviceWorker.controller || storage.offlineReadyAnnounced()) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (storage.offlineReadyAnnounced()) return;
    storage.setOfflineReadyAnnounced();
    successToast(OFFLINE_READY_TEXT.title, OFFLINE_READY_TEXT.description);
  }, { once: true });
}

/**
 * Registers the service worker (production builds only). Called first thing at start, not
 * after the first render: every second before the install ends is a second the page would not
 * load offline.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  listenToServiceWorker();
  openNotificationFromUrl();
  announceOfflineReady();
  const showPrompt = () => {
    updateWaiting = true;
    for (const listener of listeners) listener();
  };
  // The browser's own API, not workbox-window: the shell stays 2 KB smaller (decision 006's budget).
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' }) as ServiceWorkerRegistration | undefined;
  // A register() stubbed out (browser automation that blocks workers, some privacy extensions)
  // answers nothing: the app runs without a worker instead of throwing on every load.
  if (!registration) return;
  registered = registration;
  // A new version waits once installed while an older one controls the page (an update, not a
  // first install): found waiting at registration (another tab found it), or installed later.
  if (registration.waiting && navigator.serviceWorker.controller) showPrompt();
  const watchInstall = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) showPrompt();
    });
  };
  watchInstall(registration.installing);
  registration.addEventListener('updatefound', () => watchInstall(registration.installing));
  void navigator.serviceWorker.ready.then(registerPeriodicPoll).catch(() => undefined);
  const check = () => void registration.update().catch(() => undefined);
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Periodic Background Sync (Chromium, installed apps only; not in TypeScript's DOM lib). */
interface PeriodicSyncManager {
  register(tag: string, options?: { minInterval?: number }): Promise<void>;
}

/**
 * Lets an installed app poll its tasks with every window closed (issue 12 item 8; the worker's
 * side is sw/tasks.ts), where the browser offers Periodic Background Sync and has granted it
 * (Chromium grants it to an installed app it sees used). Elsewhere nothing happens: an open
 * tab, even hidden, polls on its own.
 */
async function registerPeriodicPoll(registration: ServiceWorkerRegistration): Promise<void> {
  const periodicSync = (registration as ServiceWorkerRegistration & { periodicSync?: PeriodicSyncManager }).periodicSync;
  if (!periodicSync || !('permissions' in navigator)) return;
  // 'periodic-background-sync' is not in TypeScript's PermissionName; browsers without it reject the query.
  const permission = await navigator.permissions.query({ name: 'periodic-background-sync' as PermissionName }).catch(() => null);
  if (permission?.state !== 'granted') return;
  // The browser decides the real interval (at least its own minimum, usually far longer).
  await periodicSync.register(PERIODIC_TASKS_TAG, { minInterval: TIMING.taskPollEveryMs });
}

/** Reloads and never settles, so a lock held by the caller stays held until the page is gone. */
function reloadForGood(): Promise<never> {
  window.location.reload();
  return new Promise<never>(() => undefined);
}

/**
 * The prompt's "Reload": under the outbox lock (so an in-flight send finishes first and no new
 * one starts), tell the waiting worker to activate, wait until it controls the page, reload.
 * The lock is released by the page going away.
 */
export async function reloadToUpdate(): Promise<void> {
  if (!registered) return;
  const activate = async () => {
    // Another tab may have activated it already: then this page only needs reloading.
    const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
    if (!waiting) return reloadForGood();
    const controlling = new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      setTimeout(resolve, TAKEOVER_WAIT_MS);
    });
    waiting.postMessage({ type: 'SKIP_WAITING' } satisfies PageMessage);
    await controlling;
    return reloadForGood();
  };
  if ('locks' in navigator) await navigator.locks.request(OFFLINE.outboxLock, activate);
  else await activate();
}
