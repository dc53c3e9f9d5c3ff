/**
 * npm start: builds the client if it is not built, then migrates, seeds the demo tenant on
 * first run and serves the PWA and the API from one process (src/server/main.ts).
 */
import { ensureClientBuilt } from './client-build';

ensureClientBuilt();
await import('../src/server/main');
