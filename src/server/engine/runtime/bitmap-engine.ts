import { Worker } from 'node:worker_threads';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CountEngine, CountsQuestion } from '../questions';
import type { MemoryAnswer, WorkerAnswers, WorkerReply, WorkerRequest } from './protocol';

/** A question that ran past the time limit; the worker was stopped and is reloading. */
export class TimeLimitError extends Error {
  constructor(readonly limitMs: number) {
    super(`The count took longer than ${limitMs / 1000} s and was stopped. Narrow the audience and try again.`);
    this.name = 'TimeLimitError';
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout | null;
}

/**
 * The `molecula` data source: roaring bitmaps held in a worker thread, so counting never
 * blocks the API's event loop. Questions queue in the worker one at a time. A question that
 * runs past the time limit is stopped by terminating the worker; `onRestart` is told so the
 * owner can load the data again.
 */
export class BitmapEngine implements CountEngine {
  private worker!: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  onRestart: (() => void) | null = null;

  constructor(private readonly timeLimitMs: number) {
    this.spawn();
  }

  private spawn() {
    this.worker = new Worker(new URL('./engine-worker-entry.mjs', import.meta.url));
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (pending.timer) clearTimeout(pending.timer);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(new Error(reply.message));
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => {
      if (this.pending.size) this.failAll(new Error(`The count engine's worker stopped (exit code ${code})`));
    });
  }

  private failAll(err: Error) {
    for (const pending of this.pending.values()) {
      if (pending.timer) clearTimeout(pending.timer);
      pending.reject(err);
    }
    this.pending.clear();
  }

  /** Stops the worker (and whatever it was doing) and starts an empty one. */
  private async restart(reason: Error) {
    const old = this.worker;
    this.failAll(reason);
    this.spawn();
    await old.terminate();
    this.onRestart?.();
  }

  private ask<T extends WorkerRequest['type']>(request: Extract<WorkerRequest, { type: T }>, options: { timed?: boolean; transfer?: ArrayBuffer[] } = {}): Promise<WorkerAnswers[T]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = options.timed
        ? setTimeout(() => {
            if (!this.pending.has(id)) return;
            void this.restart(new TimeLimitError(this.timeLimitMs));
          }, this.timeLimitMs)
        : null;
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.worker.postMessage({ id, request }, options.transfer ?? []);
    });
  }

  // ---- loading ---------------------------------------------------------------------------

  begin(region: number, people: number) {
    return this.ask({ type: 'begin', region, people });
  }
  /**
   * Hands one set to the worker as its stored chunks (numbers, and CHUNK_BYTES each of bits);
   * the worker builds the bitmap. The buffers move to the worker, they are not copied.
   */
  set(region: number, kind: 'segment' | 'attribute', id: number, chunks: Int32Array, bits: Uint8Array) {
    return this.ask({ type: 'set', region, kind, id, chunks, bits }, { transfer: [chunks.buffer as ArrayBuffer, bits.buffer as ArrayBuffer] });
  }
  /** Hands one set already in the portable roaring format to the worker (moved, not copied). */
  setPortable(region: number, kind: 'segment' | 'attribute', id: number, portable: Uint8Array) {
    const own = portable.byteOffset === 0 && portable.byteLength === portable.buffer.byteLength ? portable : portable.slice();
    return this.ask({ type: 'set-portable', region, kind, id, portable: own }, { transfer: [own.buffer as ArrayBuffer] });
  }
  commit(region: number) {
    return this.ask({ type: 'commit', region });
  }
  drop(region: number) {
    return this.ask({ type: 'drop', region });
  }
  memory(): Promise<MemoryAnswer> {
    return this.ask({ type: 'memory' });
  }

  // ---- questions -------------------------------------------------------------------------

  count(region: number, rules: AudienceRules) {
    return this.ask({ type: 'count', region, rules }, { timed: true });
  }
  counts(region: number, question: CountsQuestion) {
    return this.ask({ type: 'counts', region, question }, { timed: true });
  }
  widget(region: number, rules: AudienceRules, attributeIds: number[]) {
    return this.ask({ type: 'widget', region, rules, attributeIds }, { timed: true });
  }
  overlap(region: number, audiences: AudienceRules[]) {
    return this.ask({ type: 'overlap', region, audiences }, { timed: true });
  }

  async close() {
    this.onRestart = null;
    this.failAll(new Error('The count engine stopped'));
    await this.worker.terminate();
  }
}
