import { Worker } from 'node:worker_threads';
import type { GeneratorOptions, MemberSet } from './generator';
import { threadUrl } from '../../lib/thread-code';

/** Sets the generator worker may have made ahead of the receiver (each up to 4 bytes a person). */
export const GENERATOR_WINDOW = 4;

/**
 * The sets of generateMembers(options), made in a worker thread so that the API thread only
 * stores them: generating one category's value lists takes ~100-200 ms at 1M people. The same
 * options give the same sets, in the same order.
 */
export async function* membersInWorker(options: GeneratorOptions): AsyncGenerator<MemberSet> {
  const worker = new Worker(threadUrl('generator-worker'), { workerData: options });
  const arrived: (MemberSet | null)[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  worker.on('message', (set: MemberSet | null) => {
    arrived.push(set);
    notify();
  });
  worker.on('error', (err) => {
    failure = err;
    notify();
  });
  worker.on('exit', (code) => {
    if (code !== 0) failure ??= new Error(`The generator worker stopped (exit code ${code})`);
    notify();
  });
  try {
    for (;;) {
      while (arrived.length === 0 && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (arrived.length === 0 && failure) throw failure;
      const set = arrived.shift()!;
      if (set === null) return;
      worker.postMessage('next');
      yield set;
    }
  } finally {
    await worker.terminate();
  }
}
