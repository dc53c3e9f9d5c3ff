import { parentPort } from 'node:worker_threads';
import { kernelModule } from '../kernels/kernels';
import type { WorkerReply, WorkerRequest } from './protocol';
import { BitmapStore } from './region-bitmaps';
import { lowerThreadPriority } from './thread-priority';

/**
 * The bitmap worker: holds every loaded region's bitmaps and answers one message at a time.
 * Messages that arrive while the kernels compile wait for them, in order.
 */
lowerThreadPriority();
const ready = kernelModule().then((kernels) => new BitmapStore(kernels));
parentPort!.on('message', ({ id, request }: { id: number; request: WorkerRequest }) => {
  void ready.then(
    (store) => {
      let reply: WorkerReply;
      try {
        reply = { id, ok: true, result: store.handle(request) };
      } catch (err) {
        reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
      }
      parentPort!.postMessage(reply);
    },
    (err: unknown) => parentPort!.postMessage({ id, ok: false, message: `The count engine's kernels did not compile: ${err instanceof Error ? err.message : String(err)}` } satisfies WorkerReply),
  );
});
