// The job thread's entry: the server runs TypeScript through tsx, and a worker thread needs tsx
// registered in its own module loader before it imports the thread's code.
import { register } from 'tsx/esm/api';

register();
await import('./job-thread.ts');
