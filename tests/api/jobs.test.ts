import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { rawSql } from '../../src/server/db/client';
import { BossQueue, type QueueSettings } from '../../src/server/jobs/queue';
import { ADMIN, ANALYST, buildTestApp, login, VIEWER } from './helper';
import { expectError, userId } from './support';

/**
 * The durable job queue (issue 14) on the test's database: PGlite, or PostgreSQL with
 * DATABASE_URL. Jobs are noop jobs (jobs/noop-job.ts) that hold, report progress or fail.
 */
const { app, database } = await buildTestApp({ JOB_POLL_SECONDS: '0.5' }, { counts: false });
const analystId = await userId(database, ANALYST);

const SETTINGS: QueueSettings = { work: true, concurrency: 2, pollSeconds: 0.5, maintenanceSeconds: 1 };
const queues: BossQueue[] = [];
async function queue(settings: Partial<QueueSettings> = {}) {
  const q = new BossQueue(database, app.data, { ...SETTINGS, ...settings });
  await q.start();
  queues.push(q);
  return q;
}
afterAll(async () => {
  for (const q of queues) await q.stop();
});

const meta = { userId: analystId, clientId: 1, context: 'acme/us' };

describe('the job queue', () => {
  it("keeps every queue at the code's settings, creating none that exists and updating only what changed", async () => {
    const boss = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => rawSql(database.db, database.kind).query(text, values) }, schema: 'pgboss', supervise: false, schedule: false });
    const stored = async (name: string) => (await boss.getQueues()).find((q) => q.name === name);
    const before = await stored('noop');
    expect(before?.deadLetter).toBe('job-failed');
    // A start with the same settings leaves the queue as it was (no create, no update).
    await queue({ work: false });
    expect((await stored('noop'))?.updatedOn).toEqual(before?.updatedOn);
    // A changed setting is written; what did not change stays.
    await queue({ work: false, options: { noop: { retryLimit: (before?.retryLimit ?? 0) + 3 } } });
    const after = await stored('noop');
    expect(after?.retryLimit).toBe((before?.retryLimit ?? 0) + 3);
    expect(after?.expireInSeconds).toBe(before?.expireInSeconds);
    // And back, so the other tests see the code's settings.
    await queue({ work: false });
    expect((await stored('noop'))?.retryLimit).toBe(before?.retryLimit);
  });

  it('runs a job in the job thread to success, with its attempts and progress', async () => {
    const id = await app.jobs.send('noop', { holdMs: 200, steps: 4 }, meta);
    await app.jobs.whenIdle();
    const job = await app.jobs.get(id);
    expect(job).toMatchObject({ id, type: 'noop', state: 'succeeded', attempts: 1, maxAttempts: 1, progress: 1, meta });
    expect(job!.startedAt).not.toBeNull();
    expect(job!.finishedAt).not.toBeNull();
  });

  it('shows progress and the message while a job runs', async () => {
    const id = await app.jobs.send('noop', { holdMs: 3000, steps: 10 }, meta);
    let seen: Awaited<ReturnType<typeof app.jobs.get>> = null;
    for (let i = 0; i < 100 && !(seen && seen.state === 'running' && seen.progress > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await app.jobs.get(id);
    }
    expect(seen).toMatchObject({ state: 'running' });
    expect(seen!.progress).toBeGreaterThan(0);
    expect(seen!.progress).toBeLessThan(1);
    expect(seen!.message).toMatch(/^Step \d+ of 10$/);
    await app.jobs.whenIdle();
  });

  it('gives each job to exactly one of two competing workers', async () => {
    // The app's own workers stand aside from here on.
    await (app.jobs as BossQueue).stop();
    const [a, b] = [await queue(), await queue()];
    try {
      const ids: string[] = [];
      // 24 jobs of 250 ms, two at a time each: alone, one worker would hold them 3 s, several of
      // the other's 0.5 s polls. (At 60 ms each, 0.7 s in all, the first worker took every job in a
      // clean run on PostgreSQL before the second had polled.)
      for (let i = 0; i < 24; i++) ids.push(await a.send('noop', { holdMs: 250 }, meta));
      await a.whenIdle();
      const taken = [...a.taken, ...b.taken].filter((id) => ids.includes(id));
      expect(taken.sort()).toEqual([...ids].sort());
      // Both competing workers took part.
      expect(a.taken.filter((id) => ids.includes(id)).length).toBeGreaterThan(0);
      expect(b.taken.filter((id) => ids.includes(id)).length).toBeGreaterThan(0);
      for (const id of ids) expect((await a.get(id))?.state).toBe('succeeded');
    } finally {
      // Stopped whatever failed: left working, they took the next test's job from its survivor.
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('takes a job again when the worker holding it died, once its lease (the time limit) has expired', async () => {
    // 4 s: the lease, and long enough for a new job thread to start before its first attempt.
    const short = { noop: { timeLimitSeconds: 4, retryLimit: 1, retryDelaySeconds: 1, backoff: false } };
    // A worker takes the job and dies with it: the job is active, and nothing will ever
    // complete or fail it.
    const sender = await queue({ work: false, options: short });
    const id = await sender.send('noop', { holdMs: 20_000, holdAttempts: 1 }, meta);
    const raw = rawSql(database.db, database.kind);
    const dead = new PgBoss({ db: { executeSql: (text: string, values: unknown[]) => raw.query(text, values) }, supervise: false, schedule: false });
    await dead.start();
    const [taken] = await dead.fetch('noop');
    expect(taken?.id).toBe(id);
    expect((await sender.get(id))?.state).toBe('running');
    const survivor = await queue({ options: short });
    await survivor.whenIdle(20_000);
    const job = await survivor.get(id);
    expect(job, JSON.stringify(job)).toMatchObject({ state: 'succeeded', attempts: 2, maxAttempts: 2 });
    expect(survivor.taken).toEqual([id]);
    await Promise.all([survivor.stop(), sender.stop(), dead.stop({ graceful: false, close: false })]);
  }, 30_000);

  it('ends a job that keeps failing as failed, with its reason, after its retries', async () => {
    const q = await queue({ options: { noop: { retryLimit: 1, retryDelaySeconds: 1, backoff: false, timeLimitSeconds: 30 } } });
    const id = await q.send('noop', { fail: 'The audience has no people in this region.' }, meta);
    await q.whenIdle(20_000);
    expect(await q.get(id)).toMatchObject({ state: 'failed', attempts: 2, maxAttempts: 2, error: 'The audience has no people in this region.' });
    await q.stop();
  }, 30_000);

  it('cancels a running job: its handler stops at its next progress', async () => {
    const q = await queue();
    const id = await q.send('noop', { holdMs: 30_000, steps: 300 }, meta);
    for (let i = 0; i < 100 && (await q.get(id))?.state !== 'running'; i++) await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    expect(await q.cancel(id)).toBe(true);
    await q.whenIdle(10_000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await q.get(id))?.state).toBe('cancelled');
    expect(await q.cancel(id)).toBe(false);
    await q.stop();
  });
});

describe('GET /api/jobs/:id', () => {
  it("shows a job to the user who asked for it, in its client, and to no one else", async () => {
    const q = await queue();
    const id = await q.send('noop', {}, meta);
    await q.whenIdle();
    const analyst = await login(app, ANALYST);
    const res = await analyst.request({ method: 'GET', url: `/api/jobs/${id}`, context: 'acme' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, type: 'noop', state: 'succeeded', attempts: 1, max_attempts: 1, progress: 1, error: null });
    const admin = await login(app, ADMIN);
    expectError(await admin.request({ method: 'GET', url: `/api/jobs/${id}`, context: 'acme' }), 404, 'NOT_FOUND');
    const viewer = await login(app, VIEWER);
    expectError(await viewer.request({ method: 'GET', url: `/api/jobs/${id}`, context: 'globex' }), 404, 'NOT_FOUND');
    expectError(await analyst.request({ method: 'GET', url: '/api/jobs/12', context: 'acme' }), 400, 'VALIDATION_FAILED');
    await q.stop();
  });
});
