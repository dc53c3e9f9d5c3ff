import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_LIMITS, WRITE_LIMIT_ACTIONS, type WriteLimitAction } from '../../src/shared/rules/write-limits';
import { activatableAudiencesResponseSchema, destinationsResponseSchema } from '../../src/shared/schemas/activations';
import { savedAudienceResponseSchema } from '../../src/shared/schemas/grow';
import { categoriesResponseSchema } from '../../src/shared/schemas/insights';
import { activations, audiences, auditLog, motivationAudiences, rolePermissions, roles, segments, tasks } from '../../src/server/db/schema';
import { UPLOADERS } from '../../src/shared/rules/uploads';
import { multipart, workbook } from './uploads-support';
import { ACME_PRODUCT, ADMIN, ANALYST, buildTestApp, login, type Session } from './helper';
import { clientRegionIdOf, TEST_POPULATION } from './population';
import { expectError, userId } from './support';
import { loadConfig } from '../../src/server/config';

const LIMIT = 3;
const WINDOW_SECONDS = 600;
const REFUSED = {
  index_reports: /^You have asked for 3 index reports in the last 10 minutes\. Please wait (10 minutes|9 minutes) before asking again\.$/,
  lookalikes: /^You have asked for 3 lookalike or optimized audiences in the last 10 minutes\. Please wait/,
  motivation_audiences: /^You have asked for 3 motivation audiences in the last 10 minutes\. Please wait/,
  activations: /^You have sent 3 activations in the last 10 minutes\. Please wait/,
  record_month: /^You have recorded this month 3 times in the last 10 minutes\. Please wait/,
  uploads: /^You have uploaded 3 spreadsheets in the last 10 minutes\. Please wait/,
} satisfies Record<WriteLimitAction, RegExp>;

/**
 * Issue 26: the writes that start expensive work are limited per real user, in the database (so
 * every API process counts the same), with 429 and Retry-After past the limit. Jobs are queued
 * and never worked here (JOB_WORKERS=0): what is limited is the asking.
 */
