import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
import { rawSql } from '../db/client';
import type { DataManager } from '../engine/data-manager';
import { JobHost } from './job-host';
import { JOB_OPTIONS, jobOptions } from './options';
import type { JobRun } from './protocol';
import { JOB_DEFINITIONS } from './registry';
import type { JobMeta, JobOptions, JobQueue, JobRecord, JobState } from './types';

/** The queue a job moves to when it has failed for good (pg-boss's dead letter), where its definition is told. */
const FAILED_QUEUE = 'job-failed';
const SCHEMA = 'pgboss';

/** What a job carries in pg-boss's `data`: its own id (so the dead letter knows it), type, payload and requester. */
interface Envelope {
  jobId: string;
  type: string;
  payload: unknown;
  meta: JobMeta;
}

export interface QueueSettings {
  /** Run jobs in this process (false: send and read only). */
  work: boolean;
  /** Jobs run at once in this process, per type. */
  concurrency: number;
  /** How often an idle worker looks for a job, and how often a running job is checked for cancellation. */
  pollSeconds: number;
  /** How often expired jobs (a dead worker's) are failed and retried. */
  maintenanceSeconds: number;
  /** Options per type, over JOB_OPTIONS (tests shorten time limits). */
  options?: Record<string, Partial<JobOptions>>;
}

interface Row {
  id: string;
  name: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  retry_limit: number;
  data: Envelope | null;
  output: Record<string, unknown> | null;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
}

const STATES: Record<Row['state'], JobState> = { created: 'queued', retry: 'queued', active: 'running', completed: 'succeeded', cancelled: 'cancelled', failed: 'failed' };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** pg-boss's failure output as words: a thrown Error is stored as {message}, a lease expiry as {value: {message}}. */
function reasonOf(output: Record<string, unknown> | null, timeLimitSeconds: number): string | null {
  if (!output) return null;
  const message = (typeof output.message === 'string' && output.message) || ((output.value as { message?: unknown } | undefined)?.message as string | undefined);
  if (!message) return null;
  if (/failed by timeout in active state/.test(message)) {
    const limit = timeLimitSeconds < 120 ? `${timeLimitSeconds} s` : `${Math.round(timeLimitSeconds / 60)} min`;
    return `The job stopped: it ran past its time limit of ${limit}, or the server running it stopped.`;
  }
  return message;
}

/**
 * The durable job queue (decision 010): pg-boss 10 on PostgreSQL, and on embedded PGlite through
 * its `db.executeSql` hook. pg-boss gives the states, retries with backoff, the lease (a running
 * job past its time limit is failed and retried, which is how a dead worker's job is taken
 * again), cron and `FOR UPDATE SKIP LOCKED`, so API processes on one PostgreSQL share the queue.
 * Handlers run in the job thread (job-host.ts), never on this one.
 */
