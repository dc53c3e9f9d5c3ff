// The workbook reader's entry: the server runs TypeScript through tsx, and a worker thread needs
// tsx registered in its own module loader before it imports the reader's code.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
