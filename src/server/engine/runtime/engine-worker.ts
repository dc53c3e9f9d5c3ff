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
      let transfer: ArrayBuffer[] = [];
      try {
        const result = store.handle(request);
        transfer = buffersOf(result);
        reply = { id, ok: true, result };
      } catch (err) {
        reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
      }
      parentPort!.postMessage(reply, transfer);
    },
    (err: unknown) => parentPort!.postMessage({ id, ok: false, message: `The count engine's kernels did not compile: ${err instanceof Error ? err.message : String(err)}` } satisfies WorkerReply),
  );
});

/** The large answers' own buffers (a kept set's chunks, a lookalike's histograms): moved to the API thread, not copied. */
function buffersOf(result: unknown): ArrayBuffer[] {
  const own = (a: unknown) => ArrayBuffer.isView(a) && a.byteOffset === 0 && a.byteLength === a.buffer.byteLength && a.buffer instanceof ArrayBuffer;
  const views = Array.isArray(result) ? result : result && typeof result === 'object' ? Object.values(result) : [];
  return views.filter(own).map((v) => (v as ArrayBufferView).buffer as ArrayBuffer);
}
