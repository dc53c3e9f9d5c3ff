import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hierarchyResponseSchema } from '../../src/shared/schemas/hierarchy';
import { brands, clients, productRegions, products, regions, userHierarchyPermissions } from '../../src/server/db/schema';
import { ANALYST, buildTestApp, login } from './helper';
import { userId } from './support';

describe('hierarchy cache', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const analyst = await login(app, ANALYST);
  const tree = async () => {
    const res = await analyst.request({ method: 'GET', url: '/api/clients/hierarchy' });
    expect(res.statusCode).toBe(200);
    return hierarchyResponseSchema.parse(res.json()).data;
  };
  const ukBrands = async () =>
    (await tree()).find((c) => c.slug === 'acme')?.regions.find((r) => r.slug === 'uk')?.brands.map((b) => b.slug) ?? [];

  it('shows a product added after the first read (the cache is invalidated by the write)', async () => {
    expect(await ukBrands()).not.toContain('mountain-spring');
    const [acme] = await db.select().from(clients).where(eq(clients.slug, 'acme'));
    const [brand] = await db.select().from(brands).where(and(eq(brands.clientId, acme!.id), eq(brands.slug, 'mountain-spring')));
    const [still] = await db.select().from(products).where(and(eq(products.brandId, brand!.id), eq(products.slug, 'still-water')));
    const [uk] = await db.select().from(regions).where(eq(regions.slug, 'uk'));
    await db.insert(productRegions).values({ productId: still!.id, regionId: uk!.id });
    expect(await ukBrands()).toContain('mountain-spring');
  });

  it('reflects a renamed client and a deactivated client at once', async () => {
    await db.update(clients).set({ name: 'Acme Worldwide' }).where(eq(clients.slug, 'acme'));
    expect((await tree()).find((c) => c.slug === 'acme')?.name).toBe('Acme Worldwide');
    await db.update(clients).set({ active: false }).where(eq(clients.slug, 'acme'));
    expect((await tree()).find((c) => c.slug === 'acme')?.active).toBe(false);
    const res = await analyst.request({ method: 'GET', url: '/api/notifications', context: 'acme' });
    expect(res.statusCode).toBe(403);
    await db.update(clients).set({ active: true }).where(eq(clients.slug, 'acme'));
  });

  it('narrows at once when the user loses a grant', async () => {
    const id = await userId(database, ANALYST);
    await db.delete(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, id));
    expect(await tree()).toEqual([]);
    await db.insert(userHierarchyPermissions).values({ userId: id, slug: 'acme/uk' });
    const again = await tree();
    expect(again.map((c) => c.slug)).toEqual(['acme']);
    expect(again[0]?.regions.map((r) => r.slug)).toEqual(['uk']);
  });
});
