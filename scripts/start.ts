/**
 * npm start: builds the client if it is not built, then migrates, seeds the demo tenant on
 * first run and serves the PWA and the API from one process (src/server/main.ts).
 */
import { ensureClientBuilt } from './client-build';
import { buildThreads } from '../src/server/lib/thread-code';

ensureClientBuilt();
// Its worker threads' code, bundled (decision 024); a thread started without it runs through tsx.
await buildThreads().catch((error: unknown) => console.warn(`The worker threads run through tsx: their bundles could not be made (${String(error)})`));
await import('../src/server/main');