describe('write limits on the expensive writes (issue 26)', { timeout: 180_000 }, async () => {
  const limits = Object.fromEntries(WRITE_LIMIT_ACTIONS.map((a) => [`WRITE_LIMIT_${a.toUpperCase()}`, String(LIMIT)]));
  const { app, database, config } = await buildTestApp({ JOB_WORKERS: '0', WRITE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS), ...limits });
  const db = database.db;
  const [admin, analyst] = await Promise.all([login(app, ADMIN), login(app, ANALYST)]);
  const [adminId, analystId] = await Promise.all([userId(database, ADMIN), userId(database, ANALYST)]);

  // Analysts may not ask for motivation audiences in the demo roles; this file's analyst may, so two users can.
  const [analystRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Analyst'));
  await db.insert(rolePermissions).values({ roleId: analystRole!.id, resource: 'request_motivation_audiences', canCreate: true, canRead: true })
    .onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.resource], set: { canCreate: true, canRead: true } });
  // The same for the Grow uploader (upload CRUD and upload_mekkos, spec 2 §6).
  for (const resource of ['upload', 'upload_mekkos']) {
    await db.insert(rolePermissions).values({ roleId: analystRole!.id, resource, canCreate: true, canRead: true, canUpdate: true, canDestroy: true })
      .onConflictDoUpdate({ target: [rolePermissions.roleId, rolePermissions.resource], set: { canCreate: true, canRead: true, canUpdate: true, canDestroy: true } });
  }

  const post = (s: Session, url: string, payload?: object, key: string = randomUUID()) =>
    s.request({ method: 'POST', url, context: ACME_PRODUCT, headers: { 'x-request-id': key }, ...(payload ? { payload } : {}) });
  const get = async (s: Session, url: string) => {
    const res = await s.request({ method: 'GET', url, context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const rowsOf = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);

  // Request shapes as the areas' own tests send them.
  const live = await db.select({ id: segments.shortId, people: segments.peopleCount }).from(segments)
    .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, 'acme', 'us')), eq(segments.deleted, false), gt(segments.peopleCount, 500), eq(segments.allowCreateAudienceSingle, true)))
    .orderBy(desc(segments.peopleCount), asc(segments.shortId)).limit(4);
  const rule = (id: number) => ({ include: { and: [[id]] }, exclude: [], values: [] });
  const categories = categoriesResponseSchema.parse(await get(analyst, '/api/insights/categories')).data;
  // A lookalike's seed needs people outside it: a segment of about 3 % of the region, as lookalikes.test.ts takes.
  const [small] = await db.select({ id: segments.shortId }).from(segments)
    .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, 'acme', 'us')), eq(segments.deleted, false), gt(segments.peopleCount, 0), eq(segments.allowCreateAudienceSingle, true)))
    .orderBy(sql`abs(${segments.peopleCount} - ${Math.round(TEST_POPULATION.people * 0.03)})`, asc(segments.shortId)).limit(1);
  const saved = await post(admin, '/api/audiences', { name: 'Seed of limits', description: '', rules: rule(small!.id) });
  expect(saved.statusCode, saved.body).toBe(200);
  const seed = savedAudienceResponseSchema.parse(saved.json()).data;
  const activatable = activatableAudiencesResponseSchema.parse(await get(analyst, '/api/activations/audiences')).data;
  const destination = destinationsResponseSchema.parse(await get(analyst, '/api/activations/destinations')).data[0]!;

  const WRITES: Record<WriteLimitAction, { status: number; send: (s: Session, key?: string) => Promise<LightMyRequestResponse>; made: () => Promise<number> }> = {
    index_reports: {
      status: 202,
      send: (s, key = randomUUID()) => post(s, '/api/index-reports', { name: `Report ${key}`, audience: { name: 'Fans', rules: { include: { and: [[live[0]!.id]] }, exclude: [] } }, categories: [categories[0]!.id] }, key),
      made: () => rowsOf(db.select({ n: count() }).from(tasks).where(eq(tasks.reportType, 'index_report'))),
    },
    lookalikes: {
      status: 200,
      send: (s, key = randomUUID()) => post(s, '/api/lookalikes', { name: `Lookalike ${key.slice(0, 8)}`, seed_audience_id: seed.id, reach: { kind: 'multiplier', value: 2 } }, key),
      made: () => rowsOf(db.select({ n: count() }).from(audiences)),
    },
    motivation_audiences: {
      status: 201,
      send: (s, key = randomUUID()) => post(s, '/api/motivation-audiences', { motivation_audience: { name: `Motivated ${key.slice(0, 8)}`, rules: rule(live[1]!.id) } }, key),
      made: () => rowsOf(db.select({ n: count() }).from(motivationAudiences)),
    },
    activations: {
      status: 202,
      send: (s, key) => post(s, '/api/activations', { audience_id: activatable[0]!.id, destination_id: destination.id }, key),
      made: () => rowsOf(db.select({ n: count() }).from(activations)),
    },
    record_month: {
      status: 202,
      send: (s, key) => post(s, '/api/outcome-timeframes/record', undefined, key),
      made: () => rowsOf(db.select({ n: count() }).from(tasks).where(eq(tasks.reportType, 'outcome_completed'))),
    },
    uploads: {
      status: 200,
      // Each upload sets a figure to a new percent, so each changes the chart (one audit row).
      send: (s, key = randomUUID()) => {
        const row = ['Fizz Cola', 'Fizz Original', 'Fizz Original Market Map', 'Health & Wellness', 1, 'Fitness Enthusiasts', 1, 'Age', '18-24', 1, null, ++uploaded % 100];
        const body = multipart(workbook([UPLOADERS.grow.columns.map((c) => c.header), row], UPLOADERS.grow.sheet), 'limits.xls');
        return s.request({ method: 'POST', url: '/api/uploads/mekkos', context: 'acme/us', payload: body.payload, headers: { ...body.headers, 'x-request-id': key } });
      },
      made: () => rowsOf(db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'grow.upload'))),
    },
  };
  let uploaded = 0;
  const accepted = (res: LightMyRequestResponse, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  };
  /** Asserts a limit refusal: 429 RATE_LIMITED, Retry-After in whole seconds within the window, the same in details. */
  const refused = (res: LightMyRequestResponse, message: RegExp) => {
    const body = expectError(res, 429, 'RATE_LIMITED', message);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(body.error.details).toEqual({ retryAfter });
    return retryAfter;
  };
  /** Moves a user's windows `seconds` into the past: the window passes without waiting. */
  const age = (id: number, seconds = WINDOW_SECONDS + 1) =>
    db.execute(sql`update write_limits set window_start = window_start - make_interval(secs => ${seconds}) where user_id = ${id}`);
  const forget = () => db.execute(sql`delete from write_limits`);

  it('uses the configured numbers, and the defaults a burst of a hundred passes well over', () => {
    expect(config.writeLimits).toEqual({ windowSeconds: WINDOW_SECONDS, perAction: Object.fromEntries(WRITE_LIMIT_ACTIONS.map((a) => [a, LIMIT])) });
    expect(DEFAULT_WRITE_LIMITS).toEqual({ index_reports: 20, lookalikes: 10, motivation_audiences: 10, activations: 20, record_month: 10, uploads: 30 });
    expect(loadConfig({}).writeLimits).toEqual({ windowSeconds: 600, perAction: DEFAULT_WRITE_LIMITS });
  });

  describe.each(WRITE_LIMIT_ACTIONS)('%s', (action) => {
    const write = WRITES[action];

    it('takes the limit, refuses the next with 429 and Retry-After and creates nothing more; another user is unaffected; the window passing lets it through', async () => {
      await forget();
      const before = await write.made();
      for (let i = 0; i < LIMIT; i++) accepted(await write.send(analyst), write.status);
      refused(await write.send(analyst), REFUSED[action]);
      refused(await write.send(analyst), REFUSED[action]);
      expect(await write.made()).toBe(before + LIMIT);

      accepted(await write.send(admin), write.status);
      expect(await write.made()).toBe(before + LIMIT + 1);

      await age(analystId);
      accepted(await write.send(analyst), write.status);
      expect(await write.made()).toBe(before + LIMIT + 2);
    });
  });

  it('answers a replay of an applied key with its stored answer, never 429; a refused key goes through after the window, once', async () => {
    await forget();
    const write = WRITES.motivation_audiences;
    const applied = randomUUID();
    const first = await write.send(admin, applied);
    accepted(first, 201);
    for (let i = 1; i < LIMIT; i++) accepted(await write.send(admin), 201);
    const made = await write.made();

    const replay = await write.send(admin, applied);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());

    // An outbox command refused by the limit keeps its X-Request-ID unclaimed...
    const queued = randomUUID();
    refused(await write.send(admin, queued), REFUSED.motivation_audiences);
    expect(await write.made()).toBe(made);
    // ...so its resend after Retry-After is applied, as new, and only once.
    await age(adminId);
    accepted(await write.send(admin, queued), 201);
    const again = await write.send(admin, queued);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await write.made()).toBe(made + 1);
  });

  it('counts only applied writes: refusals for other reasons are given back', async () => {
    await forget();
    const bad = { name: 'Unknown category', audience: { name: 'Fans', rules: { include: { and: [[live[0]!.id]] }, exclude: [] } }, categories: [88_888_888] };
    for (let i = 0; i < LIMIT + 2; i++) expectError(await post(analyst, '/api/index-reports', bad), 422, 'VALIDATION_FAILED');
    // A request the schema refuses (400) never reaches the limit at all.
    expectError(await post(analyst, '/api/index-reports', { name: 'No audience' }), 400, 'VALIDATION_FAILED');
    for (let i = 0; i < LIMIT; i++) accepted(await WRITES.index_reports.send(analyst), 202);
    refused(await WRITES.index_reports.send(analyst), REFUSED.index_reports);
  });

  it('counts a write made while viewing as someone against the real user, not the one viewed', async () => {
    await forget();
    const viewing = await login(app, ADMIN);
    for (let i = 0; i < LIMIT; i++) accepted(await WRITES.index_reports.send(admin), 202);
    const start = await viewing.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId } });
    expect(start.statusCode, start.body).toBe(200);
    refused(await WRITES.index_reports.send(viewing), REFUSED.index_reports);
    // The analyst's own allowance is untouched.
    accepted(await WRITES.index_reports.send(analyst), 202);
    const rows = await db.execute(sql`select user_id, count from write_limits where action = 'index_reports' order by user_id`);
    expect((rows as unknown as { rows: { user_id: number; count: number }[] }).rows).toEqual(
      [{ user_id: adminId, count: LIMIT }, { user_id: analystId, count: 1 }].sort((a, b) => a.user_id - b.user_id),
    );
  });

  it('lets only the limit through a concurrent burst of a hundred (the count is atomic), and creates only those', async () => {
    await forget();
    const before = await WRITES.index_reports.made();
    const answers = await Promise.all(Array.from({ length: 100 }, () => WRITES.index_reports.send(analyst)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - LIMIT);
    expect(await WRITES.index_reports.made()).toBe(before + LIMIT);
  });
});
