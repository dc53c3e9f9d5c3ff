import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { TOOLBOX_MESSAGES } from '../../src/shared/rules/toolbox';
import { toolboxUnitConflictSchema, toolboxUnitResponseSchema, toolboxUnitsResponseSchema, type ToolboxUnit } from '../../src/shared/schemas/toolbox';
import { auditLog, clientRegions, clients, regions, toolboxUnits } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict, userId } from './support';

describe('toolbox unit writes', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const adminId = await userId(database, ADMIN);
  const regionId = async (slug: string) => String((await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug)))[0]?.id);
  const [us, uk, ca] = await Promise.all([regionId('us'), regionId('uk'), regionId('ca')]);

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string | null; noCsrf?: boolean };
  /** A write with a fresh X-Request-ID (or the given one; null sends none) in acme. */
  const send = (s: Session, { key, context = 'acme', ...opts }: Write) =>
    s.request({ ...opts, context, headers: key === null ? {} : { 'x-request-id': key ?? randomUUID() } });
  const create = (body: object, s = admin, extra: Write = {}) => send(s, { method: 'POST', url: '/api/toolbox/units', payload: body, ...extra });
  const update = (id: number, body: object, s = admin, extra: Write = {}) => send(s, { method: 'PUT', url: `/api/toolbox/units/${id}`, payload: body, ...extra });
  const remove = (id: number, version: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/toolbox/units/${id}?version=${version}`, ...extra });

  const draft = (extra: Record<string, unknown> = {}) => ({
    name: 'media-mixer',
    url: 'https://mixer.example.com/app',
    iframed: true,
    region_ids: ['all'],
    use_client_hierarchy: false,
    feature_module_category: 'plans',
    ...extra,
  });
  /** The unit's fields as a PUT body, with changes. */
  const edit = (unit: ToolboxUnit, extra: Record<string, unknown> = {}) => {
    const { id: _id, client_slug: _slug, ...fields } = unit;
    return { ...fields, ...extra };
  };
  const unitOf = (res: { json(): unknown }) => strict(toolboxUnitResponseSchema).parse(res.json()).data;
  const listed = async (context = 'acme') =>
    toolboxUnitsResponseSchema.parse((await admin.request({ method: 'GET', url: `/api/toolbox/units/type/all/client/${context}`, context })).json()).data;
  const row = async (id: number) => (await db.select().from(toolboxUnits).where(eq(toolboxUnits.id, id)))[0];
  const audits = (id: number) =>
    db.select().from(auditLog).where(and(like(auditLog.action, 'toolbox.unit.%'), eq(auditLog.target, `toolbox_unit:${id}`))).orderBy(asc(auditLog.id));
  const snapshot = async () => ({
    units: await db.select().from(toolboxUnits).orderBy(asc(toolboxUnits.id)),
    audits: (await db.select({ id: auditLog.id }).from(auditLog).where(like(auditLog.action, 'toolbox.unit.%'))).length,
  });
  const acmeUnit = async (name: string) => {
    const unit = (await listed()).find((u) => u.name === name);
    if (!unit) throw new Error(`no acme unit ${name}`);
    return unit;
  };

  it('creates, updates, hides and deletes a unit, bumping its version and auditing each write', async () => {
    const key = randomUUID();
    const made = await create(draft({ id: 999, status: false, client_slug: 'acme' }), admin, { key });
    expect(made.statusCode, made.body).toBe(200);
    const unit = unitOf(made);
    // Creating clears the id and forces status true (spec 1 §5).
    expect(unit).toMatchObject({ ...draft(), status: true, version: 1, client_slug: 'acme' });
    expect(unit.id).not.toBe(999);
    expect(await listed()).toContainEqual(unit);

    const updated = await update(unit.id, edit(unit, { name: '  media-mixer-2 ', region_ids: [us, uk, us], use_client_hierarchy: true }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(unitOf(updated)).toEqual({ ...unit, name: 'media-mixer-2', region_ids: [us, uk], use_client_hierarchy: true, version: 2 });

    // Hide: status false clears the category and iframed (spec 1 §4).
    const hidden = await update(unit.id, edit(unitOf(updated), { status: false }));
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(unitOf(hidden)).toMatchObject({ status: false, feature_module_category: null, iframed: false, version: 3 });
    expect(await listed()).toContainEqual(unitOf(hidden));

    const gone = await remove(unit.id, 3);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ data: 'OK' });
    expect(await row(unit.id)).toBeUndefined();

    expect((await audits(unit.id)).map((a) => ({ action: a.action, actor: a.actorUserId, actingAs: a.actingAsUserId, details: a.details }))).toEqual([
      { action: 'toolbox.unit.create', actor: adminId, actingAs: null, details: { name: 'media-mixer', version: 1 } },
      { action: 'toolbox.unit.update', actor: adminId, actingAs: null, details: { name: 'media-mixer-2', version: 2 } },
      { action: 'toolbox.unit.hide', actor: adminId, actingAs: null, details: { name: 'media-mixer-2', version: 3 } },
      { action: 'toolbox.unit.delete', actor: adminId, actingAs: null, details: { name: 'media-mixer-2', version: null } },
    ]);
    expect((await audits(unit.id))[0]?.requestId).toBe(key);
  });

  it('answers a stale version with 409 and the current unit, as GET gives it, and changes nothing', async () => {
    const unit = unitOf(await create(draft({ name: 'stale-check' })));
    const moved = unitOf(await update(unit.id, edit(unit, { url: 'https://mixer.example.com/v2' })));
    const before = await snapshot();

    const res = await update(unit.id, edit(unit, { url: 'https://mixer.example.com/mine' }));
    const body = expectError(res, 409, 'VERSION_CONFLICT', 'Someone else changed this toolbox unit since you opened it.');
    const current = strict(toolboxUnitConflictSchema).parse(body).error.details.current;
    expect(current).toEqual((await listed()).find((u) => u.id === unit.id));
    expect(current).toEqual(moved);

    expectError(await remove(unit.id, 1), 409, 'VERSION_CONFLICT');
    expect(await snapshot()).toEqual(before);
  });

  it('merges an edit that says what it saw: my url, their iframed; both changing the url is a conflict on it alone', async () => {
    const unit = unitOf(await create(draft({ name: 'merge-check' })));
    const { id: _id, client_slug: _slug, version: _version, ...base } = unit;
    unitOf(await update(unit.id, edit(unit, { iframed: false })));
    const merged = unitOf(await update(unit.id, edit(unit, { url: 'https://mixer.example.com/mine', base })));
    expect(merged).toMatchObject({ url: 'https://mixer.example.com/mine', iframed: false, version: unit.version + 2 });
    const body = expectError(await update(unit.id, edit(unit, { url: 'https://mixer.example.com/again', base })), 409, 'VERSION_CONFLICT');
    expect(strict(toolboxUnitConflictSchema).parse(body).error.details.conflicts).toEqual([
      { field: 'url', base: unit.url, theirs: 'https://mixer.example.com/mine', mine: 'https://mixer.example.com/again' },
    ]);
    const gone = expectError(await update(999_999, edit(unit, { base })), 404, 'NOT_FOUND');
    expect(gone.error.details).toEqual({ gone: { kind: 'unit', id: 999_999 } });
  });

  it('lets one of concurrent writes on the same version win; the others get 409 or the name clash', async () => {
    const unit = unitOf(await create(draft({ name: 'contested' })));
    const edits = await Promise.all([1, 2, 3].map((n) => update(unit.id, edit(unit, { url: `https://mixer.example.com/${n}` }))));
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await row(unit.id))?.version).toBe(2);
    expect((await audits(unit.id)).map((a) => a.action)).toEqual(['toolbox.unit.create', 'toolbox.unit.update']);

    const creates = await Promise.all([1, 2, 3].map(() => create(draft({ name: 'raced-name' }))));
    expect(creates.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
    for (const res of creates.filter((r) => r.statusCode === 422)) expectError(res, 422, 'VALIDATION_FAILED', 'A unit named "raced-name" already exists.');
  });

  it('answers a deleted unit with 404', async () => {
    const unit = unitOf(await create(draft({ name: 'short-lived' })));
    expect((await remove(unit.id, 1)).statusCode).toBe(200);
    const message = `There is no toolbox unit ${unit.id} in this client: it may have been deleted.`;
    expectError(await update(unit.id, edit(unit)), 404, 'NOT_FOUND', message);
    expectError(await remove(unit.id, 1), 404, 'NOT_FOUND', message);
  });

  it('refuses invalid units with the rules\' exact messages, naming the field, and changes nothing', async () => {
    const planner = await acmeUnit('reach-planner');
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'body.name', 'Enter a name for the unit.'],
      [{ name: 'x'.repeat(101) }, 'body.name', 'A unit name can be at most 100 characters.'],
      [{ name: ' brand-tracker ' }, 'body.name', 'A unit named "brand-tracker" already exists.'],
      [{ url: 'mixer.example.com' }, 'body.url', 'Enter an absolute URL that starts with https:// or http://.'],
      [{ url: 'http://mixer.example.com' }, 'body.url', 'An iframed unit needs a URL that starts with https://.'],
      [{ region_ids: [] }, 'body.region_ids', 'Choose at least one region, or all regions.'],
      // Canada is a region, but not one of acme's.
      [{ region_ids: [us, ca] }, 'body.region_ids', `"${ca}" is not a region of this client.`],
    ];
    for (const [change, path, message] of cases) {
      for (const res of [await create(draft(change)), await update(planner.id, edit(planner, change))]) {
        const body = expectError(res, 422, 'VALIDATION_FAILED', message);
        expect(body.error.details).toEqual([{ path, message }]);
      }
    }
    const several = expectError(await create(draft({ name: '', url: 'nope' })), 422, 'VALIDATION_FAILED', TOOLBOX_MESSAGES.nameRequired);
    expect(several.error.details).toEqual([
      { path: 'body.name', message: TOOLBOX_MESSAGES.nameRequired },
      { path: 'body.url', message: TOOLBOX_MESSAGES.urlInvalid },
    ]);
    // Wrong types are the schema's 400, in the same shape.
    expect(expectError(await create(draft({ name: 5 })), 400, 'VALIDATION_FAILED', /^body\.name: /).error.details).toEqual([
      { path: 'body.name', message: expect.any(String) },
    ]);
    expectError(await update(planner.id, edit(planner, { version: undefined })), 400, 'VALIDATION_FAILED', /^body\.version: /);
    expectError(await send(admin, { method: 'DELETE', url: `/api/toolbox/units/${planner.id}` }), 400, 'VALIDATION_FAILED', /^querystring\.version: /);
    expectError(await update(Number.NaN, edit(planner)), 400, 'VALIDATION_FAILED', /^params\.id: /);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps its own name and an http URL for a unit that is not iframed', async () => {
    const tracker = await acmeUnit('brand-tracker');
    const res = await update(tracker.id, edit(tracker, { url: 'http://tracker.example.com/', region_ids: [uk] }));
    expect(res.statusCode, res.body).toBe(200);
    expect(unitOf(res)).toMatchObject({ name: 'brand-tracker', url: 'http://tracker.example.com/', region_ids: [uk], version: tracker.version + 1 });
  });

  it("never touches another client's unit: 404 through another X-Context, 403 outside the caller's reach", async () => {
    const planner = await acmeUnit('reach-planner');
    const before = await snapshot();
    expectError(await update(planner.id, edit(planner), admin, { context: 'globex' }), 404, 'NOT_FOUND');
    expectError(await remove(planner.id, planner.version, admin, { context: 'globex' }), 404, 'NOT_FOUND');
    expectError(await create(draft({ client_slug: 'acme' }), admin, { context: 'globex' }), 403, 'FORBIDDEN', 'The client in the body does not match X-Context.');
    // The viewer is refused on the permission, which is checked before the context.
    expect((await update(planner.id, edit(planner), viewer, { context: 'acme' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('needs toolbox_client_configuration create/update/destroy: the analyst and the viewer only read', async () => {
    const planner = await acmeUnit('reach-planner');
    const before = await snapshot();
    for (const [s, context] of [[analyst, 'acme'], [viewer, 'globex']] as const) {
      expectError(await create(draft(), s, { context }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (toolbox_client_configuration: create)`);
      expectError(await update(planner.id, edit(planner), s, { context }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (toolbox_client_configuration: update)`);
      expectError(await remove(planner.id, planner.version, s, { context }), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (toolbox_client_configuration: destroy)`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('needs the CSRF token, and the session token as a Bearer token is no way around it (decision 008)', async () => {
    const before = await snapshot();
    expectError(await create(draft({ name: 'csrf-less' }), admin, { noCsrf: true }), 403, 'CSRF_INVALID', TEXT.csrfMissing);
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/toolbox/units',
      payload: draft({ name: 'by-bearer' }),
      headers: { authorization: `Bearer ${admin.sid}`, 'x-context': 'acme', 'x-request-id': randomUUID() },
    });
    expectError(bearer, 401, 'UNAUTHENTICATED');
    expect(await snapshot()).toEqual(before);
  });

  it('needs a session (401) and an X-Context (400)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/toolbox/units', payload: draft(), headers: { 'x-context': 'acme', 'x-request-id': randomUUID() } });
    expectError(res, 401, 'UNAUTHENTICATED');
    expectError(await admin.request({ method: 'POST', url: '/api/toolbox/units', payload: draft(), headers: { 'x-request-id': randomUUID() } }), 400, 'BAD_REQUEST');
  });

  it('writes into the X-Context client only', async () => {
    const res = await create(draft({ name: 'globex-unit', feature_module_category: 'toolbox' }), admin, { context: 'globex/us' });
    expect(res.statusCode, res.body).toBe(200);
    expect(unitOf(res).client_slug).toBe('globex');
    const [globex] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'globex'));
    expect((await row(unitOf(res).id))?.clientId).toBe(globex?.id);
    expect((await listed()).map((u) => u.name)).not.toContain('globex-unit');
    // Globex's own region ids are its regions.
    const [globexUs] = await db.select({ id: clientRegions.regionId }).from(clientRegions).where(eq(clientRegions.clientId, Number(globex?.id)));
    expect(String(globexUs?.id)).toBe(us);
  });
});
