import { Worker } from 'node:worker_threads';
import type { Database, RawSql } from '../db/client';
import { rawSql } from '../db/client';
import type { DataManager } from '../engine/data-manager';
import { askEngine } from '../engine/sql/count-store';
import type { FromThread, HostCall, JobRun, ToThread } from './protocol';
import { threadUrl } from '../lib/thread-code';

interface Pending {
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

/** Where the job thread's calls are answered on the API thread. */
export interface JobHostDeps {
  database: Database;
  data: DataManager;
  /** Records a running job's progress; false when it is no longer running here (cancelled, lease lost). */
  progress(jobId: string, type: string, fraction: number, message: string | null): Promise<boolean>;
}

/**
 * The API thread's side of the job thread: hands it attempts, answers its calls (SQL on the
 * embedded database, count questions, stored sets, progress) and only passes messages. The
 * thread starts with the first job, so an app that runs none never pays for it.
 */
export class JobHost {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly runs = new Map<number, Pending>();
  private readonly transactions = new Map<number, { raw: RawSql; end: (commit: boolean) => Promise<void> }>();
  private nextRun = 1;
  private nextTx = 1;

  constructor(private readonly deps: JobHostDeps) {}

  /** Starts the thread now rather than with the first job. */
  warm(): Promise<void> {
    return this.start();
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = new Worker(threadUrl('job-thread'));
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: FromThread) => {
        if (message.op === 'ready') resolve();
        else this.onMessage(message);
      });
      worker.once('error', reject);
    });
    worker.on('error', (err) => this.failAll(err));
    worker.on('exit', (code) => {
      this.failAll(new Error(`The job thread stopped (exit code ${code})`));
      this.worker = null;
      this.ready = null;
    });
    const { database } = this.deps;
    this.post({ op: 'init', database: { kind: database.kind, url: database.url }, dataDir: database.dataDir ?? process.env.DATA_DIR ?? './data' });
    return this.ready;
  }

  private post(message: ToThread, transfer: ArrayBuffer[] = []) {
    this.worker?.postMessage(message, transfer);
  }

  private failAll(err: Error) {
    const runs = [...this.runs.values()];
    this.runs.clear();
    for (const run of runs) run.reject(err);
    for (const [id, tx] of this.transactions) {
      this.transactions.delete(id);
      void tx.end(false).catch(() => undefined);
    }
  }

  private onMessage(message: FromThread) {
    if (message.op === 'done') {
      const run = this.runs.get(message.runId);
      if (!run) return;
      this.runs.delete(message.runId);
      if (message.ok) run.resolve(message.result);
      else run.reject(new Error(message.message));
      return;
    }
    if (message.op === 'call') {
      this.answer(message.call).then(
        ({ result, transfer }) => this.post({ op: 'reply', callId: message.callId, ok: true, result }, transfer),
        (err: unknown) => this.post({ op: 'reply', callId: message.callId, ok: false, message: err instanceof Error ? err.message : String(err) }),
      );
    }
  }

  private async answer(call: HostCall): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
    const { database, data } = this.deps;
    switch (call.method) {
      case 'sql': {
        const raw = call.txId === undefined ? rawSql(database.db, database.kind) : this.transactions.get(call.txId)?.raw;
        if (!raw) throw new Error('The transaction has ended');
        return { result: await raw.query(call.text, call.params, { arrayRows: call.arrayRows }) };
      }
      case 'begin':
        return { result: await this.begin() };
      case 'end': {
        const tx = this.transactions.get(call.txId);
        if (!tx) throw new Error('The transaction has ended');
        this.transactions.delete(call.txId);
        await tx.end(call.commit);
        return { result: null };
      }
      case 'ask': {
        const engine = data.engineFor(call.clientRegionId, call.source);
        if (typeof engine === 'string') throw new Error(engine);
        // Jobs queue for the engines like a user does, under their own key: they never take every slot.
        const result = await data.slots.run(`job:${call.userId ?? 'system'}`, () => askEngine(engine, call.clientRegionId, call.question));
        return { result };
      }
      case 'setChunks': {
        const chunks = await data.store.setChunks(call.clientRegionId, call.kind, call.setId);
        return { result: chunks, transfer: [chunks.chunks.buffer as ArrayBuffer, chunks.bits.buffer as ArrayBuffer] };
      }
      // Kept sets are count work: in the job's slots, like its questions.
      case 'lookalike':
        return { result: await data.slots.run(`job:${call.userId ?? 'system'}`, () => data.buildLookalike(call.clientRegionId, call.req)) };
      case 'materialize':
        return { result: await data.slots.run(`job:${call.userId ?? 'system'}`, () => data.materialize(call.clientRegionId, call.rules, call.shortId)) };
      case 'dropSet':
        await data.dropSet(call.clientRegionId, call.shortId);
        return { result: null };
      case 'progress':
        return { result: await this.deps.progress(call.jobId, call.type, call.fraction, call.message) };
    }
  }

  /** A transaction on the API thread's database, held open until the thread ends it. */
  private begin(): Promise<number> {
    const { database } = this.deps;
    const txId = this.nextTx++;
    return new Promise<number>((started, failed) => {
      let finish!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (finish = resolve));
      const done = database.db.transaction(async (tx) => {
        let settle!: () => void;
        const settled = new Promise<void>((resolve) => (settle = resolve));
        this.transactions.set(txId, {
          raw: rawSql(tx, database.kind),
          end: async (commit) => {
            finish(commit);
            await settled.catch(() => undefined);
          },
        });
        started(txId);
        const commit = await ended;
        settle();
        if (!commit) tx.rollback();
      });
      done.catch((err: unknown) => {
        // A rollback throws by design; anything else before the start is the caller's failure.
        if (!this.transactions.has(txId)) failed(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  /** Runs one attempt in the thread; `abort` stops it (cancelled, past its time limit). */
  async run(run: JobRun): Promise<{ result: Promise<unknown>; abort: (reason: string) => void }> {
    await this.start();
    const runId = this.nextRun++;
    const result = new Promise<unknown>((resolve, reject) => this.runs.set(runId, { resolve, reject }));
    this.post({ op: 'run', runId, run });
    return { result, abort: (reason) => this.post({ op: 'abort', runId, reason }) };
  }

  /** Tells the job's definition it has failed for good (it marks its own records). */
  async failed(run: JobRun, reason: string): Promise<void> {
    await this.start();
    const runId = this.nextRun++;
    const result = new Promise<unknown>((resolve, reject) => this.runs.set(runId, { resolve, reject }));
    this.post({ op: 'failed', runId, run, reason });
    await result;
  }

  async close() {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    if (worker) await worker.terminate();
  }
}
