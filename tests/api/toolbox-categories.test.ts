import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { CATEGORY_MESSAGES, TOOLBOX_MESSAGES } from '../../src/shared/rules/toolbox';
import {
  toolboxCategoriesResponseSchema,
  toolboxCategoryInUseDetailsSchema,
  toolboxCategoryResponseSchema,
  toolboxUnitResponseSchema,
  toolboxUnitsResponseSchema,
  type ToolboxCategory,
} from '../../src/shared/schemas/toolbox';
import { auditLog, toolboxCategories, toolboxUnits } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict } from './support';

describe('toolbox categories', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string };
  const send = (s: Session, { key, context = 'acme', ...opts }: Write) => s.request({ ...opts, context, headers: { 'x-request-id': key ?? randomUUID() } });
  const create = (body: object, s = admin, extra: Write = {}) => send(s, { method: 'POST', url: '/api/toolbox/categories', payload: body, ...extra });
  const update = (id: number, body: object, s = admin, extra: Write = {}) => send(s, { method: 'PUT', url: `/api/toolbox/categories/${id}`, payload: body, ...extra });
  const bulk = (id: number, body: object, s = admin, extra: Write = {}) => send(s, { method: 'PUT', url: `/api/toolbox/categories/${id}/bulk`, payload: body, ...extra });
  const remove = (id: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/toolbox/categories/${id}`, ...extra });
  const listed = async (context = 'acme', s = admin) => {
    const res = await s.request({ method: 'GET', url: `/api/toolbox/categories/client/${context}`, context });
    expect(res.statusCode, res.body).toBe(200);
    return strict(toolboxCategoriesResponseSchema).parse(res.json()).data;
  };
  const named = async (name: string, context = 'acme') => {
    const found = (await listed(context)).find((c) => c.name === name);
    if (!found) throw new Error(`no ${context} category ${name}`);
    return found;
  };
  const categoryOf = (res: { json(): unknown }) => strict(toolboxCategoryResponseSchema).parse(res.json()).data;
  const units = async () => toolboxUnitsResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/toolbox/units/type/all/client/acme', context: 'acme' })).json()).data;
  const unitNamed = async (name: string) => {
    const unit = (await units()).find((u) => u.name === name);
    if (!unit) throw new Error(`no unit ${name}`);
    return unit;
  };
  const snapshot = async () => ({
    categories: await db.select().from(toolboxCategories).orderBy(asc(toolboxCategories.id)),
    units: await db.select().from(toolboxUnits).orderBy(asc(toolboxUnits.id)),
    audits: (await db.select({ id: auditLog.id }).from(auditLog).where(like(auditLog.action, 'toolbox.%'))).length,
  });
  const audits = (id: number) =>
    db.select().from(auditLog).where(and(like(auditLog.action, 'toolbox.category.%'), eq(auditLog.target, `toolbox_category:${id}`))).orderBy(asc(auditLog.id));
  const unitDraft = (extra: Record<string, unknown> = {}) => ({
    name: `unit-${randomUUID().slice(0, 8)}`, url: 'https://unit.example.com/', iframed: true, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'plans', ...extra,
  });

  it("lists the seeded demo categories in priority order, each client's own", async () => {
    expect((await listed()).map((c) => [c.name, c.priority, c.status, c.client_slug, c.version])).toEqual([
      ['plans', 0, true, 'acme', 1], ['toolbox', 1, true, 'acme', 1], ['analytics', 2, true, 'acme', 1],
    ]);
    expect((await listed('globex')).map((c) => c.name)).toEqual(['toolbox']);
    // The analyst reads toolbox configuration; the path must name the X-Context client.
    expect((await listed('acme', analyst)).map((c) => c.name)).toEqual(['plans', 'toolbox', 'analytics']);
    const mismatch = await admin.request({ method: 'GET', url: '/api/toolbox/categories/client/globex', context: 'acme' });
    expectError(mismatch, 403, 'FORBIDDEN', 'The client in the path does not match X-Context.');
  });

  it('creates a category last, clearing the id and forcing status true, audited and idempotent', async () => {
    const key = randomUUID();
    const made = await create({ name: '  Media   planning ', id: 999, status: false, client_slug: 'acme' }, admin, { key });
    expect(made.statusCode, made.body).toBe(200);
    const category = categoryOf(made);
    expect(category).toMatchObject({ name: 'Media planning', status: true, priority: 3, client_slug: 'acme', version: 1 });
    expect(category.id).not.toBe(999);
    const before = await snapshot();
    const again = await create({ name: '  Media   planning ', id: 999, status: false, client_slug: 'acme' }, admin, { key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(categoryOf(again)).toEqual(category);
    expect(await snapshot()).toEqual(before);
    expect((await audits(category.id)).map((a) => a.action)).toEqual(['toolbox.category.create']);
    expect((await listed()).at(-1)).toEqual(category);
  });

  it('checks the name with the rules\' messages: required, at most 50 characters, unique per client whatever its case', async () => {
    const before = await snapshot();
    expectError(await create({ name: '   ' }), 422, 'VALIDATION_FAILED', CATEGORY_MESSAGES.nameRequired);
    expectError(await create({ name: 'x'.repeat(51) }), 422, 'VALIDATION_FAILED', 'A category name can be at most 50 characters.');
    const taken = expectError(await create({ name: 'PLANS' }), 422, 'VALIDATION_FAILED', 'A category named "plans" already exists.');
    expect(taken.error.details).toEqual([{ path: 'body.name', message: 'A category named "plans" already exists.' }]);
    const toolbox = await named('toolbox');
    expectError(await update(toolbox.id, { name: 'Analytics', version: toolbox.version }), 422, 'VALIDATION_FAILED', 'A category named "analytics" already exists.');
    expect(await snapshot()).toEqual(before);
    // Another client may have the same name.
    const globex = await create({ name: 'plans' }, admin, { context: 'globex' });
    expect(categoryOf(globex)).toMatchObject({ name: 'plans', client_slug: 'globex', priority: 1 });
  });

  it("renames a category and its units' category in one write; a stale version is a 409 with the current one", async () => {
    const plans = await named('plans');
    const planner = await unitNamed('reach-planner');
    const res = await update(plans.id, { name: 'Planning', version: plans.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(categoryOf(res)).toEqual({ ...plans, name: 'Planning', version: plans.version + 1 });
    // The unit follows, at its next version (an edit queued before the rename merges over it).
    expect(await unitNamed('reach-planner')).toEqual({ ...planner, feature_module_category: 'Planning', version: planner.version + 1 });
    const [audit] = (await audits(plans.id)).filter((a) => a.action === 'toolbox.category.rename');
    expect(audit?.details).toMatchObject({ name: 'Planning', from: 'plans', units: 1 });

    const stale = await update(plans.id, { name: 'Plans again', version: plans.version });
    const body = expectError(stale, 409, 'VERSION_CONFLICT');
    expect(body.error.details).toMatchObject({ current: { id: plans.id, name: 'Planning', version: plans.version + 1 } });
    // Back, for the tests after this one.
    expect((await update(plans.id, { name: 'plans', version: plans.version + 1 })).statusCode).toBe(200);
    expect((await unitNamed('reach-planner')).feature_module_category).toBe('plans');
  });

  it('reorders with PUT …/bulk: each listed category gets its priority, and the answer is the new order', async () => {
    const before = await listed();
    const moved = before.find((c) => c.name === 'analytics');
    if (!moved) throw new Error('no analytics');
    const order = [moved, ...before.filter((c) => c !== moved)].map((c, priority) => ({ id: c.id, priority }));
    const res = await bulk(moved.id, order);
    expect(res.statusCode, res.body).toBe(200);
    const after = strict(toolboxCategoriesResponseSchema).parse(res.json()).data;
    expect(after.map((c) => c.id)).toEqual(order.map((c) => c.id));
    expect(await listed()).toEqual(after);
    // A category whose priority changed is at its next version; one whose priority stayed is not.
    for (const c of after) {
      const old = before.find((b) => b.id === c.id) as ToolboxCategory;
      expect(c.version).toBe(old.priority === c.priority ? old.version : old.version + 1);
    }
    expect((await audits(moved.id)).map((a) => a.action)).toContain('toolbox.category.reorder');
  });

  it('refuses a bulk list that repeats an id, leaves out the moved one or names another client\'s category, changing nothing', async () => {
    const [a, b] = await listed();
    const [globex] = await listed('globex');
    if (!a || !b || !globex) throw new Error('categories missing');
    const before = await snapshot();
    expectError(await bulk(a.id, [{ id: a.id, priority: 1 }, { id: a.id, priority: 0 }]), 422, 'VALIDATION_FAILED', CATEGORY_MESSAGES.bulkRepeated(a.id));
    expectError(await bulk(a.id, [{ id: b.id, priority: 0 }]), 422, 'VALIDATION_FAILED', CATEGORY_MESSAGES.bulkMissingMoved(a.id));
    expectError(await bulk(a.id, [{ id: a.id, priority: 1 }, { id: globex.id, priority: 0 }]), 404, 'NOT_FOUND', CATEGORY_MESSAGES.notFound(globex.id));
    expectError(await bulk(globex.id, [{ id: globex.id, priority: 0 }]), 404, 'NOT_FOUND');
    expectError(await bulk(a.id, []), 400, 'VALIDATION_FAILED');
    expectError(await bulk(a.id, [{ id: a.id, priority: -1 }]), 400, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to delete a category while units name it (409 IN_USE naming them), and deletes it once they are gone', async () => {
    const analytics = await named('analytics');
    const before = await snapshot();
    const refused = expectError(await remove(analytics.id), 409, 'IN_USE', CATEGORY_MESSAGES.inUse('analytics', 1));
    expect(toolboxCategoryInUseDetailsSchema.parse(refused.error.details).units.map((u) => u.name)).toEqual(['brand-tracker']);
    expect(await snapshot()).toEqual(before);

    // Moving the unit to no category frees it; a stale ?version is still a 409.
    const tracker = await unitNamed('brand-tracker');
    const { id: _id, client_slug: _c, ...fields } = tracker;
    const moved = await send(admin, { method: 'PUT', url: `/api/toolbox/units/${tracker.id}`, payload: { ...fields, feature_module_category: null } });
    expect(moved.statusCode, moved.body).toBe(200);
    expectError(await remove(analytics.id, admin, { url: `/api/toolbox/categories/${analytics.id}?version=${analytics.version + 5}` }), 409, 'VERSION_CONFLICT');
    const gone = await remove(analytics.id, admin, { url: `/api/toolbox/categories/${analytics.id}?version=${analytics.version}` });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ data: 'OK' });
    expect((await listed()).map((c) => c.name)).not.toContain('analytics');
    expect((await audits(analytics.id)).map((a) => a.action)).toContain('toolbox.category.delete');
    expectError(await remove(analytics.id), 404, 'NOT_FOUND', CATEGORY_MESSAGES.notFound(analytics.id));
  });

  it("needs a unit's category to be one of its client's (422), and stores it as the category spells it", async () => {
    const before = await snapshot();
    const refused = expectError(await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: unitDraft({ feature_module_category: 'creative' }) }), 422, 'VALIDATION_FAILED', TOOLBOX_MESSAGES.categoryUnknown('creative'));
    expect(refused.error.details).toEqual([{ path: 'body.feature_module_category', message: TOOLBOX_MESSAGES.categoryUnknown('creative') }]);
    // Globex has no 'Media planning': the name is looked up in the X-Context client only.
    expectError(await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: unitDraft({ feature_module_category: 'Media planning' }), context: 'globex' }), 422, 'VALIDATION_FAILED');
    expect(await snapshot()).toEqual(before);
    const made = await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: unitDraft({ feature_module_category: 'MEDIA PLANNING' }) });
    expect(made.statusCode, made.body).toBe(200);
    expect(strict(toolboxUnitResponseSchema).parse(made.json()).data.feature_module_category).toBe('Media planning');
    const none = await send(admin, { method: 'POST', url: '/api/toolbox/units', payload: unitDraft({ feature_module_category: null }) });
    expect(none.statusCode, none.body).toBe(200);
  });

  it("never touches another client's category: 404 through another X-Context", async () => {
    const plans = await named('plans');
    const before = await snapshot();
    expectError(await update(plans.id, { name: 'stolen', version: plans.version }, admin, { context: 'globex' }), 404, 'NOT_FOUND', CATEGORY_MESSAGES.notFound(plans.id));
    expectError(await remove(plans.id, admin, { context: 'globex' }), 404, 'NOT_FOUND');
    expectError(await create({ name: 'x', client_slug: 'acme' }, admin, { context: 'globex' }), 403, 'FORBIDDEN', 'The client in the body does not match X-Context.');
    // The viewer cannot reach acme at all.
    expect((await viewer.request({ method: 'GET', url: '/api/toolbox/categories/client/acme', context: 'acme' })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('needs toolbox_client_configuration create/update/destroy: the analyst only reads', async () => {
    const plans = await named('plans');
    const before = await snapshot();
    const denied = (action: string) => `${TEXT.permissionDenied} (toolbox_client_configuration: ${action})`;
    expectError(await create({ name: 'new' }, analyst), 403, 'FORBIDDEN', denied('create'));
    expectError(await update(plans.id, { name: 'new', version: plans.version }, analyst), 403, 'FORBIDDEN', denied('update'));
    expectError(await bulk(plans.id, [{ id: plans.id, priority: 0 }], analyst), 403, 'FORBIDDEN', denied('update'));
    expectError(await remove(plans.id, analyst), 403, 'FORBIDDEN', denied('destroy'));
    expect(await snapshot()).toEqual(before);
  });
});
