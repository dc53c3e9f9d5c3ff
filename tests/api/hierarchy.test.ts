import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hierarchyResponseSchema, type Hierarchy } from '../../src/shared/schemas/hierarchy';
import { DEMO_CLIENTS } from '../../src/server/db/demo-tenant';
import { userHierarchyPermissions } from '../../src/server/db/schema';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, userId, strict } from './support';

/** client -> region -> brand -> product slugs, as the demo tenant defines them. */
function expectedTree(clientSlugs: string[]) {
  return DEMO_CLIENTS.filter((c) => clientSlugs.includes(c.slug)).map((c) => ({
    slug: c.slug,
    regions: c.regions.map((r) => ({
      slug: r.slug,
      brands: c.brands
        .filter((b) => b.products.some((p) => p.regions.includes(r.slug)))
        .map((b) => ({ slug: b.slug, products: b.products.filter((p) => p.regions.includes(r.slug)).map((p) => p.slug).sort() }))
        .sort((a, b) => a.slug.localeCompare(b.slug)),
    })).sort((a, b) => a.slug.localeCompare(b.slug)),
  })).sort((a, b) => a.slug.localeCompare(b.slug));
}

function slugTree(h: Hierarchy) {
  return h.map((c) => ({
    slug: c.slug,
    regions: c.regions.map((r) => ({
      slug: r.slug,
      brands: r.brands.map((b) => ({ slug: b.slug, products: b.products.map((p) => p.slug).sort() })).sort((a, b) => a.slug.localeCompare(b.slug)),
    })).sort((a, b) => a.slug.localeCompare(b.slug)),
  })).sort((a, b) => a.slug.localeCompare(b.slug));
}

async function hierarchyOf(s: Session): Promise<Hierarchy> {
  const res = await s.request({ method: 'GET', url: '/api/clients/hierarchy' });
  expect(res.statusCode).toBe(200);
  // The exact shape of the shared contract, with no extra fields anywhere.
  const strictSchema = strict(hierarchyResponseSchema);
  const parsed = strictSchema.parse(res.json());
  expect(parsed).toEqual(res.json());
  return parsed.data;
}

describe('GET /api/clients/hierarchy', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);

  it('shows the analyst only acme, with its regions, brands and products', async () => {
    const h = await hierarchyOf(analyst);
    expect(h.map((c) => c.slug)).toEqual(['acme']);
    expect(slugTree(h)).toEqual(expectedTree(['acme']));
  });

  it('shows the viewer only globex', async () => {
    const h = await hierarchyOf(viewer);
    expect(h.map((c) => c.slug)).toEqual(['globex']);
    expect(slugTree(h)).toEqual(expectedTree(['globex']));
  });

  it('shows the admin acme, globex and initech; initech/ca has no brands', async () => {
    const h = await hierarchyOf(admin);
    expect(h.map((c) => c.slug).sort()).toEqual(['acme', 'globex', 'initech']);
    expect(slugTree(h)).toEqual(expectedTree(['acme', 'globex', 'initech']));
    const ca = h.find((c) => c.slug === 'initech')?.regions.find((r) => r.slug === 'ca');
    expect(ca).toBeDefined();
    expect(ca?.brands).toEqual([]);
  });

  it('lists in a region only the brands with a product in that region', async () => {
    const acme = (await hierarchyOf(analyst))[0];
    const au = acme?.regions.find((r) => r.slug === 'au');
    expect(au?.brands.map((b) => b.slug).sort()).toEqual(['fizz-cola', 'glow', 'mountain-spring', 'nutty-bar']);
    const uk = acme?.regions.find((r) => r.slug === 'uk');
    expect(uk?.brands.map((b) => b.slug).sort()).toEqual(['crunchies', 'fizz-cola', 'glow']);
    expect(uk?.brands.find((b) => b.slug === 'fizz-cola')?.products.map((p) => p.slug).sort()).toEqual(['fizz-original', 'fizz-zero']);
    expect(uk?.brands.find((b) => b.slug === 'crunchies')?.products.map((p) => p.slug)).toEqual(['classic']);
  });

  it('orders brands by category, then name', async () => {
    for (const client of await hierarchyOf(admin)) {
      for (const region of client.regions) {
        const keys = region.brands.map((b) => [b.category, b.name] as const);
        const sorted = [...keys].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
        expect(keys).toEqual(sorted);
      }
    }
  });

  it('carries feature flags, region settings and full product slugs', async () => {
    const h = await hierarchyOf(admin);
    for (const demo of DEMO_CLIENTS) {
      const client = h.find((c) => c.slug === demo.slug);
      expect(client?.feature_flags).toEqual(demo.featureFlags);
      expect(client?.name).toBe(demo.name);
      expect(client?.conversant_company_id).toBe(demo.conversantCompanyId);
      expect(client?.lite).toBe(demo.lite ?? false);
      expect(client?.active).toBe(true);
      for (const r of demo.regions) {
        const region = client?.regions.find((x) => x.slug === r.slug);
        expect(region?.currency).toBe(r.currency);
        expect(region?.is_default).toBe(r.isDefault ?? false);
      }
      for (const region of client?.regions ?? []) {
        for (const brand of region.brands) {
          for (const p of brand.products) expect(p.fullSlug).toBe(`${demo.slug}/${region.slug}/${brand.slug}/${p.slug}`);
        }
      }
    }
    expect(h.find((c) => c.slug === 'acme')?.feature_flags.explore).toBe(true);
    expect(h.find((c) => c.slug === 'globex')?.feature_flags.overlap).toBeUndefined();
  });

  it('narrows to a region or a brand when the user is granted only that', async () => {
    const id = await userId(database, ANALYST);
    const grant = async (slugs: string[]) => {
      await database.db.delete(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, id));
      if (slugs.length) await database.db.insert(userHierarchyPermissions).values(slugs.map((slug) => ({ userId: id, slug })));
    };
    try {
      await grant(['acme/uk']);
      let h = await hierarchyOf(analyst);
      expect(h.map((c) => c.slug)).toEqual(['acme']);
      expect(h[0]?.regions.map((r) => r.slug)).toEqual(['uk']);

      await grant(['acme/uk/glow', 'globex/us/globex-auto/roadster']);
      h = await hierarchyOf(analyst);
      expect(slugTree(h)).toEqual([
        { slug: 'acme', regions: [{ slug: 'uk', brands: [{ slug: 'glow', products: ['shampoo'] }] }] },
        { slug: 'globex', regions: [{ slug: 'us', brands: [{ slug: 'globex-auto', products: ['roadster'] }] }] },
      ]);

      // A prefix that only looks alike grants nothing.
      await grant(['acm']);
      expect(await hierarchyOf(analyst)).toEqual([]);
      await grant(['acme/u']);
      expect((await hierarchyOf(analyst)).flatMap((c) => c.regions)).toEqual([]);

      await grant([]);
      expect(await hierarchyOf(analyst)).toEqual([]);
    } finally {
      await grant(['acme']);
    }
    expect((await hierarchyOf(analyst)).map((c) => c.slug)).toEqual(['acme']);
  });

  it('is 401 with refresh_login without a session', async () => {
    const body = expectError(await app.inject({ method: 'GET', url: '/api/clients/hierarchy' }), 401, 'UNAUTHENTICATED');
    expect(body.refresh_login).toBe(true);
  });
});
