import { parentPort } from 'node:worker_threads';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { lowerThreadPriority } from '../engine/runtime/thread-priority';
import type { FromThread, HostCall, JobRun, ToThread } from './protocol';
import { JOB_DEFINITIONS } from './registry';
import type { JobContext, JobDefinition } from './types';

/**
 * The job thread: every job's handler runs here, never on the API's event loop. It reaches the
 * database directly on PostgreSQL (its own small pool) and by messages to the API thread on
 * embedded PGlite (one connection, owned there); count questions and stored sets go through the
 * API thread to the engines' own workers.
 */
const port = parentPort!;
lowerThreadPriority();

let nextCall = 1;
const calls = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
const running = new Map<number, AbortController>();
let db: Db;
let dataDir = './data';
let closeDb: () => Promise<void> = async () => undefined;

function send(message: FromThread) {
  port.postMessage(message);
}

function call<T>(c: HostCall): Promise<T> {
  const callId = nextCall++;
  return new Promise<T>((resolve, reject) => {
    calls.set(callId, { resolve: resolve as (v: unknown) => void, reject });
    send({ op: 'call', callId, call: c });
  });
}

type ProxyCallback = (text: string, params: unknown[], method: 'all' | 'execute') => Promise<{ rows: unknown[] }>;

/** drizzle over messages: statements run on the API thread's PGlite; a transaction holds it until it ends. */
async function proxyDb(): Promise<Db> {
  const { drizzle } = await import('drizzle-orm/pg-proxy');
  const over = (txId?: number): ProxyCallback => async (text, params, method) => {
    const result = await call<{ rows: unknown[] }>({ method: 'sql', text, params, arrayRows: method === 'all', txId });
    return { rows: result.rows };
  };
  const root = drizzle(over(), { schema });
  // pg-proxy has no transactions of its own: one is opened on the API thread and its statements are routed to it.
  Object.assign(root, {
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      const txId = await call<number>({ method: 'begin' });
      let result: T;
      try {
        result = await fn(drizzle(over(txId), { schema }) as unknown as Db);
      } catch (err) {
        await call({ method: 'end', txId, commit: false });
        throw err;
      }
      await call({ method: 'end', txId, commit: true });
      return result;
    },
  });
  return root as unknown as Db;
}

async function init(message: Extract<ToThread, { op: 'init' }>) {
  dataDir = message.dataDir;
  if (message.database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: message.database.url, max: Number(process.env.JOB_POOL_MAX ?? 3) });
    pool.on('error', (err) => console.warn(`job thread database connection lost: ${err.message}`));
    db = drizzle(pool, { schema }) as unknown as Db;
    closeDb = () => pool.end();
  } else {
    db = await proxyDb();
  }
  send({ op: 'ready' });
}

class JobAborted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AbortError';
  }
}

async function definitionOf(type: string): Promise<JobDefinition<unknown>> {
  const load = JOB_DEFINITIONS[type];
  if (!load) throw new Error(`No job type "${type}"`);
  return load();
}

function contextFor(run: JobRun, definition: JobDefinition<unknown>, controller: AbortController): JobContext<unknown> {
  return {
    id: run.id,
    type: run.type,
    attempt: run.attempt,
    lastAttempt: run.lastAttempt,
    payload: definition.parse(run.payload),
    meta: run.meta,
    db,
    signal: controller.signal,
    async progress(fraction, message) {
      if (controller.signal.aborted) throw new JobAborted(String(controller.signal.reason ?? 'The job was stopped'));
      const clamped = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
      const still = await call<boolean>({ method: 'progress', jobId: run.id, type: run.type, fraction: clamped, message: message ?? null });
      if (!still) {
        controller.abort('The job was cancelled or has lost its lease');
        throw new JobAborted('The job was cancelled or has lost its lease');
      }
    },
    ask: (clientRegionId, source, question) => call({ method: 'ask', clientRegionId, source, question, userId: run.meta.userId }),
    setChunks: (clientRegionId, kind, setId) => call({ method: 'setChunks', clientRegionId, kind, setId }),
    lookalike: (clientRegionId, req) => call({ method: 'lookalike', clientRegionId, req, userId: run.meta.userId }),
    materialize: (clientRegionId, rules, shortId) => call({ method: 'materialize', clientRegionId, rules, shortId, userId: run.meta.userId }),
    dropSet: (clientRegionId, shortId) => call({ method: 'dropSet', clientRegionId, shortId }),
    dataDir,
    log: (message) => console.log(`[job ${run.type} ${run.id}] ${message}`),
  };
}

async function runJob(runId: number, run: JobRun) {
  const controller = new AbortController();
  running.set(runId, controller);
  try {
    const definition = await definitionOf(run.type);
    const result = await definition.run(contextFor(run, definition, controller));
    if (controller.signal.aborted) throw new JobAborted(String(controller.signal.reason));
    send({ op: 'done', runId, ok: true, result: result ?? null });
  } catch (err) {
    send({ op: 'done', runId, ok: false, message: err instanceof Error ? err.message : String(err) });
  } finally {
    running.delete(runId);
  }
}

async function tellFailed(runId: number, run: JobRun, reason: string) {
  try {
    const definition = await definitionOf(run.type);
    if (definition.onFailed) {
      await definition.onFailed({ id: run.id, type: run.type, payload: definition.parse(run.payload), meta: run.meta, reason, db });
    }
    send({ op: 'done', runId, ok: true, result: null });
  } catch (err) {
    send({ op: 'done', runId, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
}

port.on('message', (message: ToThread) => {
  switch (message.op) {
    case 'init':
      void init(message);
      break;
    case 'run':
      void runJob(message.runId, message.run);
      break;
    case 'failed':
      void tellFailed(message.runId, message.run, message.reason);
      break;
    case 'abort':
      running.get(message.runId)?.abort(message.reason);
      break;
    case 'reply': {
      const pending = calls.get(message.callId);
      if (!pending) break;
      calls.delete(message.callId);
      if (message.ok) pending.resolve(message.result);
      else pending.reject(message.aborted ? new JobAborted(message.message) : new Error(message.message));
      break;
    }
  }
});

process.on('exit', () => {
  void closeDb();
});
