import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { queryClient } from './lib/query-client';
import { router } from './router';
import { registerServiceWorker } from './lib/service-worker';
import { startOffline } from './lib/offline/start';
import { followWindowWidth } from './lib/nav-auto-collapse';
import './entities';
import { UpdatePrompt } from './components/update-prompt';
import './styles/tokens.css';
import './styles/base.css';
import './styles/shell.css';
import './styles/offline.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// Before anything else: a first visit is offline-ready only once the worker has installed.
if (import.meta.env.PROD) void registerServiceWorker();

await startOffline(queryClient);
// The navigation's width fits the window from the first render.
followWindowWidth();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <UpdatePrompt />
    </QueryClientProvider>
  </StrictMode>,
);
