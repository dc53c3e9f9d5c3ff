import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { clients } from '../../src/server/db/schema';
import { ACME_PRODUCT, ADMIN, ANALYST, GLOBEX_PRODUCT, VIEWER, buildTestApp, login } from './helper';
import { expectError } from './support';

describe('X-Context tenancy', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);

  /** One route per context depth the API uses (optional, client and product), and the journey ones (issue 17). */
  const routes = [
    { url: '/api/clients/hierarchy', depth: 'optional' },
    { url: '/api/auth/self.json', depth: 'optional' },
    { url: '/api/notifications', depth: 'client' },
    { url: '/api/toolbox/units/type/all/client/globex', depth: 'client' },
    { url: '/api/home-entities', depth: 'product' },
    { url: '/api/discussion-cluster-nodes', depth: 'client' },
    { url: '/api/journeys', depth: 'product' },
  ] as const;

  const foreign = ['globex', 'globex/us', GLOBEX_PRODUCT, 'initech/us/red-stapler/stapler', 'nope/us/fizz-cola/fizz-original'];
  for (const { url, depth } of routes) {
    // A product route refuses a shorter context with 400 before looking it up.
    const contexts = foreign.filter((c) => depth !== 'product' || c.split('/').length === 4);
    it.each(contexts)(`refuses the analyst X-Context %s on GET ${url} with 403 and no data`, async (context) => {
      const res = await analyst.request({ method: 'GET', url, context });
      expectError(res, 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
      expect(res.body).not.toContain('Globex');
      expect(res.body).not.toContain('Roadster');
    });
  }

  it.each([
    ['acme/uk/brand-not-there/fizz-original'],
    ['acme/uk/brand-not-there'],
    ['acme/nz'],
    ['acme/us/fizz-cola/no-such-product'],
    // The brand exists, but has no product in the UK.
    ['acme/uk/mountain-spring/still-water'],
    // The product exists, but is not sold in the UK.
    ['acme/uk/fizz-cola/sparkling-water'],
    ['acme/uk/fizz-cola/still-water'],
  ])('refuses an X-Context %s that is not in the hierarchy with 403', async (context) => {
    const url = context.split('/').length === 4 ? '/api/home-entities' : '/api/notifications';
    expectError(await analyst.request({ method: 'GET', url, context }), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
  });

  it.each([
    ['ACME'],
    ['acme us'],
    ['acme//us'],
    ['acme/us/fizz-cola/fizz-original/extra'],
    ['../globex'],
    ['acme/us/fizz%20cola'],
    ['-acme'],
  ])('answers a malformed X-Context %j with 400', async (context) => {
    const res = await analyst.request({ method: 'GET', url: '/api/clients/hierarchy', context });
    expectError(res, 400, 'BAD_REQUEST', /is not a client\/region\/brand\/product slug path/);
  });

  it('accepts surrounding slashes in X-Context', async () => {
    expect((await analyst.request({ method: 'GET', url: '/api/notifications', context: `/${ACME_PRODUCT}/` })).statusCode).toBe(200);
  });

  it('answers a missing X-Context on a scoped route with 400', async () => {
    expectError(await analyst.request({ method: 'GET', url: '/api/notifications' }), 400, 'BAD_REQUEST',
      'This request needs an X-Context header naming client/region/brand/product.');
  });

  it('answers a too-short X-Context on a product route with 400', async () => {
    expectError(await analyst.request({ method: 'GET', url: '/api/home-entities', context: 'acme/us' }), 400, 'BAD_REQUEST',
      'This request needs an X-Context with 4 levels; "acme/us" has 2.');
  });

  it("accepts each user's own contexts", async () => {
    for (const [s, ctx] of [[analyst, ACME_PRODUCT], [viewer, GLOBEX_PRODUCT], [admin, ACME_PRODUCT], [admin, GLOBEX_PRODUCT]] as const) {
      for (const context of [ctx.split('/')[0] as string, ctx.split('/').slice(0, 2).join('/'), ctx]) {
        const res = await s.request({ method: 'GET', url: '/api/clients/hierarchy', context });
        expect(res.statusCode, `${context}: ${res.body}`).toBe(200);
      }
    }
  });

  it('refuses the viewer an acme context, and the admin an unknown one', async () => {
    expectError(await viewer.request({ method: 'GET', url: '/api/home-entities', context: ACME_PRODUCT }), 403, 'CONTEXT_FORBIDDEN');
    expectError(await admin.request({ method: 'GET', url: '/api/notifications', context: 'nope' }), 403, 'CONTEXT_FORBIDDEN');
  });

  it('refuses a context naming an inactive client, even to the admin', async () => {
    await database.db.update(clients).set({ active: false }).where(eq(clients.slug, 'initech'));
    try {
      expectError(await admin.request({ method: 'GET', url: '/api/notifications', context: 'initech' }), 403, 'CONTEXT_FORBIDDEN');
    } finally {
      await database.db.update(clients).set({ active: true }).where(eq(clients.slug, 'initech'));
    }
    expect((await admin.request({ method: 'GET', url: '/api/notifications', context: 'initech' })).statusCode).toBe(200);
  });

  it('checks authentication before X-Context', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: { 'x-context': 'globex' } });
    expectError(res, 401, 'UNAUTHENTICATED');
  });
});
