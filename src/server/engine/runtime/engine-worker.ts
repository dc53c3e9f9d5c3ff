import { parentPort } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './protocol';
import { BitmapStore } from './region-bitmaps';

/** The bitmap worker: holds every loaded region's bitmaps and answers one message at a time. */
const store = new BitmapStore();
parentPort!.on('message', ({ id, request }: { id: number; request: WorkerRequest }) => {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, result: store.handle(request) };
  } catch (err) {
    reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
