import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { tabsConfigurationResponseSchema, tvCountSettingsResponseSchema } from '../../src/shared/schemas/grow';
import { clientRegions, mekkos, rolePermissions, roles, tvCountSettings } from '../../src/server/db/schema';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login, type Session } from './helper';
import { expectError, strict } from './support';
import { clientRegionIdOf } from './population';

const AU_PRODUCT = 'acme/au/fizz-cola/fizz-original';
const INITECH_PRODUCT = 'initech/us/red-stapler/stapler';

describe('Grow settings: TV count settings and the tabs configuration', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const db = database.db;
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const chartId = async (name: string) => {
    const [row] = await db.select({ id: mekkos.id }).from(mekkos).where(eq(mekkos.name, name));
    if (!row) throw new Error(`no chart ${name}`);
    return row.id;
  };
  const map = await chartId('Fizz Original Market Map');
  const zero = await chartId('Fizz Zero Launch');

  /** Takes mekkos read away from the viewer's role for the duration of `work`. */
  const withoutMekkosRead = async (work: () => Promise<void>) => {
    const [viewerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
    const where = and(eq(rolePermissions.roleId, Number(viewerRole?.id)), eq(rolePermissions.resource, 'mekkos'));
    await db.update(rolePermissions).set({ canRead: false }).where(where);
    try {
      await work();
    } finally {
      await db.update(rolePermissions).set({ canRead: true }).where(where);
    }
  };

  describe('GET /api/tv-count-settings', () => {
    const settings = (context: string, s: Session = admin) => s.request({ method: 'GET', url: '/api/tv-count-settings', context });
    const dataOf = (res: { json(): unknown }) => strict(tvCountSettingsResponseSchema).parse(res.json()).data;

    it("answers the context client region's settings, or null when it has none", async () => {
      const us = await settings('acme/us', analyst);
      expect(us.statusCode, us.body).toBe(200);
      expect(dataOf(us)).toEqual({ minimum: 50, maximum: 2_000_000, n_pids: 12_000, const: 1 });
      expect(dataOf(await settings('acme/au'))).toMatchObject({ minimum: 210 });
      // A deeper X-Context names the same region.
      expect(dataOf(await settings(ACME_PRODUCT))).toEqual(dataOf(us));
      expect(dataOf(await settings('acme/uk'))).toBeNull();
      expect(dataOf(await settings('globex/us', viewer))).toBeNull();
    });

    it('follows a change to the settings at once', async () => {
      const clientRegionId = await clientRegionIdOf(db, 'acme', 'uk');
      await db.insert(tvCountSettings).values({ clientRegionId, minimum: 75, maximum: 900_000, nPids: 8_000, constant: 1.25 });
      expect(dataOf(await settings('acme/uk'))).toEqual({ minimum: 75, maximum: 900_000, n_pids: 8_000, const: 1.25 });
    });

    it('needs the Grow feature, mekkos read, a region X-Context within reach and a session', async () => {
      expectError(await settings('initech/us'), 403, 'FORBIDDEN', 'Grow is not enabled for initech.');
      await withoutMekkosRead(async () => {
        expectError(await settings('globex/us', viewer), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (mekkos: read)`);
      });
      expectError(await settings('acme', admin), 400, 'BAD_REQUEST');
      expectError(await settings('globex/us', analyst), 403, 'CONTEXT_FORBIDDEN');
      expectError(await app.inject({ method: 'GET', url: '/api/tv-count-settings', headers: { 'x-context': 'acme/us' } }), 401, 'UNAUTHENTICATED');
    });
  });

  describe('GET /api/tabs-configuration', () => {
    const tabs = (query: string, context = ACME_PRODUCT, s: Session = admin) => s.request({ method: 'GET', url: `/api/tabs-configuration${query}`, context });
    const dataOf = (res: { json(): unknown }) => strict(tabsConfigurationResponseSchema).parse(res.json()).data;
    const person = (visible: boolean, excluded: string[]) => ({ name: 'Person Level', visible, tab_key: 'top_level_person', excluded_regions: excluded });
    const market = { name: 'Market Level', visible: true, tab_key: 'top_level_market', excluded_regions: [] };

    it('gives Person Level and Market Level, naming the market-level-only regions of the client', async () => {
      const res = await tabs(`?resource_id=${map}&resource_type=Mekko&insights_context=grow`, ACME_PRODUCT, analyst);
      expect(res.statusCode, res.body).toBe(200);
      expect(dataOf(res)).toEqual([person(true, ['au']), market]);
      // resource_type and insights_context have their only values by default; resource_id is optional.
      expect(dataOf(await tabs(''))).toEqual([person(true, ['au']), market]);
    });

    it('hides Person Level in a market-level-only region (acme/au)', async () => {
      expect(dataOf(await tabs('?insights_context=grow', AU_PRODUCT))).toEqual([person(false, ['au']), market]);
    });

    it('narrows the list to a tab_key', async () => {
      expect(dataOf(await tabs(`?resource_id=${map}&insights_context=grow&tab_key=top_level_person`))).toEqual([person(true, ['au'])]);
      expect(dataOf(await tabs('?tab_key=top_level_market'))).toEqual([market]);
      expect(dataOf(await tabs('?tab_key=something_else'))).toEqual([]);
    });

    it('follows the client regions: another client has its own list', async () => {
      expect(dataOf(await tabs('', GLOBEX_PRODUCT, viewer))).toEqual([person(true, []), market]);
      const ukId = await clientRegionIdOf(db, 'acme', 'uk');
      await db.update(clientRegions).set({ marketLevelOnly: true }).where(eq(clientRegions.id, ukId));
      try {
        expect(dataOf(await tabs(''))).toEqual([person(true, ['au', 'uk']), market]);
        expect(dataOf(await tabs('', 'acme/uk/fizz-cola/fizz-original'))).toEqual([person(false, ['au', 'uk']), market]);
      } finally {
        await db.update(clientRegions).set({ marketLevelOnly: false }).where(eq(clientRegions.id, ukId));
      }
    });

    it('answers 404 for a resource_id that is not a chart of the X-Context product and region', async () => {
      expectError(await tabs(`?resource_id=${zero}`), 404, 'NOT_FOUND', `There is no Grow chart ${zero} in this product and region: it may have been deleted.`);
      expectError(await tabs(`?resource_id=${map}`, 'acme/uk/fizz-cola/fizz-original'), 404, 'NOT_FOUND');
      expectError(await tabs(`?resource_id=${map}`, GLOBEX_PRODUCT), 404, 'NOT_FOUND', `There is no Grow chart ${map} in this product and region: it may have been deleted.`);
      expectError(await tabs('?resource_id=2000000000'), 404, 'NOT_FOUND');
    });

    it('refuses a malformed query with 400 naming the parameter', async () => {
      expectError(await tabs('?resource_type=Journey'), 400, 'VALIDATION_FAILED', /^querystring\.resource_type: /);
      expectError(await tabs('?insights_context=explore'), 400, 'VALIDATION_FAILED', /^querystring\.insights_context: /);
      expectError(await tabs('?resource_id=abc'), 400, 'VALIDATION_FAILED', /^querystring\.resource_id: /);
      expectError(await tabs(`?tab_key=${'x'.repeat(101)}`), 400, 'VALIDATION_FAILED', /^querystring\.tab_key: /);
    });

    it('needs the Grow feature, mekkos read, a product X-Context and a session', async () => {
      expectError(await tabs('', INITECH_PRODUCT), 403, 'FORBIDDEN', 'Grow is not enabled for initech.');
      await withoutMekkosRead(async () => {
        expectError(await tabs('', GLOBEX_PRODUCT, viewer), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (mekkos: read)`);
      });
      expectError(await tabs('', 'acme/us'), 400, 'BAD_REQUEST');
      expectError(await app.inject({ method: 'GET', url: '/api/tabs-configuration', headers: { 'x-context': ACME_PRODUCT } }), 401, 'UNAUTHENTICATED');
    });
  });
});
