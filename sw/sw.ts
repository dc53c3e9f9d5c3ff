/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerApiReads } from './api-cache';
import { messageType, type PollTasksMessage } from './messages';
import { pollTasks, registerNotificationClicks } from './tasks';
import { registerBackgroundSync } from './outbox';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null } | string> };

// The app shell is precached; a new version's files replace the old ones when it activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every navigation is the single-page app, except the API.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// API reads: network first, the cached answer offline (sw/api-cache.ts).
registerApiReads();

registerNotificationClicks();

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  switch (messageType(event.data)) {
    // Sent by the update prompt, only while it holds the outbox lock (src/client/lib/service-worker.ts).
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'POLL_TASKS':
      event.waitUntil(pollTasks(event, event.data as PollTasksMessage, event.source instanceof Client ? event.source : null));
      break;
  }
});

// Background Sync (where the browser has it) sends the outbox even with every tab closed.
registerBackgroundSync();

// A new version waits for the user's "Reload" (registerType 'prompt'); once active it takes
// over the open pages at once, so the reload that follows is served by it.
clientsClaim();
