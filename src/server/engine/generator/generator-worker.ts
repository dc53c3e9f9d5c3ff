import { parentPort, workerData } from 'node:worker_threads';
import { buildCatalog, generateMembers, type GeneratorOptions } from './generator';
import { GENERATOR_WINDOW } from './members-in-worker';
import { lowerThreadPriority } from '../runtime/thread-priority';

/**
 * Generates a client region's sets off the API thread and posts them one at a time, at most
 * GENERATOR_WINDOW ahead of what the receiver has taken (each 'next' gives one more).
 */
lowerThreadPriority();
const options = workerData as GeneratorOptions;
let credit = GENERATOR_WINDOW;
let wake: (() => void) | null = null;
parentPort!.on('message', () => {
  credit++;
  wake?.();
  wake = null;
});
for (const set of generateMembers(options, buildCatalog(options))) {
  if (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
  credit--;
  // A category's value lists share one buffer: each set gets its own copy to move.
  const members = set.members.slice();
  parentPort!.postMessage({ ...set, members }, [members.buffer]);
}
parentPort!.postMessage(null);
