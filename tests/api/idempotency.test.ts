import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toolboxUnitResponseSchema, type ToolboxUnit } from '../../src/shared/schemas/toolbox';
import { auditLog, clients, processedRequests, tasks, toolboxUnits } from '../../src/server/db/schema';
import { deleteOlderThan } from '../../src/server/modules/idempotency/idempotency-repository';
import { ADMIN, ANALYST, buildTestApp, login } from './helper';
import { expectError, userId } from './support';

const REPLAYED = 'idempotent-replayed';

describe('idempotent writes (X-Request-ID)', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst] = await Promise.all([login(app, ADMIN), login(app, ANALYST)]);
  const [adminId, analystId] = await Promise.all([userId(database, ADMIN), userId(database, ANALYST)]);

  const create = (key: string | undefined, body: object) =>
    admin.request({ method: 'POST', url: '/api/toolbox/units', payload: body, context: 'acme', headers: key === undefined ? {} : { 'x-request-id': key } });
  const update = (key: string, id: number, body: object) =>
    admin.request({ method: 'PUT', url: `/api/toolbox/units/${id}`, payload: body, context: 'acme', headers: { 'x-request-id': key } });
  const draft = (name: string) => ({ name, url: 'https://unit.example.com/', iframed: true, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: null });
  const edit = (unit: ToolboxUnit, extra: object) => ({ ...draft(unit.name), status: unit.status, version: unit.version, ...extra });
  const unitOf = (res: LightMyRequestResponse) => toolboxUnitResponseSchema.parse(res.json()).data;
  const named = (name: string) => db.select().from(toolboxUnits).where(eq(toolboxUnits.name, name));
  const auditsOf = (key: string) => db.select().from(auditLog).where(eq(auditLog.requestId, key));
  const stored = (user: number, key: string) =>
    db.select().from(processedRequests).where(and(eq(processedRequests.userId, user), eq(processedRequests.key, key)));

  /** Same status, body and content type; only the replay says it is one. */
  function expectReplay(first: LightMyRequestResponse, again: LightMyRequestResponse) {
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(first.headers[REPLAYED]).toBeUndefined();
    expect(again.headers[REPLAYED]).toBe('true');
  }

  it('runs a create once: a resend gets the first answer and changes nothing', async () => {
    const key = randomUUID();
    const first = await create(key, draft('once-only'));
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(key, draft('once-only'));
    expectReplay(first, again);
    expect(await named('once-only')).toHaveLength(1);
    expect(await auditsOf(key)).toHaveLength(1);
    // The key, the request's fingerprint and the answer are stored for the real user.
    expect(await stored(adminId, key)).toEqual([expect.objectContaining({
      method: 'POST', path: '/api/toolbox/units', status: 200, response: first.json(), contentType: 'application/json; charset=utf-8',
    })]);
  });

  it('gives the first answer of an update again, even after later writes', async () => {
    const unit = unitOf(await create(randomUUID(), draft('replayed-update')));
    const key = randomUUID();
    const first = await update(key, unit.id, edit(unit, { url: 'https://unit.example.com/2' }));
    expect(unitOf(first).version).toBe(2);
    const later = await update(randomUUID(), unit.id, edit(unitOf(first), { url: 'https://unit.example.com/3' }));
    expect(unitOf(later).version).toBe(3);

    // Replayed: the answer that version 1 -> 2 gave, not a 409, and the unit stays at 3.
    expectReplay(first, await update(key, unit.id, edit(unit, { url: 'https://unit.example.com/2' })));
    expect((await named('replayed-update'))[0]).toMatchObject({ version: 3, url: 'https://unit.example.com/3' });
    expect(await auditsOf(key)).toHaveLength(1);
  });

  it('makes exactly one change from concurrent sends of one key', async () => {
    const key = randomUUID();
    const creates = await Promise.all(Array.from({ length: 5 }, () => create(key, draft('concurrent'))));
    expect(creates.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(creates.map((r) => r.body)).size).toBe(1);
    expect(creates.filter((r) => r.headers[REPLAYED] === 'true')).toHaveLength(4);
    expect(await named('concurrent')).toHaveLength(1);
    expect(await auditsOf(key)).toHaveLength(1);

    const unit = unitOf(creates[0]!);
    const editKey = randomUUID();
    const updates = await Promise.all(Array.from({ length: 3 }, () => update(editKey, unit.id, edit(unit, { name: 'concurrent-2' }))));
    expect(updates.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(updates.map((r) => r.body)).size).toBe(1);
    expect((await named('concurrent-2'))[0]?.version).toBe(2);
    expect(await auditsOf(editKey)).toHaveLength(1);
  });

  it('refuses a key reused for another body, path or method with 422, and changes nothing', async () => {
    const key = randomUUID();
    const first = await create(key, draft('reused-key'));
    const unit = unitOf(first);
    const message = /^This X-Request-ID was already used for another request \(POST \/api\/toolbox\/units\)/;
    expectError(await create(key, draft('reused-key-other')), 422, 'IDEMPOTENCY_KEY_REUSED', message);
    expectError(await update(key, unit.id, edit(unit, {})), 422, 'IDEMPOTENCY_KEY_REUSED', message);
    // Another client in X-Context is another request too.
    const elsewhere = await admin.request({ method: 'POST', url: '/api/toolbox/units', payload: draft('reused-key'), context: 'globex', headers: { 'x-request-id': key } });
    expectError(elsewhere, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await named('reused-key-other')).toHaveLength(0);
    expect((await named('reused-key'))[0]?.version).toBe(1);
    // Key order in the body does not make another request.
    const reordered = Object.fromEntries(Object.entries(draft('reused-key')).reverse());
    expectReplay(first, await create(key, reordered));
  });

  it('needs a uuid X-Request-ID on an idempotent write (400) and changes nothing', async () => {
    for (const key of [undefined, '', 'not-a-uuid', 'req-1234', `${randomUUID()}x`]) {
      expectError(await create(key, draft('keyless')), 400, 'REQUEST_ID_REQUIRED', /X-Request-ID header holding a uuid/);
    }
    expect(await named('keyless')).toHaveLength(0);
    // Upper case is the same uuid.
    const key = randomUUID();
    const first = await create(key.toUpperCase(), draft('upper-key'));
    expectReplay(first, await create(key, draft('upper-key')));
  });

  it('stores no refusal: a refused command is judged again when resent', async () => {
    const key = randomUUID();
    const blocker = unitOf(await create(randomUUID(), draft('taken-name')));
    expectError(await create(key, draft('taken-name')), 422, 'VALIDATION_FAILED', 'A unit named "taken-name" already exists.');
    expect(await stored(adminId, key)).toEqual([]);
    await admin.request({ method: 'DELETE', url: `/api/toolbox/units/${blocker.id}?version=1`, context: 'acme', headers: { 'x-request-id': randomUUID() } });
    const res = await create(key, draft('taken-name'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers[REPLAYED]).toBeUndefined();
  });

  it("keeps each user's keys apart", async () => {
    const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
    const [mine, theirs] = await db.insert(tasks).values([
      { userId: analystId, clientId: Number(acme?.id), reportType: 'outcome_completed', status: 'completed', name: 'Analyst outcome' },
      { userId: adminId, clientId: Number(acme?.id), reportType: 'outcome_completed', status: 'completed', name: 'Admin outcome' },
    ]).returning();
    const key = randomUUID();
    const read = (s: typeof admin, id: number) => s.request({ method: 'POST', url: `/api/notifications/${id}/read`, context: 'acme', headers: { 'x-request-id': key } });
    const a = await read(analyst, Number(mine?.id));
    const b = await read(admin, Number(theirs?.id));
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.headers[REPLAYED], b.headers[REPLAYED]]).toEqual([undefined, undefined]);
  });

  it("keys the session's real user while viewing as another, so a resend after Stop Viewing As is still a replay", async () => {
    const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
    const [task] = await db.insert(tasks).values({ userId: analystId, clientId: Number(acme?.id), reportType: 'outcome_completed', status: 'completed', name: 'Viewed outcome' }).returning();
    const s = await login(app, ADMIN);
    expect((await s.request({ method: 'POST', url: '/api/auth/impersonate', payload: { user_id: analystId } })).statusCode).toBe(200);
    const key = randomUUID();
    const read = () => s.request({ method: 'POST', url: `/api/notifications/${task?.id}/read`, context: 'acme', headers: { 'x-request-id': key } });
    const first = await read();
    expect(first.statusCode, first.body).toBe(200);
    expect(await stored(adminId, key)).toHaveLength(1);
    expect(await stored(analystId, key)).toHaveLength(0);

    expect((await s.request({ method: 'DELETE', url: '/api/auth/impersonate' })).statusCode).toBe(200);
    // The admin has no such task: run again it would be 404; replayed it is the first answer.
    expectReplay(first, await read());
  });

  it('forgets keys older than 30 days', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    await db.insert(processedRequests).values([
      { userId: adminId, key: old, method: 'POST', path: '/x', requestHash: '-', status: 200, response: null, createdAt: sql`now() - interval '31 days'` },
      { userId: adminId, key: fresh, method: 'POST', path: '/x', requestHash: '-', status: 200, response: null, createdAt: sql`now() - interval '29 days'` },
    ]);
    await deleteOlderThan(db, 30);
    expect(await stored(adminId, old)).toEqual([]);
    expect(await stored(adminId, fresh)).toHaveLength(1);
  });
});
