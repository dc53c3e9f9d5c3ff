import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { GROW_TEXT } from '../../src/shared/rules/grow';
import { AUDIENCE_TEXT, savedAudienceResponseSchema } from '../../src/shared/schemas/grow';
import { homeEntitiesResponseSchema } from '../../src/shared/schemas/home';
import { countResponseSchema } from '../../src/shared/schemas/insights';
import { audiences, auditLog, clients, segments } from '../../src/server/db/schema';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict, userId } from './support';
import { clientRegionIdOf } from './population';

type Rules = { include: { and: number[][] }; exclude?: number[] };

describe('POST /api/audiences (Save Audience)', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const adminId = await userId(database, ADMIN);
  const acmeScope = (await findProductScope(db, { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' }))!;

  /** Live segments of a client region with people, biggest first. */
  const liveSegments = async (client: string, region: string) =>
    (await db
      .select({ id: segments.shortId, allow: segments.allowCreateAudienceSingle })
      .from(segments)
      .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, client, region)), eq(segments.deleted, false), gt(segments.peopleCount, 0)))
      .orderBy(desc(segments.peopleCount), asc(segments.shortId)));
  const acmeLive = (await liveSegments('acme', 'us')).filter((s) => s.allow).map((s) => s.id);
  const [s1, s2, s3, s4, spare] = acmeLive as [number, number, number, number, number];
  const globexLive = (await liveSegments('globex', 'us')).filter((s) => s.allow).map((s) => s.id);

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string | null };
  const save = (body: Record<string, unknown>, s: Session = admin, { key, context = ACME_PRODUCT, ...opts }: Write = {}) =>
    s.request({ method: 'POST', url: '/api/audiences', payload: body, context, headers: key === null ? {} : { 'x-request-id': key ?? randomUUID() }, ...opts });
  const draft = (extra: Record<string, unknown> = {}) => ({ name: 'Grow Selection', description: '', rules: { include: { and: [[s1]] } }, referer: 'Grow', ...extra });
  const count = async (rules: Rules, context = 'acme/us') =>
    strict(countResponseSchema).parse((await admin.request({ method: 'POST', url: '/api/audiences/count', payload: { rules }, context })).json()).data.count;
  const savedOf = (res: { json(): unknown }) => strict(savedAudienceResponseSchema).parse(res.json()).data;
  const state = async () => ({
    audiences: (await db.select({ id: audiences.id }).from(audiences)).length,
    audits: (await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'audience.create'))).length,
  });

  it('saves the rule as an audience of the X-Context product with its people count, and audits it', async () => {
    const rules = { include: { and: [[s1, s2], [s3]] }, exclude: [s4] };
    const key = randomUUID();
    const res = await save(draft({ name: '  Summer Grow Picks  ', description: '  From the market map.  ', rules }), admin, { key });
    expect(res.statusCode, res.body).toBe(200);
    const saved = savedOf(res);
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Summer Grow Picks',
      description: 'From the market map.',
      // Stored as parsed: no groups of values.
      rules: { ...rules, values: [] },
      people_count: await count(rules),
      version: 1,
      created_at: expect.any(String),
    });
    expect(saved.people_count).toBeGreaterThan(0);
    const [row] = await db.select().from(audiences).where(eq(audiences.id, saved.id));
    expect(row).toMatchObject({ ...acmeScope, type: 'audience', audienceType: null, name: 'Summer Grow Picks', peopleCount: saved.people_count, createdBy: adminId, rules });
    const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'audience.create'), eq(auditLog.target, `audience:${saved.id}`)));
    expect(audit).toMatchObject({ actorUserId: adminId, actingAsUserId: null, requestId: key, details: { name: 'Summer Grow Picks', people_count: saved.people_count, referer: 'Grow' } });
  });

  it('fills in the defaults: no exclusions, and no description stored as null', async () => {
    const res = await save({ name: 'Defaults', rules: { include: { and: [[s2]] } } });
    expect(res.statusCode, res.body).toBe(200);
    expect(savedOf(res)).toMatchObject({ description: null, rules: { include: { and: [[s2]] }, exclude: [] }, people_count: await count({ include: { and: [[s2]] } }) });
  });

  it("appears first in the home page's recent audience activity", async () => {
    const saved = savedOf(await save(draft({ name: 'Newest From Grow' })));
    const res = await admin.request({ method: 'GET', url: '/api/home-entities?limit=5', context: ACME_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = homeEntitiesResponseSchema.parse(res.json()).data;
    expect(first).toEqual({
      id: saved.id,
      name: 'Newest From Grow',
      type: 'audience',
      audience_type: null,
      created_at: saved.created_at,
      count: { people: { global: saved.people_count } },
      source_identifier: null,
    });
    // Another product of the client does not list it.
    const other = homeEntitiesResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/home-entities', context: 'acme/us/fizz-cola/fizz-zero' })).json()).data;
    expect(other.map((e) => e.id)).not.toContain(saved.id);
  });

  it('answers a resend with the first answer without checking or counting again; a reused key is 422', async () => {
    const key = randomUUID();
    const first = await save(draft({ name: 'Resent', rules: { include: { and: [[spare]] } } }), admin, { key });
    expect(first.statusCode, first.body).toBe(200);
    const before = await state();
    // Even after the segment stops allowing audiences, the stored answer is given again.
    await db.update(segments).set({ allowCreateAudienceSingle: false }).where(eq(segments.shortId, spare));
    try {
      const again = await save(draft({ name: 'Resent', rules: { include: { and: [[spare]] } } }), admin, { key });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
    } finally {
      await db.update(segments).set({ allowCreateAudienceSingle: true }).where(eq(segments.shortId, spare));
    }
    expectError(await save(draft({ name: 'Another body' }), admin, { key }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await save(draft(), admin, { key: null }), 400, 'REQUEST_ID_REQUIRED');
    expect(await state()).toEqual(before);
  });

  it('checks the name and description with the builder\'s exact messages, naming the field', async () => {
    const before = await state();
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ name: '' }, [{ path: 'body.name', message: AUDIENCE_TEXT.nameRequired }]],
      [{ name: '   ' }, [{ path: 'body.name', message: AUDIENCE_TEXT.nameRequired }]],
      [{ name: 'x'.repeat(101) }, [{ path: 'body.name', message: AUDIENCE_TEXT.nameTooLong }]],
      [{ description: 'd'.repeat(1001) }, [{ path: 'body.description', message: AUDIENCE_TEXT.descriptionTooLong }]],
      [{ name: ' ', description: 'd'.repeat(1001) }, [
        { path: 'body.name', message: AUDIENCE_TEXT.nameRequired },
        { path: 'body.description', message: AUDIENCE_TEXT.descriptionTooLong },
      ]],
    ];
    expect(AUDIENCE_TEXT).toMatchObject({ nameRequired: 'Name is required.', nameTooLong: 'A name can be at most 100 characters.', descriptionTooLong: 'A description can be at most 1000 characters.' });
    for (const [change, details] of cases) {
      const body = expectError(await save(draft(change)), 422, 'VALIDATION_FAILED', details[0]!.message);
      expect(body.error.details).toEqual(details);
    }
    // Form checks come before the segments are looked at.
    expectError(await save(draft({ name: '', rules: { include: { and: [[999_999]] } } })), 422, 'VALIDATION_FAILED', AUDIENCE_TEXT.nameRequired);
    // Wrong shapes are the schema's 400.
    expectError(await save(draft({ name: 5 })), 400, 'VALIDATION_FAILED', /^body\.name: /);
    expectError(await save(draft({ rules: { include: { and: [] } } })), 400, 'VALIDATION_FAILED', /^body\.rules\.include\.and: /);
    expectError(await save(draft({ rules: undefined })), 400, 'VALIDATION_FAILED', /^body\.rules: /);
    expect(await state()).toEqual(before);
    // The limits themselves are allowed (trimmed).
    const longest = await save(draft({ name: ` ${'n'.repeat(100)} `, description: 'd'.repeat(1000) }));
    expect(longest.statusCode, longest.body).toBe(200);
    expect(savedOf(longest).name).toBe('n'.repeat(100));
  });

  it('refuses segments the context region does not have or has deleted (422 UNKNOWN_SEGMENTS)', async () => {
    const [deleted] = await db.select({ id: segments.shortId }).from(segments)
      .where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, 'acme', 'us')), eq(segments.deleted, true)));
    const deletedId = deleted?.id ?? s4;
    if (!deleted) await db.update(segments).set({ deleted: true }).where(eq(segments.shortId, deletedId));
    app.data.forgetCatalog(await clientRegionIdOf(db, 'acme', 'us'));
    const before = await state();
    expectError(await save(draft({ rules: { include: { and: [[s1, 999_999]] } } })), 422, 'UNKNOWN_SEGMENTS', 'No segment 999999 in acme/us.');
    expectError(await save(draft({ rules: { include: { and: [[s1]] }, exclude: [999_998] } })), 422, 'UNKNOWN_SEGMENTS', 'No segment 999998 in acme/us.');
    // Another tenant's segment is just as unknown.
    expectError(await save(draft({ rules: { include: { and: [[globexLive[0]!]] } } })), 422, 'UNKNOWN_SEGMENTS', `No segment ${globexLive[0]} in acme/us.`);
    const body = expectError(await save(draft({ rules: { include: { and: [[deletedId]] } } })), 422, 'UNKNOWN_SEGMENTS', `Segment ${deletedId} was deleted by the provider.`);
    expect(body.error.details).toEqual({ unknown: [], deleted: [deletedId] });
    expect(await state()).toEqual(before);
    if (!deleted) {
      await db.update(segments).set({ deleted: false }).where(eq(segments.shortId, deletedId));
      app.data.forgetCatalog(await clientRegionIdOf(db, 'acme', 'us'));
    }
  });

  it('needs every included segment to allow single-segment audiences (403); an excluded one need not', async () => {
    await db.update(segments).set({ allowCreateAudienceSingle: false }).where(eq(segments.shortId, s3));
    try {
      const before = await state();
      const body = expectError(await save(draft({ rules: { include: { and: [[s1], [s2, s3]] } } })), 403, 'FORBIDDEN', GROW_TEXT.saveAudienceNoPermission);
      expect(body.error.details).toEqual({ segments: [s3] });
      expect(GROW_TEXT.saveAudienceNoPermission).toBe('You may not create an audience from one of the selected segments.');
      expect(await state()).toEqual(before);
      const excluded = await save(draft({ name: 'Without s3', rules: { include: { and: [[s1]] }, exclude: [s3] } }));
      expect(excluded.statusCode, excluded.body).toBe(200);
    } finally {
      await db.update(segments).set({ allowCreateAudienceSingle: true }).where(eq(segments.shortId, s3));
    }
  });

  it('answers 503 DATA_NOT_READY while the region has no audience data (acme/au)', async () => {
    const before = await state();
    const res = await save(draft(), admin, { context: 'acme/au/fizz-cola/fizz-original' });
    expectError(res, 503, 'DATA_NOT_READY');
    expect(await state()).toEqual(before);
  });

  it('needs audiences create: the admin and (issue 16) the analyst may, the viewer only reads audiences', async () => {
    const before = await state();
    const denied = `${TEXT.permissionDenied} (audiences: create)`;
    expectError(await save(draft({ rules: { include: { and: [[globexLive[0]!]] } } }), viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied);
    expect(await state()).toEqual(before);
    // The analyst still reads the activity list.
    expect((await analyst.request({ method: 'GET', url: '/api/home-entities', context: ACME_PRODUCT })).statusCode).toBe(200);
  });

  it('saves into the X-Context tenant only, with that region\'s segments', async () => {
    const res = await save(draft({ name: 'Globex Picks', rules: { include: { and: [[globexLive[0]!]] } } }), admin, { context: GLOBEX_PRODUCT });
    expect(res.statusCode, res.body).toBe(200);
    const saved = savedOf(res);
    const globexScope = await findProductScope(db, { client: 'globex', region: 'us', brand: 'globex-auto', product: 'roadster' });
    expect((await db.select().from(audiences).where(eq(audiences.id, saved.id)))[0]).toMatchObject({ ...globexScope });
    expect(saved.people_count).toBe(await count({ include: { and: [[globexLive[0]!]] } }, 'globex/us'));
    expectError(await save(draft({ rules: { include: { and: [[s1]] } } }), admin, { context: GLOBEX_PRODUCT }), 422, 'UNKNOWN_SEGMENTS', `No segment ${s1} in globex/us.`);
  });

  it('needs the Audiences feature of the client', async () => {
    const [globex] = await db.select().from(clients).where(eq(clients.slug, 'globex'));
    await db.update(clients).set({ featureFlags: { ...globex!.featureFlags, audiences: false } }).where(eq(clients.id, globex!.id));
    try {
      const before = await state();
      expectError(await save(draft({ rules: { include: { and: [[globexLive[0]!]] } } }), admin, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', 'Audiences is not enabled for globex.');
      expect(await state()).toEqual(before);
    } finally {
      await db.update(clients).set({ featureFlags: globex!.featureFlags }).where(eq(clients.id, globex!.id));
    }
  });

  it('needs a product X-Context, a session and the CSRF token', async () => {
    expectError(await save(draft(), admin, { context: 'acme/us' }), 400, 'BAD_REQUEST');
    expectError(await app.inject({ method: 'POST', url: '/api/audiences', payload: draft(), headers: { 'x-context': ACME_PRODUCT, 'x-request-id': randomUUID() } }), 401, 'UNAUTHENTICATED');
    expectError(await admin.request({ method: 'POST', url: '/api/audiences', payload: draft(), context: ACME_PRODUCT, noCsrf: true, headers: { 'x-request-id': randomUUID() } }), 403, 'CSRF_INVALID');
  });
});
