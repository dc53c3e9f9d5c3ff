import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BRAND_TEXT, COMPANY_ID_MAX, SITE_VISIT_SLOTS } from '../../src/shared/rules/brands';
import {
  brandConflictSchema,
  brandInUseSchema,
  brandResponseSchema,
  brandsResponseSchema,
  brandValidationSchema,
  productsResponseSchema,
  type Brand,
} from '../../src/shared/schemas/brands';
import { hierarchyResponseSchema } from '../../src/shared/schemas/hierarchy';
import { segmentsPageSchema } from '../../src/shared/schemas/insights';
import { auditLog, brands, clients, comparisons, journeys, mekkos, productRegions, products, regions } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict } from './support';

const CLIENT_ADMIN = 'clientadmin@acme.test';

describe('brands and products API', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst, viewer, clientAdmin] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER), login(app, CLIENT_ADMIN)]);
  const regionId = async (slug: string) => {
    const [row] = await db.select({ id: regions.id }).from(regions).where(eq(regions.slug, slug));
    if (!row) throw new Error(`no region ${slug}`);
    return row.id;
  };
  const [us, uk, au, ca] = await Promise.all([regionId('us'), regionId('uk'), regionId('au'), regionId('ca')]);

  type Write = Omit<InjectOptions, 'headers'> & { context?: string; key?: string };
  const send = (s: Session, { key, context = 'acme', ...opts }: Write) => s.request({ ...opts, context, headers: { 'x-request-id': key ?? randomUUID() } });
  const create = (brand: object, s = admin, extra: Write = {}) => send(s, { method: 'POST', url: '/api/brands', payload: { brand }, ...extra });
  const update = (id: number, brand: object, version: number, s = admin, extra: Write = {}) =>
    send(s, { method: 'PUT', url: `/api/brands/${id}`, payload: { brand, version }, ...extra });
  const removeBrand = (id: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/brands/${id}`, ...extra });
  const removeProduct = (id: number, s = admin, extra: Write = {}) => send(s, { method: 'DELETE', url: `/api/products/${id}`, ...extra });
  const list = async (query = '', s = admin, context = 'acme') => {
    const res = await s.request({ method: 'GET', url: `/api/brands${query}`, context });
    expect(res.statusCode, res.body).toBe(200);
    return strict(brandsResponseSchema).parse(res.json()).data;
  };
  const brandOf = (res: { json(): unknown }) => strict(brandResponseSchema).parse(res.json()).data;
  const named = async (name: string, context = 'acme') => {
    const brand = (await list('', admin, context)).find((b) => b.name === name);
    if (!brand) throw new Error(`no brand ${name}`);
    return brand;
  };
  /** A PUT body from a brand as read, with changes. */
  const bodyOf = (brand: Brand, extra: Record<string, unknown> = {}) => ({
    name: brand.name,
    category: brand.category,
    conversant_company_id: brand.conversant_company_id,
    products_attributes: brand.products.map((p) => ({ id: p.id, name: p.name, conversant_company_id: p.conversant_company_id, region_ids: p.region_ids })),
    ...extra,
  });
  const fields = (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(422);
    const body = strict(brandValidationSchema).parse(res.json());
    expect(body.error.message).toBe(Object.values(body.error.details.fields)[0]);
    return body.error.details.fields;
  };
  const counts = async () => ({
    brands: (await db.select({ n: sql<number>`count(*)::int` }).from(brands))[0]?.n,
    products: (await db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n,
    productRegions: (await db.select({ n: sql<number>`count(*)::int` }).from(productRegions))[0]?.n,
  });
  const hierarchyBrands = async (s: Session = admin) => {
    const res = await s.request({ method: 'GET', url: '/api/clients/hierarchy' });
    expect(res.statusCode).toBe(200);
    const acme = hierarchyResponseSchema.parse(res.json()).data.find((c) => c.slug === 'acme');
    return (acme?.regions ?? []).flatMap((r) => r.brands.map((b) => `${r.slug}/${b.slug}:${b.products.map((p) => p.slug).join(',')}`));
  };
  const twoProducts = (extra: Record<string, unknown> = {}) => ({
    name: 'Bubbly Tea',
    category: 'Beverages',
    conversant_company_id: 123456,
    products_attributes: [
      { name: 'Bubbly Green', conversant_company_id: '777', region_ids: [us] },
      { name: 'Bubbly Black', conversant_company_id: null, region_ids: [uk, us], product_regions_attributes: [{ region_id: uk, id_env_product_slug: 'bubbly-black-uk' }] },
    ],
    ...extra,
  });

  it('lists the client’s brands by name with products, regions and the demo mapping; filters by region', async () => {
    const all = await list();
    const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
    const stored = await db.select({ name: brands.name }).from(brands).where(eq(brands.clientId, acme!.id));
    expect(all.map((b) => b.name)).toEqual(stored.map((b) => b.name).sort((a, b) => a.localeCompare(b, 'en-US', { sensitivity: 'base' })));
    expect(all.map((b) => b.name)).toEqual(expect.arrayContaining(['Crunchies', 'Fizz Cola', 'Mountain Spring']));
    const fizz = all.find((b) => b.name === 'Fizz Cola')!;
    expect(fizz).toMatchObject({ slug: 'fizz-cola', category: expect.any(String), version: 1 });
    expect(fizz.products.map((p) => [p.slug, p.region_ids.length])).toEqual([['fizz-original', 3], ['fizz-zero', 2]]);
    expect(fizz.products[0]!.product_regions.map((r) => r.region_id)).toEqual(fizz.products[0]!.region_ids);

    // The demo maps Fizz Cola's three slots to three live segments of acme/us.
    const mapping = fizz.site_visit_segment_mapping;
    expect(Object.keys(mapping ?? {})).toEqual([...SITE_VISIT_SLOTS]);
    // Fizz Cola's own site-visit groups of its buyer data (generator/buyers.ts), found by identifier.
    const res = await admin.request({ method: 'POST', url: '/api/segments/lookup', payload: { identifiers: SITE_VISIT_SLOTS.map((slot) => mapping?.[slot]?.identifier ?? '') }, context: 'acme/us' });
    expect(res.statusCode, res.body).toBe(200);
    const segments = (res.json() as { data: { identifier: string; name: string; deleted: boolean }[] }).data;
    expect(segments.filter((s) => !s.deleted)).toHaveLength(3);
    for (const slot of SITE_VISIT_SLOTS) {
      const ref = mapping?.[slot];
      expect(segments.find((s) => s.identifier === ref?.identifier)?.name, slot).toBe(ref?.name);
    }

    const inAu = all.filter((b) => b.products.some((p) => p.region_ids.includes(au)));
    expect(inAu.length).toBeLessThan(all.length);
    expect(await list('?region=au')).toEqual(inAu);
    expect(await list('?region=*')).toEqual(all);
    // Another brand's full product list is kept when filtered.
    expect((await list('?region=au')).find((b) => b.name === 'Fizz Cola')?.products).toHaveLength(2);
    expectError(await admin.request({ method: 'GET', url: '/api/brands?region=nowhere', context: 'acme' }), 404, 'NOT_FOUND', 'acme has no region nowhere.');

    const productsRes = await admin.request({ method: 'GET', url: '/api/products', context: 'acme' });
    expect(productsRes.statusCode).toBe(200);
    const items = strict(productsResponseSchema).parse(productsRes.json()).data;
    expect(items.map((p) => `${p.brand_name}/${p.name}`)).toEqual(all.flatMap((b) => b.products.map((p) => `${b.name}/${p.name}`)));
    expect(items.slice(0, 2).map((p) => `${p.brand_name}/${p.name}`)).toEqual(['Crunchies/Crunchies BBQ', 'Crunchies/Crunchies Classic']);
  });

  it('creates a brand with two products in two regions in one transaction, shown in the hierarchy at once', async () => {
    const before = await hierarchyBrands();
    const res = await create(twoProducts({ category: '  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const brand = brandOf(res);
    expect(brand).toMatchObject({ name: 'Bubbly Tea', slug: 'bubbly-tea', category: 'Other', conversant_company_id: 123456, site_visit_segment_mapping: null, version: 1 });
    expect(brand.products.map((p) => ({ name: p.name, slug: p.slug, id: p.conversant_company_id, regions: p.region_ids }))).toEqual([
      { name: 'Bubbly Black', slug: 'bubbly-black', id: null, regions: [us, uk].sort((a, b) => a - b) },
      { name: 'Bubbly Green', slug: 'bubbly-green', id: 777, regions: [us] },
    ]);
    expect(brand.products[0]!.product_regions.find((r) => r.region_id === uk)?.id_env_product_slug).toBe('bubbly-black-uk');
    expect(await list()).toContainEqual(brand);

    const after = await hierarchyBrands();
    expect(after.filter((x) => !before.includes(x)).sort()).toEqual(['uk/bubbly-tea:bubbly-black', 'us/bubbly-tea:bubbly-black,bubbly-green']);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'brand.create'), eq(auditLog.target, `brand:${brand.id}`)));
    expect(entry?.details).toMatchObject({ name: 'Bubbly Tea', products: expect.any(Array) });

    // A second brand with a name of the same slug gets a suffix; one with the same name is refused.
    const again = await create(twoProducts({ name: 'Bubbly-Tea!', products_attributes: [{ name: 'One', region_ids: [us] }] }));
    expect(again.statusCode, again.body).toBe(201);
    expect(brandOf(again).slug).toBe('bubbly-tea-2');
    expect(fields(await create(twoProducts({ name: ' bubbly TEA ' })))).toEqual({ name: BRAND_TEXT.brandExists });
  });

  it('answers every §5 rule with its message by field, writing nothing', async () => {
    const before = await counts();
    expect(fields(await create(twoProducts({ name: '  ' })))).toEqual({ name: BRAND_TEXT.brandNameRequired });
    for (const bad of ['1e3', '-5', 0, COMPANY_ID_MAX + 1, 'abc', 12.5, '+4']) {
      expect(fields(await create(twoProducts({ name: 'Valid', conversant_company_id: bad }))), String(bad)).toEqual({ conversant_company_id: BRAND_TEXT.invalidId });
    }
    expect(fields(await create({ name: 'Valid', products_attributes: [
      { name: '', region_ids: [us] },
      { name: 'Same', conversant_company_id: '1e5', region_ids: [] },
      { name: ' SAME ', region_ids: [ca] },
    ] }))).toEqual({
      'products.0.name': BRAND_TEXT.productNameRequired,
      'products.1.conversant_company_id': BRAND_TEXT.invalidId,
      'products.1.region_ids': BRAND_TEXT.regionRequired,
      'products.2.name': BRAND_TEXT.productExists,
      // Canada is a region, but not one of acme's.
      'products.2.region_ids': BRAND_TEXT.regionUnknown,
    });
    expect(fields(await create({ name: 'Valid', products_attributes: [] }))).toEqual({ products: BRAND_TEXT.lastProduct });
    expect(await counts()).toEqual(before);
    // The range's ends are IDs.
    expect((await create(twoProducts({ name: 'Max ID', conversant_company_id: String(COMPANY_ID_MAX) }))).statusCode).toBe(201);
    expect((await create(twoProducts({ name: 'Min ID', conversant_company_id: 1 }))).statusCode).toBe(201);
  });

  it('leaves nothing behind when the save fails half-way', async () => {
    const before = await counts();
    // The second product's insert fails after the brand and the first product are written.
    await db.execute(sql`create function test_refuse_product() returns trigger language plpgsql as $$
      begin if new.name = 'Explodes' then raise exception 'refused by the test'; end if; return new; end $$`);
    await db.execute(sql`create trigger test_refuse_product before insert on products for each row execute function test_refuse_product()`);
    try {
      const res = await create({ name: 'Half Way', products_attributes: [{ name: 'Fine', region_ids: [us] }, { name: 'Explodes', region_ids: [uk] }] });
      expectError(res, 500, 'INTERNAL');
    } finally {
      await db.execute(sql`drop trigger test_refuse_product on products`);
      await db.execute(sql`drop function test_refuse_product()`);
    }
    expect(await counts()).toEqual(before);
    expect(await db.select().from(brands).where(eq(brands.name, 'Half Way'))).toEqual([]);
  });

  it('updates a brand and its products, keeping slugs; a stale version is a 409 with the current brand', async () => {
    const made = brandOf(await create({ name: 'Renamed Soon', products_attributes: [{ name: 'First', region_ids: [us] }] }));
    const first = made.products[0]!;
    const key = randomUUID();
    const edit = bodyOf(made, {
      name: 'Renamed Now',
      category: 'Snacks',
      products_attributes: [
        { id: first.id, name: 'First Renamed', conversant_company_id: 42, region_ids: [us, au], product_regions_attributes: [{ region_id: au, id_env_product_slug: 'first-au' }] },
        { name: 'Second', region_ids: [uk] },
      ],
    });
    const res = await update(made.id, edit, made.version, admin, { key });
    expect(res.statusCode, res.body).toBe(200);
    const saved = brandOf(res);
    expect(saved).toMatchObject({ id: made.id, name: 'Renamed Now', slug: 'renamed-soon', category: 'Snacks', version: 2 });
    expect(saved.products.map((p) => [p.name, p.slug, p.conversant_company_id, p.region_ids, p.version])).toEqual([
      ['First Renamed', 'first', 42, [us, au].sort((a, b) => a - b), 2],
      ['Second', 'second', null, [uk], 1],
    ]);
    expect(saved.products[0]!.product_regions.find((r) => r.region_id === au)?.id_env_product_slug).toBe('first-au');

    // The same X-Request-ID again: the first answer, nothing changed.
    const replay = await update(made.id, edit, made.version, admin, { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(brandOf(replay)).toEqual(saved);
    expect((await named('Renamed Now')).products).toHaveLength(2);

    // Based on version 1 while it is at 2.
    const stale = await update(made.id, bodyOf(made, { name: 'Too Late' }), made.version);
    const conflict = strict(brandConflictSchema).parse(expectError(stale, 409, 'VERSION_CONFLICT', 'Someone else changed this brand since you opened it.'));
    expect(conflict.error.details.current).toEqual(saved);

    // A product listed under a name another (unlisted) product has is refused; unlisted products stay.
    const clash = await update(made.id, bodyOf(saved, { products_attributes: [{ name: 'second', region_ids: [us] }] }), saved.version);
    expect(fields(clash)).toEqual({ 'products.0.name': BRAND_TEXT.productExists });
    const onlyOne = await update(made.id, bodyOf(saved, { products_attributes: [{ id: first.id, name: 'First Again', region_ids: [us, au] }] }), saved.version);
    expect(onlyOne.statusCode, onlyOne.body).toBe(200);
    expect(brandOf(onlyOne).products.map((p) => p.name)).toEqual(['First Again', 'Second']);
    // A product of another brand is not this brand's.
    const fizz = await named('Fizz Cola');
    expectError(await update(made.id, bodyOf(brandOf(onlyOne), { products_attributes: [{ id: fizz.products[0]!.id, name: 'Stolen', region_ids: [us] }] }), 3), 404, 'NOT_FOUND');
  });

  it('writes id-environment product slugs only for callers with id_env_product_slugs read', async () => {
    const made = brandOf(await create({ name: 'Slugged', products_attributes: [{ name: 'P', region_ids: [us], product_regions_attributes: [{ region_id: us, id_env_product_slug: 'p-us' }] }] }));
    const product = made.products[0]!;
    expect(product.product_regions[0]?.id_env_product_slug).toBe('p-us');
    // The Client Admin has brands and products CRUD but not id_env_product_slugs: the slug sent is ignored and kept.
    const res = await update(made.id, bodyOf(made, { products_attributes: [{ id: product.id, name: 'P', region_ids: [us, uk], product_regions_attributes: [{ region_id: us, id_env_product_slug: 'changed' }, { region_id: uk, id_env_product_slug: 'p-uk' }] }] }), made.version, clientAdmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(brandOf(res).products[0]!.product_regions.map((r) => [r.region_id, r.id_env_product_slug])).toEqual([[us, 'p-us'], [uk, null]].sort((a, b) => Number(a[0]) - Number(b[0])));
    // The admin may clear it.
    const cleared = await update(made.id, bodyOf(brandOf(res), { products_attributes: [{ id: product.id, name: 'P', region_ids: [us, uk], product_regions_attributes: [{ region_id: us, id_env_product_slug: '' }] }] }), brandOf(res).version);
    expect(brandOf(cleared).products[0]!.product_regions.every((r) => r.id_env_product_slug === null)).toBe(true);
  });

  it('saves, clears and checks the site-visit segment mapping', async () => {
    const res = await admin.request({ method: 'GET', url: '/api/segments?region=us&per_page=10', context: 'acme' });
    const [a, b] = segmentsPageSchema.parse(res.json()).data;
    if (!a || !b) throw new Error('acme/us has no segments');
    const made = brandOf(await create({ name: 'Mapped', products_attributes: [{ name: 'P', region_ids: [us] }] }));
    const saved = await update(made.id, bodyOf(made, { site_visit_segment_mapping: {
      customer_site_visitors: { identifier: a.identifier, name: 'whatever the client says' },
      customer_site_non_visitors: null,
      non_customer_site_visitors: { identifier: b.identifier },
    } }), made.version);
    expect(saved.statusCode, saved.body).toBe(200);
    // The name stored is the catalogue's.
    expect(brandOf(saved).site_visit_segment_mapping).toEqual({
      customer_site_visitors: { identifier: a.identifier, name: a.name },
      non_customer_site_visitors: { identifier: b.identifier, name: b.name },
    });
    // Left out: kept.
    const kept = await update(made.id, bodyOf(brandOf(saved), { name: 'Mapped Still' }), 2);
    expect(brandOf(kept).site_visit_segment_mapping).toEqual(brandOf(saved).site_visit_segment_mapping);
    // Not a segment of acme.
    const unknown = await update(made.id, bodyOf(brandOf(kept), { site_visit_segment_mapping: { customer_site_non_visitors: { identifier: 'nobody-000000', name: 'x' } } }), 3);
    expect(fields(unknown)).toEqual({ 'site_visit_segment_mapping.customer_site_non_visitors': BRAND_TEXT.segmentUnknown });
    // All slots empty: null.
    const clearedRes = await update(made.id, bodyOf(brandOf(kept), { site_visit_segment_mapping: { customer_site_visitors: { identifier: ' ', name: '' } } }), 3);
    expect(brandOf(clearedRes).site_visit_segment_mapping).toBeNull();
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.target, `brand:${made.id}`)).orderBy(asc(auditLog.id)).offset(1).limit(1);
    expect(entry).toMatchObject({ action: 'brand.update', details: expect.objectContaining({ mapping: brandOf(saved).site_visit_segment_mapping }) });

    // Globex does not have site visitation.
    const roadster = await named('Globex Auto', 'globex');
    const refused = await update(roadster.id, bodyOf(roadster, { site_visit_segment_mapping: { customer_site_visitors: { identifier: a.identifier, name: a.name } } }), roadster.version, admin, { context: 'globex' });
    expectError(refused, 403, 'FORBIDDEN', 'Site visitation is not enabled for globex.');
  });

  it('refuses to delete what charts, journeys, personas and audiences use, listing them; deletes the rest', async () => {
    const fizz = await named('Fizz Cola');
    const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
    // The demo's journeys are written at start-up, not in the test template: one of Fizz Zero's in the UK.
    const [journey] = await db.insert(journeys).values({ clientId: acme!.id, productId: fizz.products[1]!.id, regionId: uk, name: 'Zero Path' }).returning();
    const [comparison] = await db.insert(comparisons).values({ clientId: acme!.id, productId: fizz.products[1]!.id, regionId: uk, name: 'Zero Overlap', members: [] }).returning();
    const refused = await removeBrand(fizz.id);
    const body = strict(brandInUseSchema).parse(expectError(refused, 409, 'IN_USE', /^Fizz Cola cannot be deleted while it is used by /));
    const kinds = new Set(body.error.details.uses.map((u) => u.kind));
    for (const kind of ['chart', 'journey', 'persona', 'audience', 'comparison', 'activation']) expect(kinds, kind).toContain(kind);
    const chart = body.error.details.uses.find((u) => u.kind === 'chart');
    const [row] = await db.select().from(mekkos).where(eq(mekkos.id, chart!.id));
    expect(chart).toMatchObject({ name: row?.name, product: 'Fizz Original', region: 'us' });
    expect(body.error.details.uses).toContainEqual({ kind: 'comparison', id: comparison!.id, name: 'Zero Overlap', product: 'Fizz Zero', region: 'uk' });
    expect(body.error.details.uses).toContainEqual({ kind: 'journey', id: journey!.id, name: 'Zero Path', product: 'Fizz Zero', region: 'uk' });
    expect((await named('Fizz Cola')).version).toBe(fizz.version);

    // A product that a chart uses.
    const made = brandOf(await create({ name: 'Charted', products_attributes: [{ name: 'Used', region_ids: [us, uk] }, { name: 'Unused', region_ids: [us] }] }));
    const [used, unused] = [made.products.find((p) => p.name === 'Used')!, made.products.find((p) => p.name === 'Unused')!];
    const [chartRow] = await db.insert(mekkos).values({ clientId: acme!.id, productId: used.id, regionId: uk, name: 'Charted Chart' }).returning();
    const productRefused = strict(brandInUseSchema).parse(expectError(await removeProduct(used.id), 409, 'IN_USE', "Used cannot be deleted while it is used by chart 'Charted Chart'."));
    expect(productRefused.error.details.uses).toEqual([{ kind: 'chart', id: chartRow!.id, name: 'Charted Chart', product: 'Used', region: 'uk' }]);
    expectError(await removeBrand(made.id), 409, 'IN_USE');

    // Removing the region the chart is in is refused; another region may go.
    const leaveUk = await update(made.id, bodyOf(made, { products_attributes: [{ id: used.id, name: 'Used', region_ids: [us] }] }), made.version);
    expectError(leaveUk, 409, 'IN_USE', "Used cannot be removed from United Kingdom while it is used there by chart 'Charted Chart'.");
    const leaveUs = await update(made.id, bodyOf(made, { products_attributes: [{ id: used.id, name: 'Used', region_ids: [uk] }] }), made.version);
    expect(leaveUs.statusCode, leaveUs.body).toBe(200);

    // Unused: deleted, the brand's version moves on and the hierarchy drops it at once.
    const gone = await removeProduct(unused.id);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(gone.body).toBe('');
    const after = await named('Charted');
    expect(after.products.map((p) => p.name)).toEqual(['Used']);
    expect(after.version).toBe(3);
    expect((await hierarchyBrands()).filter((x) => x.includes('/charted:'))).toEqual(['uk/charted:used']);
    // The last product cannot go, used or not.
    await db.delete(mekkos).where(eq(mekkos.id, chartRow!.id));
    expectError(await removeProduct(used.id), 422, 'VALIDATION_FAILED', BRAND_TEXT.lastProduct);

    // Nothing uses it now: the brand goes with its product, audited; deleting it again is 404.
    const deleted = await removeBrand(made.id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list()).find((b) => b.id === made.id)).toBeUndefined();
    expect((await hierarchyBrands()).filter((x) => x.includes('/charted:'))).toEqual([]);
    expect(await db.select().from(products).where(eq(products.id, used.id))).toEqual([]);
    expect((await db.select().from(auditLog).where(like(auditLog.action, '%.delete')).orderBy(asc(auditLog.id))).map((a) => [a.action, a.target])).toEqual(
      expect.arrayContaining([['product.delete', `product:${unused.id}`], ['brand.delete', `brand:${made.id}`]]),
    );
    expectError(await removeBrand(made.id), 404, 'NOT_FOUND');
  });

  it('checks every region a save takes from its products, each against what uses that product there', async () => {
    const made = brandOf(await create({ name: 'Two Leave', products_attributes: [{ name: 'L1', region_ids: [us, uk] }, { name: 'L2', region_ids: [us, uk] }] }));
    const [l1, l2] = [made.products.find((p) => p.name === 'L1')!, made.products.find((p) => p.name === 'L2')!];
    const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
    const [chart] = await db.insert(mekkos).values({ clientId: acme!.id, productId: l2.id, regionId: uk, name: 'L2 Chart' }).returning();
    const analystId = (await db.execute(sql`select id from users where email = ${ANALYST}`)) as unknown as { rows: { id: number }[] };
    await db.execute(sql`insert into user_hierarchy_permissions (user_id, slug) values (${analystId.rows[0]!.id}, 'acme/us/two-leave/l1')`);
    const leave = (l1Regions: number[], l2Regions: number[]) =>
      update(made.id, bodyOf(made, { products_attributes: [{ id: l1.id, name: 'L1', region_ids: l1Regions }, { id: l2.id, name: 'L2', region_ids: l2Regions }] }), made.version);

    // Both leave the UK: L1 has nothing there, L2's chart is; only L2's use is listed.
    const bothUk = strict(brandInUseSchema).parse(expectError(await leave([us], [us]), 409, 'IN_USE', "L2 cannot be removed from United Kingdom while it is used there by chart 'L2 Chart'."));
    expect(bothUk.error.details.uses).toEqual([{ kind: 'chart', id: chart!.id, name: 'L2 Chart', product: 'L2', region: 'uk' }]);
    // L1 leaves the US, where a user's grant names it; L2's chart in the UK is not in the way.
    const l1Us = strict(brandInUseSchema).parse(expectError(await leave([uk], [us, uk]), 409, 'IN_USE', /^L1 cannot be removed from United States while it is used there by user permission /));
    expect(l1Us.error.details.uses).toEqual([{ kind: 'user', id: analystId.rows[0]!.id, name: ANALYST, product: 'L1', region: 'us' }]);
    expect((await named('Two Leave')).version).toBe(made.version);
    // L1 leaves the UK and L2 the US: nothing uses either there.
    const fine = await leave([us], [uk]);
    expect(fine.statusCode, fine.body).toBe(200);
    expect(brandOf(fine).products.map((p) => [p.name, p.region_ids])).toEqual([['L1', [us]], ['L2', [uk]]]);
  });

  it('lists users whose hierarchy permissions name a product among its uses', async () => {
    const made = brandOf(await create({ name: 'Granted', products_attributes: [{ name: 'G1', region_ids: [us] }, { name: 'G2', region_ids: [us] }] }));
    const analystId = (await db.execute(sql`select id from users where email = ${ANALYST}`)) as unknown as { rows: { id: number }[] };
    await db.execute(sql`insert into user_hierarchy_permissions (user_id, slug) values (${analystId.rows[0]!.id}, 'acme/us/granted/g1')`);
    const res = strict(brandInUseSchema).parse(expectError(await removeProduct(made.products[0]!.id), 409, 'IN_USE'));
    expect(res.error.details.uses).toEqual([{ kind: 'user', id: analystId.rows[0]!.id, name: ANALYST, product: 'G1', region: 'us' }]);
    expect((await removeProduct(made.products[1]!.id)).statusCode).toBe(204);
  });

  it('keeps clients apart: another client’s brands are not found, its X-Context is refused', async () => {
    const globexBrand = await named('Globex Auto', 'globex');
    for (const s of [clientAdmin, admin]) {
      // With X-Context acme, globex's brand and product do not exist.
      expectError(await update(globexBrand.id, bodyOf(globexBrand, { name: 'Hijacked' }), globexBrand.version, s), 404, 'NOT_FOUND');
      expectError(await removeBrand(globexBrand.id, s), 404, 'NOT_FOUND');
      expectError(await removeProduct(globexBrand.products[0]!.id, s), 404, 'NOT_FOUND');
      expect((await list('', s)).map((b) => b.client_id)).not.toContain(globexBrand.client_id);
    }
    // An acme administrator cannot name globex in X-Context at all.
    expectError(await clientAdmin.request({ method: 'GET', url: '/api/brands', context: 'globex' }), 403, 'CONTEXT_FORBIDDEN');
    expectError(await create(twoProducts({ name: 'Elsewhere' }), clientAdmin, { context: 'globex' }), 403, 'CONTEXT_FORBIDDEN');
    // A body naming another client is refused.
    expectError(await create(twoProducts({ name: 'Body Client', client_id: globexBrand.client_id }), admin), 403, 'FORBIDDEN');
    expect((await named('Globex Auto', 'globex')).name).toBe('Globex Auto');
  });

  it('refuses callers without the permission', async () => {
    const fizz = await named('Fizz Cola');
    // The analyst and the viewer have no brand permissions at all.
    for (const s of [analyst, viewer]) {
      const context = s === viewer ? 'globex' : 'acme';
      expectError(await s.request({ method: 'GET', url: '/api/brands', context }), 403, 'FORBIDDEN');
      expectError(await s.request({ method: 'GET', url: '/api/products', context }), 403, 'FORBIDDEN');
      expectError(await create(twoProducts({ name: 'Nope' }), s, { context }), 403, 'FORBIDDEN');
    }
    expectError(await update(fizz.id, bodyOf(fizz), fizz.version, analyst), 403, 'FORBIDDEN');
    expectError(await removeBrand(fizz.id, analyst), 403, 'FORBIDDEN');
    expectError(await removeProduct(fizz.products[1]!.id, analyst), 403, 'FORBIDDEN');
    // The Client Admin manages acme's brands.
    const made = await create({ name: 'Client Made', products_attributes: [{ name: 'CM', region_ids: [au] }] }, clientAdmin);
    expect(made.statusCode, made.body).toBe(201);
    expect((await removeBrand(brandOf(made).id, clientAdmin)).statusCode).toBe(204);
    // Without X-Request-ID a write is refused before anything is done.
    const noKey = await clientAdmin.request({ method: 'POST', url: '/api/brands', context: 'acme', payload: { brand: twoProducts({ name: 'No Key' }) } });
    expectError(noKey, 400, 'REQUEST_ID_REQUIRED');
  });
});
