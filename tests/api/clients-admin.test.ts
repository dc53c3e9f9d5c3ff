import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPANY_ID_MAX } from '../../src/shared/rules/brands';
import { CLIENT_MESSAGES, LANGUAGES } from '../../src/shared/rules/clients';
import {
  adminClientConflictSchema,
  adminClientResponseSchema,
  adminClientsResponseSchema,
  adminRegionConflictSchema,
  adminRegionResponseSchema,
  adminRegionsResponseSchema,
  dashboardResponseSchema,
  languagesResponseSchema,
  regionInUseSchema,
  type AdminClient,
} from '../../src/shared/schemas/clients';
import { ERROR_CODES } from '../../src/shared/schemas/error';
import { hierarchyResponseSchema } from '../../src/shared/schemas/hierarchy';
import {
  auditLog,
  audiences,
  brands,
  clientRegions,
  clients,
  journeys,
  mekkos,
  products,
  regions,
  rolePermissions,
  roles,
  userHierarchyPermissions,
  userRoles,
  users,
} from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict, userId } from './support';

const CLIENT_ADMIN = 'clientadmin@acme.test';

describe('clients, regions, dashboard and languages', async () => {
  const { app, database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const [admin, analyst, clientAdmin, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, CLIENT_ADMIN), login(app, VIEWER)]);
  const regionId = async (slug: string) => (await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug)))[0]!.id;
  const [us, uk, ca] = await Promise.all([regionId('us'), regionId('uk'), regionId('ca')]);

  type Write = Omit<InjectOptions, 'headers'> & { key?: string };
  const send = (s: Session, { key, ...opts }: Write) => s.request({ ...opts, headers: { 'x-request-id': key ?? randomUUID() } });
  const createClient = (client: object, s = admin, key?: string) => send(s, { method: 'POST', url: '/api/clients', payload: { client }, key });
  const updateClient = (id: number, client: object, version: number, s = admin) => send(s, { method: 'PUT', url: `/api/clients/${id}`, payload: { client, version } });
  const clientOf = (res: { json(): unknown }) => strict(adminClientResponseSchema).parse(res.json()).data;
  const listClients = async (s = admin) => adminClientsResponseSchema.parse((await s.request({ method: 'GET', url: '/api/clients' })).json()).data;
  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Hooli',
    slug: 'hooli',
    conversant_company_id: 4242,
    language: 'en-GB',
    feature_flags: { grow: true, journey: true, pve: true },
    regions: [
      { region_id: us, currency: 'USD', is_default: false, market_level_only: false },
      { region_id: uk, currency: 'gbp', is_default: true, market_level_only: true },
    ],
    ...extra,
  });
  /** A client's fields as a PUT body, with changes. */
  const edit = (c: AdminClient, extra: Record<string, unknown> = {}) => ({
    name: c.name,
    slug: c.slug,
    conversant_company_id: c.conversant_company_id,
    language: c.language,
    feature_flags: c.feature_flags,
    active: c.active,
    regions: c.regions.map((r) => ({ region_id: r.region_id, currency: r.currency, is_default: r.is_default, market_level_only: r.market_level_only })),
    ...extra,
  });
  const tableCounts = async () => ({
    clients: (await db.select({ n: count() }).from(clients))[0]!.n,
    clientRegions: (await db.select({ n: count() }).from(clientRegions))[0]!.n,
    regions: (await db.select({ n: count() }).from(regions))[0]!.n,
  });

  it('lists languages for any signed-in user, and no one else', async () => {
    const res = await viewer.request({ method: 'GET', url: '/api/languages' });
    expect(res.statusCode).toBe(200);
    expect(strict(languagesResponseSchema).parse(res.json()).data).toEqual(LANGUAGES.map((l) => ({ value: l.value, text: l.text })));
    expect(res.json().data[0]).toEqual({ value: 'en-US', text: 'English (United States)' });
    expectError(await app.inject({ method: 'GET', url: '/api/languages' }), 401, ERROR_CODES.unauthenticated);
  });

  it('lists clients with their regions, currency, default and market-level flag', async () => {
    const list = await listClients();
    const acme = list.find((c) => c.slug === 'acme')!;
    expect(acme).toMatchObject({ name: 'Acme Corporation', conversant_company_id: 1001, language: 'en-US', active: true, version: 1 });
    expect(acme.regions.map((r) => [r.slug, r.currency, r.is_default])).toEqual([['au', 'AUD', false], ['uk', 'GBP', false], ['us', 'USD', true]]);
    expect(list.map((c) => c.slug)).toEqual(expect.arrayContaining(['acme', 'globex']));
  });

  it('refuses the analyst and the client admin every client, region and dashboard call', async () => {
    const before = await tableCounts();
    for (const s of [analyst, clientAdmin]) {
      expectError(await s.request({ method: 'GET', url: '/api/clients' }), 403, ERROR_CODES.forbidden);
      expectError(await s.request({ method: 'GET', url: '/api/regions' }), 403, ERROR_CODES.forbidden);
      expectError(await s.request({ method: 'GET', url: '/api/admin/dashboard' }), 403, ERROR_CODES.forbidden);
      expectError(await createClient(body({ slug: 'sneaky' }), s), 403, ERROR_CODES.forbidden);
      expectError(await updateClient(1, body(), 1, s), 403, ERROR_CODES.forbidden);
      expectError(await send(s, { method: 'POST', url: '/api/regions', payload: { region: { name: 'France', slug: 'fr' } } }), 403, ERROR_CODES.forbidden);
      expectError(await send(s, { method: 'PUT', url: `/api/regions/${us}`, payload: { region: { name: 'USA', slug: 'us' }, base: { name: 'United States', slug: 'us' } } }), 403, ERROR_CODES.forbidden);
    }
    expect(await tableCounts()).toEqual(before);
  });

  let hooli: AdminClient;

  it('creates a client with two regions, their index names and one audit entry; a resend changes nothing', async () => {
    const key = randomUUID();
    const res = await createClient(body(), admin, key);
    expect(res.statusCode, res.body).toBe(201);
    hooli = clientOf(res);
    expect(hooli).toMatchObject({ name: 'Hooli', slug: 'hooli', conversant_company_id: 4242, language: 'en-GB', feature_flags: { grow: true, journey: true, pve: true }, active: true, version: 1 });
    expect(hooli.regions.map((r) => [r.slug, r.currency, r.is_default, r.market_level_only])).toEqual([['uk', 'GBP', true, true], ['us', 'USD', false, false]]);
    const rows = await db.select().from(clientRegions).where(eq(clientRegions.clientId, hooli.id)).orderBy(asc(clientRegions.regionId));
    expect(rows.map((r) => [r.moleculaIndex, r.esIndex]).sort()).toEqual([['hooli_uk_people', 'hooli-uk-segments'], ['hooli_us_people', 'hooli-us-segments']]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.target, `client:${hooli.id}`));
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([['client.create', await userId(database, ADMIN)]]);

    const again = await createClient(body(), admin, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await db.select().from(clients).where(eq(clients.slug, 'hooli'))).length).toBe(1);

    // The hierarchy (context picker) has it at once.
    const tree = hierarchyResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/clients/hierarchy' })).json()).data;
    expect(tree.find((c) => c.slug === 'hooli')?.regions.map((r) => r.slug).sort()).toEqual(['uk', 'us']);
  });

  it('refuses every rule with its message under its field, and writes nothing', async () => {
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', CLIENT_MESSAGES.nameRequired],
      [{ slug: 'Bad Slug' }, 'slug', CLIENT_MESSAGES.slugFormat],
      [{ slug: '-hooli2' }, 'slug', CLIENT_MESSAGES.slugFormat],
      // Slugs X-Context (63 characters) and users' grants ('--') refuse: the client would be unreachable.
      [{ slug: 'hooli--two' }, 'slug', CLIENT_MESSAGES.slugFormat],
      [{ slug: 'h'.repeat(64) }, 'slug', CLIENT_MESSAGES.slugTooLong],
      [{ slug: '' }, 'slug', CLIENT_MESSAGES.slugRequired],
      [{ slug: 'global' }, 'slug', CLIENT_MESSAGES.slugReserved('global')],
      [{ slug: 'acme' }, 'slug', CLIENT_MESSAGES.clientSlugTaken('acme')],
      [{ conversant_company_id: 0 }, 'conversant_company_id', 'Please enter a valid ID'],
      [{ conversant_company_id: -5 }, 'conversant_company_id', 'Please enter a valid ID'],
      [{ conversant_company_id: 12.5 }, 'conversant_company_id', 'Please enter a valid ID'],
      [{ conversant_company_id: COMPANY_ID_MAX + 1 }, 'conversant_company_id', 'Please enter a valid ID'],
      [{ language: 'tlh-KL' }, 'language', CLIENT_MESSAGES.languageUnknown],
      [{ regions: [] }, 'regions', CLIENT_MESSAGES.regionsRequired],
      [{ regions: [{ region_id: us, currency: 'USD', is_default: true }, { region_id: uk, currency: 'GBP', is_default: true }] }, 'regions', CLIENT_MESSAGES.oneDefault],
      [{ regions: [{ region_id: us, currency: 'USD', is_default: false }] }, 'regions', CLIENT_MESSAGES.oneDefault],
      [{ regions: [{ region_id: us, currency: 'USD', is_default: true }, { region_id: 999_999, currency: 'USD', is_default: false }] }, 'regions.1.region_id', CLIENT_MESSAGES.regionUnknown(999_999)],
      [{ regions: [{ region_id: us, currency: 'USD', is_default: true }, { region_id: us, currency: 'USD', is_default: false }] }, 'regions.1.region_id', CLIENT_MESSAGES.regionRepeated('United States')],
      [{ regions: [{ region_id: us, currency: 'DOGE', is_default: true }] }, 'regions.0.currency', CLIENT_MESSAGES.currencyUnknown('DOGE')],
      [{ feature_flags: { teleport: true } }, 'feature_flags', CLIENT_MESSAGES.featureUnknown('teleport')],
    ];
    for (const [change, field, message] of cases) {
      const error = expectError(await createClient(body({ slug: 'hooli-two', ...change })), 422, ERROR_CODES.validation, message);
      expect(error.error.details, JSON.stringify(change)).toEqual({ fields: { [field]: message } });
    }
    // The payload's own shape: a company ID must be a number (the form's number input sends one).
    expectError(await createClient(body({ slug: 'hooli-two', conversant_company_id: '12e3' })), 400, ERROR_CODES.validation);
    expect(await tableCounts()).toEqual(before);
  });

  it('updates a client, its regions and its slug (grants follow), refusing a stale version with the current client', async () => {
    const viewerId = await userId(database, VIEWER);
    await db.insert(userHierarchyPermissions).values([{ userId: viewerId, slug: 'hooli' }, { userId: viewerId, slug: 'hooli/uk' }]);
    const res = await updateClient(hooli.id, edit(hooli, {
      name: 'Hooli Global',
      slug: 'hooli-global',
      regions: [
        { region_id: us, currency: 'USD', is_default: true, market_level_only: false },
        { region_id: uk, currency: 'EUR', is_default: false, market_level_only: false },
        { region_id: ca, currency: 'CAD', is_default: false },
      ],
    }), hooli.version);
    expect(res.statusCode, res.body).toBe(200);
    const updated = clientOf(res);
    expect(updated).toMatchObject({ name: 'Hooli Global', slug: 'hooli-global', version: 2 });
    expect(updated.regions.map((r) => [r.slug, r.currency, r.is_default, r.market_level_only])).toEqual([['ca', 'CAD', false, false], ['uk', 'EUR', false, false], ['us', 'USD', true, false]]);
    // Kept client regions keep their ids (and their data); the new one is named under the new slug.
    expect(updated.regions.find((r) => r.slug === 'uk')!.id).toBe(hooli.regions.find((r) => r.slug === 'uk')!.id);
    expect((await db.select().from(clientRegions).where(and(eq(clientRegions.clientId, hooli.id), eq(clientRegions.regionId, ca))))[0]!.moleculaIndex).toBe('hooli-global_ca_people');
    const grants = await db.select({ slug: userHierarchyPermissions.slug }).from(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, viewerId));
    expect(grants.map((g) => g.slug).sort()).toEqual(['globex', 'hooli-global', 'hooli-global/uk']);
    expect((await db.select().from(auditLog).where(eq(auditLog.target, `client:${hooli.id}`))).map((a) => a.action)).toEqual(['client.create', 'client.update']);

    const stale = await updateClient(hooli.id, edit(hooli, { name: 'Lost edit' }), hooli.version);
    const conflict = strict(adminClientConflictSchema).parse(stale.json());
    expect(stale.statusCode).toBe(409);
    expect(conflict.error.details.current).toEqual(updated);
    expect((await db.select({ name: clients.name }).from(clients).where(eq(clients.id, hooli.id)))[0]!.name).toBe('Hooli Global');

    // Removing a region nothing uses.
    const dropped = await updateClient(hooli.id, edit(updated, { regions: edit(updated).regions.filter((r) => r.region_id !== ca) }), updated.version);
    expect(dropped.statusCode, dropped.body).toBe(200);
    hooli = clientOf(dropped);
    expect(hooli.regions.map((r) => r.slug)).toEqual(['uk', 'us']);
  });

  it('refuses to remove a region the client has products or charts in, listing them (409 IN_USE)', async () => {
    const acme = (await listClients()).find((c) => c.slug === 'acme')!;
    const before = await db.select().from(clientRegions).where(eq(clientRegions.clientId, acme.id));
    const res = await updateClient(acme.id, edit(acme, { regions: edit(acme).regions.filter((r) => r.region_id !== uk) }), acme.version);
    expect(res.statusCode, res.body).toBe(409);
    const refusal = strict(regionInUseSchema).parse(res.json());
    expect(refusal.error.message).toMatch(/^United Kingdom cannot be removed from Acme Corporation while it is used by .*product 'Fizz Cola \/ Fizz Original'/);
    const uses = refusal.error.details.uses;
    expect(uses.every((u) => u.region === 'uk')).toBe(true);
    // Exactly the database's products of acme sold in uk, and its charts there.
    const sold = await db.select({ id: products.id }).from(products).innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(brands.clientId, acme.id), sql`exists (select 1 from product_regions pr where pr.product_id = ${products.id} and pr.region_id = ${uk})`));
    expect(uses.filter((u) => u.kind === 'product').map((u) => u.id).sort()).toEqual(sold.map((p) => p.id).sort());
    const charts = await db.select({ id: mekkos.id }).from(mekkos).where(and(eq(mekkos.clientId, acme.id), eq(mekkos.regionId, uk)));
    expect(uses.filter((u) => u.kind === 'chart').length).toBe(Math.min(charts.length, 50));
    expect(await db.select().from(clientRegions).where(eq(clientRegions.clientId, acme.id))).toEqual(before);
    expect((await db.select({ version: clients.version }).from(clients).where(eq(clients.id, acme.id)))[0]!.version).toBe(acme.version);
  });

  it('creates and renames regions: name and slug unique, slug rules, stale base refused, grants follow the slug', async () => {
    const created = await send(admin, { method: 'POST', url: '/api/regions', payload: { region: { name: ' France ', slug: 'fr' } } });
    expect(created.statusCode, created.body).toBe(201);
    const france = strict(adminRegionResponseSchema).parse(created.json()).data;
    expect(france).toMatchObject({ name: 'France', slug: 'fr', client_count: 0 });

    const refusals: [object, string, string][] = [
      [{ name: '', slug: 'de' }, 'name', CLIENT_MESSAGES.regionNameRequired],
      [{ name: 'united kingdom', slug: 'gb' }, 'name', CLIENT_MESSAGES.regionNameTaken('united kingdom')],
      [{ name: 'Germany', slug: 'uk' }, 'slug', CLIENT_MESSAGES.regionSlugTaken('uk')],
      [{ name: 'Germany', slug: 'DE' }, 'slug', CLIENT_MESSAGES.slugFormat],
    ];
    for (const [region, field, message] of refusals) {
      const error = expectError(await send(admin, { method: 'POST', url: '/api/regions', payload: { region } }), 422, ERROR_CODES.validation, message);
      expect(error.error.details).toEqual({ fields: { [field]: message } });
    }

    // A client region in France and a user who may see it: the grant follows the rename.
    await updateClient(hooli.id, edit(hooli, { regions: [...edit(hooli).regions, { region_id: france.id, currency: 'EUR', is_default: false }] }), hooli.version);
    const viewerId = await userId(database, VIEWER);
    await db.insert(userHierarchyPermissions).values({ userId: viewerId, slug: 'hooli-global/fr' });
    const renamed = await send(admin, { method: 'PUT', url: `/api/regions/${france.id}`, payload: { region: { name: 'République française', slug: 'fr-fr' }, base: { name: 'France', slug: 'fr' } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(strict(adminRegionResponseSchema).parse(renamed.json()).data).toEqual({ id: france.id, name: 'République française', slug: 'fr-fr', client_count: 1 });
    const grants = await db.select({ slug: userHierarchyPermissions.slug }).from(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, viewerId));
    expect(grants.map((g) => g.slug)).toContain('hooli-global/fr-fr');
    expect(grants.map((g) => g.slug)).not.toContain('hooli-global/fr');

    const stale = await send(admin, { method: 'PUT', url: `/api/regions/${france.id}`, payload: { region: { name: 'Gaul', slug: 'fr' }, base: { name: 'France', slug: 'fr' } } });
    expect(stale.statusCode).toBe(409);
    expect(strict(adminRegionConflictSchema).parse(stale.json()).error.details.current).toMatchObject({ name: 'République française', slug: 'fr-fr' });
    expectError(await send(admin, { method: 'PUT', url: '/api/regions/999999', payload: { region: { name: 'X', slug: 'x' }, base: { name: 'X', slug: 'x' } } }), 404, ERROR_CODES.notFound);

    const list = strict(adminRegionsResponseSchema).parse((await admin.request({ method: 'GET', url: '/api/regions' })).json()).data;
    expect(list.map((r) => r.slug)).toEqual(['au', 'ca', 'fr-fr', 'uk', 'us']);
    expect(list.find((r) => r.slug === 'us')!.client_count).toBe((await db.select({ n: count() }).from(clientRegions).where(eq(clientRegions.regionId, us)))[0]!.n);
    expect((await db.select().from(auditLog).where(eq(auditLog.target, `region:${france.id}`))).map((a) => a.action)).toEqual(['region.create', 'region.update']);
  });

  it('shows a user with clients read only the clients their grants reach; others are 404', async () => {
    const [role] = await db.insert(roles).values({ name: 'Client reader' }).returning();
    await db.insert(rolePermissions).values({ roleId: role!.id, resource: 'clients', canRead: true, canUpdate: true });
    const viewerId = await userId(database, VIEWER);
    await db.insert(userRoles).values({ userId: viewerId, roleId: role!.id });
    const seen = await listClients(viewer);
    expect(seen.map((c) => c.slug).sort()).toEqual(['globex', 'hooli-global']);
    const acme = (await listClients()).find((c) => c.slug === 'acme')!;
    expectError(await updateClient(acme.id, edit(acme, { name: 'Taken over' }), acme.version, viewer), 404, ERROR_CODES.notFound);
    const dash = dashboardResponseSchema.parse((await viewer.request({ method: 'GET', url: '/api/admin/dashboard' })).json()).data;
    expect(dash.map((c) => c.slug).sort()).toEqual(['globex', 'hooli-global']);
    await db.delete(userRoles).where(and(eq(userRoles.userId, viewerId), eq(userRoles.roleId, role!.id)));
  });

  it("shows per client the database's figures, its last activity and each region's data readiness", async () => {
    const res = await admin.request({ method: 'GET', url: '/api/admin/dashboard' });
    expect(res.statusCode, res.body).toBe(200);
    const dash = strict(dashboardResponseSchema).parse(res.json()).data;
    expect(dash.map((c) => c.slug)).toEqual((await db.select({ slug: clients.slug }).from(clients).orderBy(sql`lower(${clients.name})`)).map((c) => c.slug));
    for (const c of dash) {
      const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
      const clientUsers = db.select({ id: users.id }).from(users).innerJoin(userHierarchyPermissions, eq(userHierarchyPermissions.userId, users.id))
        .where(and(eq(users.active, true), or(eq(userHierarchyPermissions.slug, c.slug), like(userHierarchyPermissions.slug, `${c.slug}/%`))));
      const expected = {
        users: new Set((await clientUsers).map((u) => u.id)).size,
        brands: await n(db.select({ n: count() }).from(brands).where(eq(brands.clientId, c.id))),
        products: await n(db.select({ n: count() }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).where(eq(brands.clientId, c.id))),
        charts: await n(db.select({ n: count() }).from(mekkos).where(eq(mekkos.clientId, c.id))),
        journeys: await n(db.select({ n: count() }).from(journeys).where(eq(journeys.clientId, c.id))),
        audiences: await n(db.select({ n: count() }).from(audiences).where(eq(audiences.clientId, c.id))),
      };
      expect({ users: c.users, brands: c.brands, products: c.products, charts: c.charts, journeys: c.journeys, audiences: c.audiences }, c.slug).toEqual(expected);
    }
    const acme = dash.find((c) => c.slug === 'acme')!;
    expect(acme.brands).toBeGreaterThan(0);
    expect(acme.users).toBeGreaterThanOrEqual(2);
    // The test population is in acme/us and acme/uk; acme/au has none (demo data off).
    expect(Object.fromEntries(acme.regions.map((r) => [r.slug, r.state]))).toEqual({ au: 'absent', uk: 'ready', us: 'ready' });
    expect(acme.regions.find((r) => r.slug === 'us')!.people).toBeGreaterThan(0);
    // A client made after the engine started has no data anywhere.
    const made = dash.find((c) => c.id === hooli.id)!;
    expect(made.regions.map((r) => r.state)).toEqual(['none', 'none', 'none']);
    expect(made).toMatchObject({ brands: 0, products: 0, charts: 0, journeys: 0, audiences: 0 });
    // Its last activity is its newest audit entry.
    const [newest] = await db.select({ at: auditLog.at }).from(auditLog)
      .where(inArray(auditLog.target, [`client:${hooli.id}`])).orderBy(sql`${auditLog.at} desc`).limit(1);
    expect(made.last_activity).toBe(newest!.at.toISOString());
    // A write by one of acme's users is acme's latest activity.
    const before = acme.last_activity;
    await db.insert(auditLog).values({ actorUserId: await userId(database, ANALYST), action: 'test.touch', at: new Date(Date.now() + 60_000) });
    const after = dashboardResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/admin/dashboard' })).json()).data.find((c) => c.slug === 'acme')!;
    expect(after.last_activity).not.toBe(before);
    expect(Date.parse(after.last_activity!)).toBeGreaterThan(Date.now());
    // So is work done acting as one of its users (an admin's '*' names no client by itself).
    const actingAt = new Date(Date.now() + 120_000);
    await db.insert(auditLog).values({ actorUserId: await userId(database, ADMIN), actingAsUserId: await userId(database, VIEWER), action: 'test.touch', at: actingAt });
    const globex = dashboardResponseSchema.parse((await admin.request({ method: 'GET', url: '/api/admin/dashboard' })).json()).data.find((c) => c.slug === 'globex')!;
    expect(globex.last_activity).toBe(actingAt.toISOString());
  });
});
