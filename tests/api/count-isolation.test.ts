import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { segments, users } from '../../src/server/db/schema';
import { buildTestApp, login, ANALYST, ADMIN, type Session } from './helper';
import { clientRegionIdOf } from './population';

/**
 * Issue 13 §1: counting never holds up anyone else. The SQL (`es`) questions run in the count
 * store's own thread and database, and one user's questions take at most their share of the
 * engine slots.
 */
describe('count work is isolated from other requests and shared fairly between users', async () => {
  // The time limit is not what is tried here (insights.test.ts tries it): the fourth overlap waits
  // for a slot, and its wait and work passed the default 15 s on a slow day (a clean run: 503).
  const { app, database } = await buildTestApp({ ENGINE_SLOTS: '3', ENGINE_SLOTS_PER_USER: '2', ENGINE_QUEUE_PER_USER: '3', ENGINE_TIME_LIMIT_MS: '120000' }, { jobs: false });
  const db = database.db;
  const acmeUs = await clientRegionIdOf(db, 'acme', 'us');
  const ids = (await db.select({ id: segments.shortId, deleted: segments.deleted }).from(segments).where(eq(segments.clientRegionId, acmeUs)).orderBy(asc(segments.shortId)))
    .filter((s) => !s.deleted)
    .map((s) => s.id);
  /** The worst case the schema allows with this region's segments: 5 audiences of 20 OR-groups of every segment. */
  const heavyOverlap = {
    audiences: Array.from({ length: 5 }, (_, a) => ({
      name: `Heavy ${a + 1}`,
      rules: { include: { and: Array.from({ length: 20 }, (_, g) => ids.filter((_, i) => (i + g + a) % 3 !== 0)) }, exclude: ids.slice(0, 5 + a) },
    })),
  };
  const onEs = async (email: string): Promise<Session> => {
    const s = await login(app, email);
    expect((await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } })).statusCode).toBe(200);
    return s;
  };
  const overlap = (s: Session) => s.request({ method: 'POST', url: '/api/insights/overlap', context: 'acme/us', payload: heavyOverlap });

  it('keeps the SQL questions off the API thread: the count store is its own thread on PGlite, its own pool on PostgreSQL', () => {
    expect(app.data.store.kind).toBe(database.kind === 'pglite' ? 'worker' : 'local');
  });

  it('answers the health check and a login while four worst-case SQL overlaps are still running', async () => {
    const analyst = await onEs(ANALYST);
    const admin = await onEs(ADMIN);
    let finished = 0;
    const heavy = [overlap(analyst), overlap(analyst), overlap(admin), overlap(admin)].map((p) => p.then((res) => (finished++, res)));
    await new Promise((resolve) => setImmediate(resolve));
    const health = await app.inject({ method: 'GET', url: '/api/api-gateway-health-check' });
    const atHealth = finished;
    const someone = await login(app, 'viewer@globex.test');
    const atLogin = finished;
    // Whatever failed below, the overlaps end inside this test: left running they held the next test's slots.
    const answers = await Promise.all(heavy);
    expect(health.statusCode).toBe(200);
    expect(someone.csrf).toBeTruthy();
    // Before the count store had its own thread, each overlap's statements ran on this thread
    // and in the same database, and these waited until the overlaps were done. The fourth cannot
    // start before one of the first three ends (3 slots): neither answer waited for all four.
    // (On PostgreSQL two overlaps may end during the login's password hash: clean runs 20 and 23.)
    expect(atHealth).toBe(0);
    expect(atLogin).toBeLessThan(4);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.audiences).toHaveLength(5);
    }
  }, 120_000);

  it('gives one user at most their share of the slots: the rest wait, past the queue 429 with Retry-After', async () => {
    const analyst = await onEs(ANALYST);
    const admin = await onEs(ADMIN);
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, ANALYST));
    const analystId = String(me!.id);
    // The analyst's two slots are held until the test lets go, so how fast the database answers
    // (a PostgreSQL server finishes an overlap before the sixth request arrives) cannot matter.
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const holding = [app.data.slots.run(analystId, () => held), app.data.slots.run(analystId, () => held)];
    expect(app.data.slots.stats(analystId).userRunning).toBe(2);
    // Both slots taken: three wait, the fourth is refused.
    const mine = Array.from({ length: 4 }, () => overlap(analyst));
    const refused = await Promise.race(mine.map((p) => p.then((res) => (res.statusCode === 429 ? res : new Promise<never>(() => {})))));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(app.data.slots.stats(analystId).userWaiting).toBe(3);
    // Someone else still gets the free slot while the analyst's questions wait.
    const theirs = await admin.request({ method: 'POST', url: '/api/audiences/count', context: 'acme/us', payload: { rules: { include: { and: [ids.slice(0, 3)] } } } });
    expect(theirs.statusCode).toBe(200);
    expect(app.data.slots.stats(analystId).userWaiting).toBe(3);
    letGo();
    await Promise.all(holding);
    const answers = await Promise.all(mine);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
  }, 120_000);
});
