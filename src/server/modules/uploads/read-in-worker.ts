import { Worker } from 'node:worker_threads';
import { UPLOAD_LIMITS, UPLOAD_TEXT } from '@shared/rules/uploads';
import type { ReadRequest, ReadResult } from './workbook-reader';
import { threadUrl } from '../../lib/thread-code';

/**
 * Reads a workbook in a thread of its own (issue 29; decision 020): SheetJS parses a file in one
 * go, which for a large or hostile one takes seconds and hundreds of megabytes. The thread has a
 * heap limit and a deadline; a file that needs more is refused with the limit named, and the API
 * thread never parses. Reads run one at a time (two cores: one for the API); a few wait their
 * turn, more are told to try again.
 */

const WAITING_MAX = 4;
let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

export class ReadBusyError extends Error {
  constructor() {
    super(UPLOAD_TEXT.busy);
  }
}

function readOnce(request: ReadRequest, limits: { ms: number; heapMb: number }): Promise<ReadResult> {
  return new Promise<ReadResult>((resolve) => {
    const worker = new Worker(threadUrl('read-worker'), {
      workerData: request,
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 64 },
    });
    let settled = false;
    const settle = (result: ReadResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => settle({ ok: false, status: 413, message: UPLOAD_TEXT.tooSlow }), limits.ms);
    worker.once('message', (result: ReadResult) => settle(result));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? { ok: false, status: 413, message: UPLOAD_TEXT.tooMuchMemory }
        : { ok: false, status: 422, message: UPLOAD_TEXT.unreadable }));
    worker.once('exit', () => settle({ ok: false, status: 413, message: UPLOAD_TEXT.tooMuchMemory }));
  });
}

export async function readInWorker(request: ReadRequest, limits = { ms: UPLOAD_LIMITS.parseMs, heapMb: UPLOAD_LIMITS.parseHeapMb }): Promise<ReadResult> {
  if (waiting >= WAITING_MAX) throw new ReadBusyError();
  waiting++;
  const turn = running.then(() => readOnce(request, limits));
  running = turn.catch(() => undefined);
  try {
    return await turn;
  } finally {
    waiting--;
  }
}
