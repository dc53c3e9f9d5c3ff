import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { homeEntitiesResponseSchema } from '../../src/shared/schemas/home';
import { DEMO_AUDIENCES } from '../../src/server/db/demo-tenant';
import { audiences, rolePermissions, roles } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/client';
import { findProductScope } from '../../src/server/modules/hierarchy/hierarchy-repository';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login } from './helper';
import { expectError, strict } from './support';

/** The ids of client/region/brand/product slugs. */
async function scopeOf(database: Database, fullSlug: string) {
  const [client, region, brand, product] = fullSlug.split('/') as [string, string, string, string];
  const row = await findProductScope(database.db, { client, region, brand, product });
  if (!row) throw new Error(`no product ${fullSlug}`);
  return row;
}

describe('GET /api/home-entities', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const byAge = [...DEMO_AUDIENCES].sort((a, b) => a.daysAgo - b.daysAgo).map((a) => a.name);
  const get = (s: typeof analyst, context: string, query = '') =>
    s.request({ method: 'GET', url: `/api/home-entities${query}`, context });

  it('returns the latest 5 audiences of the context by default, newest first', async () => {
    const res = await get(analyst, ACME_PRODUCT);
    expect(res.statusCode).toBe(200);
    const data = strict(homeEntitiesResponseSchema).parse(res.json()).data;
    expect(data.map((e) => e.name)).toEqual(byAge.slice(0, 5));
    const times = data.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.find((e) => e.name === 'Optimized Summer Reach')?.audience_type).toBe('pve');
    expect(data.find((e) => e.name === 'Weekend Snackers (shared)')?.source_identifier).toBe('globex:aud-17');
  });

  it('returns up to 10 with limit=10, and 5 with limit=5', async () => {
    const ten = homeEntitiesResponseSchema.parse((await get(analyst, ACME_PRODUCT, '?limit=10')).json()).data;
    expect(ten.map((e) => e.name)).toEqual(byAge.slice(0, 10));
    const five = homeEntitiesResponseSchema.parse((await get(analyst, ACME_PRODUCT, '?limit=5')).json()).data;
    expect(five).toHaveLength(5);
  });

  it.each(['1', '6', '20', '0', '-5', 'ten', '5.5'])('refuses limit=%s with 400', async (limit) => {
    expectError(await get(analyst, ACME_PRODUCT, `?limit=${limit}`), 400, 'VALIDATION_FAILED', /^querystring\.limit: /);
  });

  it('caps at 10 and puts a new audience first', async () => {
    const scope = await scopeOf(database, ACME_PRODUCT);
    const rows = Array.from({ length: 6 }, (_, i) => ({ ...scope, name: `Fresh ${i}`, createdAt: new Date(Date.now() - (i + 1) * 60_000) }));
    await database.db.insert(audiences).values(rows);
    const data = homeEntitiesResponseSchema.parse((await get(analyst, ACME_PRODUCT, '?limit=10')).json()).data;
    expect(data).toHaveLength(10);
    expect(data.slice(0, 6).map((e) => e.name)).toEqual(rows.map((r) => r.name));
    expect(data.slice(6).map((e) => e.name)).toEqual(byAge.slice(0, 4));
  });

  it("is scoped to the context's product, region and client", async () => {
    // The same product in another region, another product, and another client.
    const inserts = [
      { slug: 'acme/uk/fizz-cola/fizz-original', name: 'UK only' },
      { slug: 'acme/us/fizz-cola/fizz-zero', name: 'Zero only' },
      { slug: GLOBEX_PRODUCT, name: 'Globex only' },
    ];
    for (const { slug, name } of inserts) {
      await database.db.insert(audiences).values({ ...(await scopeOf(database, slug)), name, createdAt: new Date(Date.now() + 60_000) });
    }
    const names = (ctx: string, s = analyst) => get(s, ctx, '?limit=10').then((r) => (r.json() as { data: { name: string }[] }).data.map((e) => e.name));
    const us = await names(ACME_PRODUCT);
    expect(us).not.toContain('UK only');
    expect(us).not.toContain('Zero only');
    expect(us).not.toContain('Globex only');
    expect(await names('acme/uk/fizz-cola/fizz-original')).toEqual(['UK only']);
    expect(await names('acme/us/fizz-cola/fizz-zero')).toEqual(['Zero only']);
    expect(await names(GLOBEX_PRODUCT, viewer)).toEqual(['Globex only']);
    expect(await names(GLOBEX_PRODUCT, admin)).toEqual(['Globex only']);
  });

  it('gives a product without audiences an empty list', async () => {
    const res = await get(analyst, 'acme/au/glow/shampoo');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('needs the full product context', async () => {
    expectError(await analyst.request({ method: 'GET', url: '/api/home-entities' }), 400, 'BAD_REQUEST');
    for (const ctx of ['acme', 'acme/us', 'acme/us/fizz-cola']) {
      expectError(await get(analyst, ctx), 400, 'BAD_REQUEST', /^This request needs an X-Context with 4 levels/);
    }
  });

  it("refuses another tenant's product with 403 and no data", async () => {
    const res = await get(analyst, GLOBEX_PRODUCT);
    expectError(res, 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
    expect(res.body).not.toContain('Globex only');
  });

  it('needs audiences read', async () => {
    const [viewerRole] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
    const where = and(eq(rolePermissions.roleId, Number(viewerRole?.id)), eq(rolePermissions.resource, 'audiences'));
    await database.db.update(rolePermissions).set({ canRead: false }).where(where);
    try {
      expectError(await get(viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (audiences: read)`);
    } finally {
      await database.db.update(rolePermissions).set({ canRead: true }).where(where);
    }
    expect((await get(viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
  });

  it('is 401 without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/home-entities', headers: { 'x-context': ACME_PRODUCT } });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});
