/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerApiReads } from './api-cache';
import { messageType, type PollTasksMessage } from './messages';
import { pollTasks, registerNotificationClicks, registerPeriodicPoll } from './tasks';
import { registerBackgroundSync } from './outbox';
import { warmHttpCache, warmableUrls, type ManifestEntry } from './install-warm';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: ManifestEntry[] };

// The build replaces this one reference (injectManifest allows exactly one).
const manifest = self.__WB_MANIFEST;

// Before Workbox's own install listener: its one-at-a-time precache then reads the HTTP cache
// (sw/install-warm.ts), so a first install takes over the open pages seconds sooner.
self.addEventListener('install', (event) => {
  event.waitUntil(warmHttpCache(warmableUrls(manifest, self.registration.scope), (input, init) => fetch(input, init)));
});

// The app shell is precached; a new version's files replace the old ones when it activates.
precacheAndRoute(manifest);
cleanupOutdatedCaches();

// Every navigation is the single-page app, except the API.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// API reads: network first, the cached answer offline (sw/api-cache.ts).
registerApiReads();

registerNotificationClicks();
// An installed app polls its tasks with every window closed, where the browser offers it.
registerPeriodicPoll();

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

// A first install (nothing was active) activates as soon as it is installed, and this takes
// over the open pages at once: the session that installed the app already works offline
// (issue 12 case 0; the page says so, src/client/lib/service-worker.ts). A new version waits
// for the user's "Reload" (registerType 'prompt'); once active it takes over the same way, so
// the reload that follows is served by it.
clientsClaim();
