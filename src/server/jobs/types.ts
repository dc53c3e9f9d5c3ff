import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { LookalikeBuild, LookalikeRequest } from '../engine/questions';
import type { CountQuestion, CountQuestionAnswers, SetChunks } from '../engine/sql/count-store';
import type { SetKind } from '../engine/sql/member-chunks-repository';
import type { Db, Executor } from '../db/client';

/**
 * The job queue's contract (decision 010). A job is a row in pg-boss's tables: durable,
 * retried with backoff, stopped at its time limit, taken by exactly one worker, and taken again
 * when the worker that held it died (its lease is the time limit). Its handler runs in the job
 * thread, never on the API's event loop: it reaches the database and the count engine through
 * its JobContext.
 */

/** Who asked, and from where: every job carries it; `GET /api/jobs/:id` shows a job only to its user in its client. */
export interface JobMeta {
  userId: number | null;
  clientId: number | null;
  /** The X-Context the job was asked from (client/region/brand/product slugs), if any. */
  context: string | null;
}

/** How a type of job is retried and stopped. */
export interface JobOptions {
  /** Attempts after the first. */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one (with jitter) when `backoff`. */
  retryDelaySeconds: number;
  backoff: boolean;
  /** A running attempt past this is failed (and retried): also how long a dead worker holds a job. */
  timeLimitSeconds: number;
  /** Also sent on this cron schedule (UTC) by the queue, once per tick across every API process, with payload {} and no user. */
  cron?: string;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** What the API shows of a job. */
export interface JobRecord {
  id: string;
  type: string;
  state: JobState;
  /** Attempts made so far (1 while the first runs). */
  attempts: number;
  maxAttempts: number;
  progress: number;
  message: string | null;
  error: string | null;
  result: unknown;
  meta: JobMeta;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What a handler has while it runs, in the job thread. */
export interface JobContext<P> {
  id: string;
  type: string;
  /** 1 on the first attempt. */
  attempt: number;
  /** Whether this is the last attempt (a failure now is final). */
  lastAttempt: boolean;
  payload: P;
  meta: JobMeta;
  /** The app's database (its own pool on PostgreSQL; messages to the API thread's PGlite). */
  db: Db;
  /** Aborted when the job is cancelled or past its time limit. */
  signal: AbortSignal;
  /** Records progress (0..1 and a message); rejects with an AbortError when the job was cancelled or lost its lease. */
  progress(fraction: number, message?: string): Promise<void>;
  /** One count engine question on the client region's engine for the data source (the engine's own workers answer it). */
  ask<Q extends CountQuestion>(clientRegionId: number, source: 'molecula' | 'es', question: Q): Promise<CountQuestionAnswers[Q['type']]>;
  /** A stored set's members as chunks (from the count store). */
  setChunks(clientRegionId: number, kind: SetKind, setId: number): Promise<SetChunks>;
  /**
   * Builds a lookalike (issue 16) in the bitmap workers and keeps it as segment `req.shortId`
   * (in the workers and the count store; its `segments` row must exist first). Exactly
   * `req.size` people, none of the seed; answers the hold-out measurement for lookalikeLift.
   */
  lookalike(clientRegionId: number, req: LookalikeRequest): Promise<LookalikeBuild>;
  /** Keeps a rule's people as segment `shortId` (a motivation audience), as a lookalike is kept; answers its size. */
  materialize(clientRegionId: number, rules: AudienceRules, shortId: number): Promise<number>;
  /** Forgets a kept segment from the count store and the workers (a lookalike deleted). */
  dropSet(clientRegionId: number, shortId: number): Promise<void>;
  /** The data directory (PGlite's, or ./data on PostgreSQL): where deliveries are written. */
  dataDir: string;
  log(message: string): void;
}

/** Told when a job has failed for good (its last attempt failed, or its worker died on it). */
export interface JobFailure<P> {
  id: string;
  type: string;
  payload: P;
  meta: JobMeta;
  reason: string;
  db: Db;
}

/** One type of job: its payload, options and handler. Modules export one per type; jobs/registry.ts lists them. */
export interface JobDefinition<P, R = unknown> {
  type: string;
  /** Checks a payload when it is sent and again when it runs (a stored payload may be from an older version). */
  parse(payload: unknown): P;
  run(ctx: JobContext<P>): Promise<R>;
  /** Marks the job's own records failed (a task, an activation) with the reason. */
  onFailed?(failure: JobFailure<P>): Promise<void>;
}

/** Sending and reading jobs, on the API thread (`app.jobs`). */
export interface JobQueue {
  /**
   * Queues a job; with `tx`, in that transaction (the job exists only if the transaction
   * commits, beside the task or activation that waits for it). Answers the job's id.
   */
  send<P>(type: string, payload: P, meta: JobMeta, options?: { tx?: Executor; startAfterSeconds?: number }): Promise<string>;
  /** A job by id (also one that has finished and been archived), or null. */
  get(id: string): Promise<JobRecord | null>;
  /** Cancels a queued or running job (a running handler sees its signal aborted at its next progress); false when it had already ended. */
  cancel(id: string): Promise<boolean>;
  /** Resolves when no job is queued or running (tests, the bench). */
  whenIdle(timeoutMs?: number): Promise<void>;
}
