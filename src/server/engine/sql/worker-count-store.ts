import { Worker } from 'node:worker_threads';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { TimeLimitError, type CountEngine, type CountsQuestion } from '../questions';
import type { ChunkSpan, CountQuestion, CountQuestionAnswers, CountStore, SetChunks, SetRef } from './count-store';
import type { CountStoreReply, CountStoreRequest } from './count-store-protocol';
import type { NewSet, SetKind } from './member-chunks-repository';
import { threadUrl } from '../../lib/thread-code';

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
  private readonly pending = new Map<number, Pending & { timeLimitMs?: number }>();
  private nextId = 1;
  private failed: Error | null = null;
  /** One worker per data directory in this process; closed when its last user closes it. */
  private static readonly byDir = new Map<string, { store: Promise<WorkerCountStore>; users: number }>();

  /** The worker, once the first call has started it, and its database opening. */
  private started: Worker | null = null;
  private opening: Promise<unknown> = Promise.resolve();

  private constructor(private readonly dir: string) {}

  /**
   * Starts the worker and opens the database in it, once; later calls wait behind the opening
   * (messages keep their order) and fail with its error if it fails.
   */
  private start(): Worker {
    if (this.started) return this.started;
    const worker = new Worker(threadUrl('count-store-worker'));
    worker.unref();
    worker.on('message', (reply: CountStoreReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(reply.timeLimit ? new TimeLimitError(pending.timeLimitMs ?? 0) : new Error(reply.message));
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', (code) => this.failAll(new Error(`The count store's worker stopped (exit code ${code})`)));
    this.started = worker;
    this.opening = this.call({ op: 'open', dir: this.dir });
    this.opening.catch((err: Error) => this.failAll(err));
    return worker;
  }

  /**
   * The store of `dir`. Lazy, the worker (a second PGlite, about 1 s of CPU to start) starts at
   * the first call: an app that never counts or stores members never pays for it (most API test
   * files, issue 28). Else it starts now and the promise waits for the database to open.
   */
  static open(dir: string, { lazy = false }: { lazy?: boolean } = {}): Promise<WorkerCountStore> {
    const known = WorkerCountStore.byDir.get(dir);
    if (known) {
      known.users++;
      return known.store;
    }
    const store = (async () => {
      const created = new WorkerCountStore(dir);
      if (!lazy) {
        created.start();
        await created.opening;
      }
      return created;
    })();
    WorkerCountStore.byDir.set(dir, { store, users: 1 });
    store.catch(() => WorkerCountStore.byDir.delete(dir));
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
    const timeLimitMs = request.op === 'ask' ? request.timeLimitMs : undefined;
    const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject, timeLimitMs }));
    this.start().postMessage({ id, request }, transfer);
    return { id, answer };
  }

  private call(request: CountStoreRequest, transfer: ArrayBuffer[] = []): Promise<unknown> {
    return this.send(request, transfer).answer;
  }

  /** One question; at the time limit the asker hears TIME_LIMIT and the worker is told to stop. */
  private async ask<T extends CountQuestion['type']>(region: number, people: number, timeLimitMs: number, question: Extract<CountQuestion, { type: T }>): Promise<CountQuestionAnswers[T]> {
    const { id, answer } = this.send({ op: 'ask', region, people, timeLimitMs, question });
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TimeLimitError(timeLimitMs));
        this.start().postMessage({ id: this.nextId++, request: { op: 'cancel', of: id } satisfies CountStoreRequest });
      }, timeLimitMs);
    });
    try {
      return (await Promise.race([answer, limit])) as CountQuestionAnswers[T];
    } finally {
      clearTimeout(timer);
      answer.catch(() => undefined);
    }
  }

  engine(peopleOf: (clientRegionId: number) => number, timeLimitMs: number): CountEngine {
    return {
      count: (region: number, rules: AudienceRules) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'count', rules }),
      counts: (region: number, question: CountsQuestion) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'counts', question }),
      widget: (region: number, rules: AudienceRules | null, attributeIds: number[]) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'widget', rules, attributeIds }),
      ruleCounts: (region: number, rules: AudienceRules) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'rule-counts', rules }),
      overlap: (region: number, audiences: AudienceRules[]) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'overlap', audiences }),
      intersections: (region: number, audiences: AudienceRules[]) => this.ask(region, peopleOf(region), timeLimitMs, { type: 'intersections', audiences }),
    };
  }

  /** The ids move to the worker: the caller's array is empty afterwards (a view of a larger buffer is copied). */
  async storeMembers(region: number, kind: SetKind, setId: number, sortedIds: Uint32Array) {
    const ids = sortedIds.byteOffset === 0 && sortedIds.byteLength === sortedIds.buffer.byteLength ? sortedIds : sortedIds.slice();
    await this.call({ op: 'store', region, kind, setId, ids }, [ids.buffer as ArrayBuffer]);
  }

  /** The ids move to the worker: the callers' arrays are empty afterwards (views of larger buffers are copied). */
  async storeNewSets(region: number, sets: NewSet[]) {
    const moved = sets.map((s) => ({ ...s, ids: s.ids.byteOffset === 0 && s.ids.byteLength === s.ids.buffer.byteLength ? s.ids : s.ids.slice() }));
    await this.call({ op: 'store-new', region, sets: moved }, [...new Set(moved.map((s) => s.ids.buffer as ArrayBuffer))]);
  }

  /** The chunks move to the worker: the caller's arrays are empty afterwards. */
  async storeChunks(region: number, kind: SetKind, setId: number, parts: SetChunks[]) {
    const transfer = parts.flatMap(({ chunks, bits }) => [chunks.buffer as ArrayBuffer, bits.buffer as ArrayBuffer]);
    await this.call({ op: 'store-chunks', region, kind, setId, parts }, [...new Set(transfer)]);
  }

  async dropSet(region: number, kind: SetKind, setId: number) {
    await this.call({ op: 'drop-set', region, kind, setId });
  }

  async clearRegion(region: number) {
    await this.call({ op: 'clear', region });
  }

  async setChunks(region: number, kind: SetKind, setId: number, range?: ChunkSpan): Promise<SetChunks> {
    return (await this.setsChunks(region, [{ kind, id: setId }], range))[0]!;
  }

  setsChunks(region: number, sets: readonly SetRef[], range?: ChunkSpan): Promise<SetChunks[]> {
    return this.call({ op: 'chunks', region, sets: [...sets], range }) as Promise<SetChunks[]>;
  }

  async hasMembers(region: number) {
    return (await this.call({ op: 'has', region })) as boolean;
  }

  async close() {
    const shared = WorkerCountStore.byDir.get(this.dir);
    if (shared && --shared.users > 0) return;
    WorkerCountStore.byDir.delete(this.dir);
    // Never asked: no worker was started, none is started to be closed.
    const worker = this.started;
    if (worker && !this.failed) await this.call({ op: 'close' }).catch(() => undefined);
    this.failed ??= new Error('The count store is closed');
    await worker?.terminate();
  }
}
