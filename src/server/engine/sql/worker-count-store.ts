import { Worker } from 'node:worker_threads';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { TimeLimitError, type CountEngine, type CountsQuestion } from '../questions';
import type { ChunkSpan, CountQuestion, CountQuestionAnswers, CountStore, SetChunks } from './count-store';
import type { CountStoreReply, CountStoreRequest } from './count-store-protocol';
import type { SetKind } from './member-chunks-repository';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/**
 * The API thread's side of the count store on embedded PGlite: every call is a message to the
 * worker that owns `pg-counts`. Members go over by transfer, chunks come back the same way; a
 * question past the time limit is answered TIME_LIMIT at once and the worker stops it at its
 * next slice.
 */
export class WorkerCountStore implements CountStore {
  readonly kind = 'worker';
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failed: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly timeLimitMs: number,
  ) {
    worker.on('message', (reply: CountStoreReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(reply.timeLimit ? new TimeLimitError(this.timeLimitMs) : new Error(reply.message));
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', (code) => this.failAll(new Error(`The count store's worker stopped (exit code ${code})`)));
  }

  static async open(dir: string, timeLimitMs: number): Promise<WorkerCountStore> {
    const worker = new Worker(new URL('./count-store-worker-entry.mjs', import.meta.url));
    worker.unref();
    const store = new WorkerCountStore(worker, timeLimitMs);
    await store.call({ op: 'open', dir, timeLimitMs });
    return store;
  }

  private failAll(err: Error) {
    this.failed ??= err;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }

  private send(request: CountStoreRequest, transfer: ArrayBuffer[] = []): { id: number; answer: Promise<unknown> } {
    const id = this.nextId++;
    if (this.failed) return { id, answer: Promise.reject(this.failed) };
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ id, request }, transfer);
    return { id, answer };
  }

  private call(request: CountStoreRequest, transfer: ArrayBuffer[] = []): Promise<unknown> {
    return this.send(request, transfer).answer;
  }

  /** One question; at the time limit the asker hears TIME_LIMIT and the worker is told to stop. */
  private async ask<T extends CountQuestion['type']>(region: number, people: number, question: Extract<CountQuestion, { type: T }>): Promise<CountQuestionAnswers[T]> {
    const { id, answer } = this.send({ op: 'ask', region, people, question });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeLimitError(this.timeLimitMs));
        this.worker.postMessage({ id: this.nextId++, request: { op: 'cancel', of: id } satisfies CountStoreRequest });
      }, this.timeLimitMs);
    });
    try {
      return (await Promise.race([answer, limit])) as CountQuestionAnswers[T];
    } finally {
      clearTimeout(timer);
      answer.catch(() => undefined);
    }
  }

  engine(peopleOf: (clientRegionId: number) => number): CountEngine {
    return {
      count: (region: number, rules: AudienceRules) => this.ask(region, peopleOf(region), { type: 'count', rules }),
      counts: (region: number, question: CountsQuestion) => this.ask(region, peopleOf(region), { type: 'counts', question }),
      widget: (region: number, rules: AudienceRules, attributeIds: number[]) => this.ask(region, peopleOf(region), { type: 'widget', rules, attributeIds }),
      overlap: (region: number, audiences: AudienceRules[]) => this.ask(region, peopleOf(region), { type: 'overlap', audiences }),
    };
  }

  /** The ids move to the worker: the caller's array is empty afterwards (a view of a larger buffer is copied). */
  async storeMembers(region: number, kind: SetKind, setId: number, sortedIds: Uint32Array) {
    const ids = sortedIds.byteOffset === 0 && sortedIds.byteLength === sortedIds.buffer.byteLength ? sortedIds : sortedIds.slice();
    await this.call({ op: 'store', region, kind, setId, ids }, [ids.buffer as ArrayBuffer]);
  }

  async clearRegion(region: number) {
    await this.call({ op: 'clear', region });
  }

  setChunks(region: number, kind: SetKind, setId: number, range?: ChunkSpan): Promise<SetChunks> {
    return this.call({ op: 'chunks', region, kind, setId, range }) as Promise<SetChunks>;
  }

  async hasMembers(region: number) {
    return (await this.call({ op: 'has', region })) as boolean;
  }

  async close() {
    if (!this.failed) await this.call({ op: 'close' }).catch(() => undefined);
    this.failed ??= new Error('The count store is closed');
    await this.worker.terminate();
  }
}