export class BossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly host: JobHost;
  private readonly loops: Promise<void>[] = [];
  /** Attempts running or being completed or failed in pg-boss. */
  private readonly ending = new Set<Promise<unknown>>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly active = new Map<string, { abort: (reason: string) => void }>();
  private started = false;
  private stopping = false;
  /** The workers starting (after the job thread), or started. */
  private working: Promise<void> = Promise.resolve();
  /** Ids of the attempts this process has taken, in order (the tests' proof that a job is taken once; the bench). */
  readonly taken: string[] = [];

  constructor(
    private readonly database: Database,
    data: DataManager,
    private readonly settings: QueueSettings,
  ) {
    const raw = rawSql(database.db, database.kind);
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => raw.query(text, values) },
      schema: SCHEMA,
      supervise: settings.work,
      schedule: settings.work,
      maintenanceIntervalSeconds: settings.maintenanceSeconds,
    });
    this.boss.on('error', (err: Error) => console.warn(`job queue: ${err.message}`));
    this.host = new JobHost({ database, data, progress: (id, type, fraction, message) => this.recordProgress(id, type, fraction, message) });
  }

  options(type: string): JobOptions {
    return { ...jobOptions(type), ...this.settings.options?.[type] };
  }


  /** Creates pg-boss's tables (or brings them up to date) and every queue; starts the workers when this process runs jobs. */
  async start(): Promise<void> {
    await this.boss.start();
    const types = jobTypes();
    await ensureQueues(this.boss, (type) => this.options(type));
    this.started = true;
    // Workers take jobs once the job thread is up, so an attempt's time limit never includes the thread's start.
    if (this.settings.work) {
      // Caught where it is made: a start that fails (the database closed under it) must not be an
      // unhandled rejection of the process until stop() happens to await it.
      this.working = this.host.warm().then(() => this.startWorkers(types)).catch((err: Error) => {
        if (!this.stopping) console.warn(`job queue: starting the workers: ${err.message}`);
      });
    }
  }

  private async startWorkers(types: string[]) {
    for (const type of types) {
      if (this.stopping) return;
      const cron = this.options(type).cron;
      if (cron) await this.boss.schedule(type, cron, this.envelope(type, {}, { userId: null, clientId: null, context: null }, `cron:${type}`) as unknown as object, { tz: 'UTC' });
    }
    if (this.stopping) return;
    for (const type of types) this.loops.push(this.loop(type, this.settings.concurrency, (job) => this.runAttempt(job)));
    this.loops.push(this.loop(FAILED_QUEUE, 1, (job) => this.tellFailed(job.data)));
  }

  /**
   * One type's worker: takes as many jobs as it has free slots (pg-boss's fetch, FOR UPDATE SKIP
   * LOCKED), runs each on its own and completes or fails it alone; looks again at once while
   * there is work, else after the poll interval or when woken (a job sent here, one finished).
   */
  private async loop(type: string, slots: number, attempt: (job: PgBoss.JobWithMetadata<Envelope>) => Promise<unknown>) {
    let running = 0;
    while (!this.stopping) {
      const free = slots - running;
      const jobs = free > 0 ? ((await this.boss.fetch<Envelope>(type, { batchSize: free, includeMetadata: true }).catch((err: Error) => {
        console.warn(`job queue: fetching ${type}: ${err.message}`);
        return [];
      })) ?? []) : [];
      for (const job of jobs) {
        running++;
        const ending = attempt(job)
          .then(
            (result) => this.boss.complete(type, job.id, (result ?? {}) as object),
            (err: unknown) => this.boss.fail(type, job.id, { message: err instanceof Error ? err.message : String(err) }),
          )
          .catch((err: Error) => console.warn(`job queue: ending ${type} ${job.id}: ${err.message}`))
          .finally(() => {
            running--;
            this.ending.delete(ending);
            this.wake(type);
          });
        this.ending.add(ending);
      }
      if (jobs.length > 0 && jobs.length === free) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.settings.pollSeconds * 1000);
        const wakers = this.wakers.get(type) ?? new Set<() => void>();
        this.wakers.set(type, wakers);
        wakers.add(done);
        function done() {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        }
      });
    }
  }

  private wake(type: string) {
    for (const waker of [...(this.wakers.get(type) ?? [])]) waker();
  }


  private envelope(type: string, payload: unknown, meta: JobMeta, jobId: string): Envelope {
    return { jobId, type, payload, meta };
  }

  async send<P>(type: string, payload: P, meta: JobMeta, options: { tx?: Executor; startAfterSeconds?: number } = {}): Promise<string> {
    const load = JOB_DEFINITIONS[type];
    if (!load) throw new Error(`No job type "${type}"`);
    const id = randomUUID();
    const db = options.tx ? { executeSql: (text: string, values: unknown[]) => rawSql(options.tx!, this.database.kind).query(text, values) } : undefined;
    const sent = await this.boss.send(type, this.envelope(type, payload, meta, id) as unknown as object, {
      id,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(db ? { db } : {}),
    });
    if (!sent) throw new Error(`The ${type} job was not queued`);
    // Wake this process's idle worker rather than wait for its next poll.
    this.wake(type);
    return sent;
  }

  private async row(id: string): Promise<Row | null> {
    const columns = 'id, name, state, retry_count, retry_limit, data, output, created_on, started_on, completed_on';
    const { rows } = await rawSql(this.database.db, this.database.kind).query(
      `select ${columns} from ${SCHEMA}.job where id = $1 union all select ${columns} from ${SCHEMA}.archive where id = $1 limit 1`,
      [id],
    );
    return (rows[0] as Row | undefined) ?? null;
  }

  async get(id: string): Promise<JobRecord | null> {
    const row = await this.row(id);
    if (!row || !row.data) return null;
    const state = STATES[row.state];
    const output = row.output;
    const started = row.started_on !== null;
    return {
      id: row.id,
      type: row.name,
      state,
      attempts: row.retry_count + (started ? 1 : 0),
      maxAttempts: row.retry_limit + 1,
      progress: state === 'succeeded' ? 1 : Number(output?.progress ?? 0),
      message: state === 'running' && typeof output?.message === 'string' ? output.message : null,
      error: row.state === 'failed' || row.state === 'retry' ? reasonOf(output, this.options(row.name).timeLimitSeconds) : null,
      result: state === 'succeeded' ? output : null,
      meta: row.data.meta,
      createdAt: iso(row.created_on)!,
      startedAt: iso(row.started_on),
      finishedAt: iso(row.completed_on),
    };
  }

  async cancel(id: string): Promise<boolean> {
    const row = await this.row(id);
    if (!row || !['created', 'retry', 'active'].includes(row.state)) return false;
    await this.boss.cancel(row.name, id);
    this.active.get(id)?.abort('The job was cancelled');
    return true;
  }

  /** A running job's progress, in pg-boss's output column (complete and fail replace it); false when it is no longer running. */
  private async recordProgress(id: string, type: string, fraction: number, message: string | null): Promise<boolean> {
    const { rows } = await rawSql(this.database.db, this.database.kind).query(
      `update ${SCHEMA}.job set output = jsonb_build_object('progress', $3::float8, 'message', $4::text) where name = $1 and id = $2 and state = 'active' returning id`,
      [type, id, fraction, message],
    );
    return rows.length > 0;
  }

  private runOf(job: PgBoss.JobWithMetadata<Envelope>): JobRun {
    const attempt = job.retryCount + 1;
    return { id: job.id, type: job.name, attempt, lastAttempt: job.retryCount >= job.retryLimit, payload: job.data.payload, meta: job.data.meta };
  }

  /** One attempt, in the job thread; stopped at the time limit, or when it is cancelled (checked every poll). */
  private async runAttempt(job: PgBoss.JobWithMetadata<Envelope>): Promise<unknown> {
    const run = this.runOf(job);
    this.taken.push(job.id);
    const { result, abort } = await this.host.run(run);
    this.active.set(job.id, { abort });
    const limit = setTimeout(() => abort(`The job ran past its time limit of ${this.options(job.name).timeLimitSeconds} s`), this.options(job.name).timeLimitSeconds * 1000);
    const watch = setInterval(() => {
      void this.row(job.id).then((row) => {
        if (row && row.state !== 'active') abort('The job was cancelled');
      }, () => undefined);
    }, Math.max(500, this.settings.pollSeconds * 1000));
    try {
      return await result;
    } finally {
      clearTimeout(limit);
      clearInterval(watch);
      this.active.delete(job.id);
    }
  }

  private async tellFailed(envelope: Envelope) {
    // A cron tick's job has no id of its own in its envelope: it is told without a reason from its row.
    const record = /^[0-9a-f-]{36}$/i.test(envelope.jobId) ? await this.get(envelope.jobId) : null;
    const reason = record?.error ?? 'The job failed.';
    await this.host.failed({ id: envelope.jobId, type: envelope.type, attempt: record?.attempts ?? 1, lastAttempt: true, payload: envelope.payload, meta: envelope.meta }, reason);
  }

  private async whenSettled(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (this.ending.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  }

  async whenIdle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    const raw = rawSql(this.database.db, this.database.kind);
    for (;;) {
      const { rows } = await raw.query(`select count(*)::int as n from ${SCHEMA}.job where state < 'completed' and name not like '__pgboss__%' and (state <> 'created' or start_after < now() + interval '1 minute')`);
      if (Number((rows[0] as { n: number }).n) === 0 && this.ending.size === 0) return;
      if (Date.now() > deadline) throw new Error(`Jobs still queued or running after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Stops taking jobs; pg-boss fails the running ones so they are retried at once elsewhere. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.working.catch(() => undefined);
    for (const type of this.wakers.keys()) this.wake(type);
    // Attempts still running are stopped; each is failed, so it is retried at once by a process still running.
    for (const { abort } of this.active.values()) abort('The server stopped while the job ran');
    await Promise.all(this.loops);
    await this.whenSettled(5000);
    if (this.started) await this.boss.stop({ graceful: false, close: false, wait: true, timeout: 2000 }).catch(() => undefined);
    await this.host.close();
  }
}

/** Every job type the code knows. */
function jobTypes(): string[] {
  return [...new Set([...Object.keys(JOB_DEFINITIONS), ...Object.keys(JOB_OPTIONS)])];
}

/** A queue's settings as pg-boss stores them. */
function queueSettings(o: JobOptions) {
  return {
    retryLimit: o.retryLimit,
    retryDelay: o.retryDelaySeconds,
    retryBackoff: o.backoff,
    expireInSeconds: o.timeLimitSeconds,
    deadLetter: FAILED_QUEUE,
  };
}

/** Where failed jobs go: its own settings, and no dead letter of its own. */
const FAILED_QUEUE_SETTINGS = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 };

/**
 * Brings every queue to the code's settings: creates the missing ones and updates only those whose
 * settings changed. A queue's creation makes its partition (about 60 ms each on PGlite), and doing
 * it for all eleven on every start cost each API test file 0.6 s (issue 28).
 */
async function ensureQueues(boss: PgBoss, options: (type: string) => JobOptions): Promise<void> {
  const stored = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  const wanted: [string, Partial<PgBoss.Queue>][] = [
    [FAILED_QUEUE, FAILED_QUEUE_SETTINGS],
    ...jobTypes().map((type): [string, Partial<PgBoss.Queue>] => [type, queueSettings(options(type))]),
  ];
  for (const [name, settings] of wanted) {
    const found = stored.get(name);
    const queue = { ...settings, name } as PgBoss.Queue;
    if (!found) await boss.createQueue(name, queue);
    else if ((Object.keys(settings) as (keyof PgBoss.Queue)[]).some((k) => found[k] !== settings[k])) await boss.updateQueue(name, queue);
  }
}

/** Creates or updates pg-boss's tables without running anything (the test template, a deploy step). */
export async function prepareJobTables(database: Database): Promise<void> {
  const raw = rawSql(database.db, database.kind);
  const boss = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => raw.query(text, values) }, schema: SCHEMA, supervise: false, schedule: false });
  await boss.start();
  await ensureQueues(boss, jobOptions);
  await boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 });
}
