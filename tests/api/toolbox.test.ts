import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { toolboxUnitsResponseSchema } from '../../src/shared/schemas/toolbox';
import { DEMO_CLIENTS } from '../../src/server/db/demo-tenant';
import { ADMIN, ANALYST, VIEWER, buildTestApp, login } from './helper';
import { expectError, strict } from './support';

describe('GET /api/toolbox/units/type/:type/client/:clientSlug', async () => {
  const { app } = await buildTestApp({}, { counts: false, jobs: false });
  const [admin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const acmeUnits = DEMO_CLIENTS.find((c) => c.slug === 'acme')?.toolbox ?? [];
  const get = (s: typeof analyst, type: string, client: string, context = client) =>
    s.request({ method: 'GET', url: `/api/toolbox/units/type/${type}/client/${client}`, context });

  it("lists all of the client's units by name", async () => {
    const res = await get(analyst, 'all', 'acme');
    expect(res.statusCode).toBe(200);
    const units = strict(toolboxUnitsResponseSchema).parse(res.json()).data;
    expect(units.map((u) => u.name)).toEqual(acmeUnits.map((u) => u.name).sort());
    const planner = units.find((u) => u.name === 'reach-planner');
    expect(planner).toMatchObject({
      status: true,
      iframed: true,
      url: 'https://toolbox.example.com/reach-planner',
      region_ids: ['all'],
      feature_module_category: 'plans',
      client_slug: 'acme',
    });
  });

  it('filters by type', async () => {
    const iframed = toolboxUnitsResponseSchema.parse((await get(analyst, 'iframed', 'acme')).json()).data;
    expect(iframed.map((u) => u.name)).toEqual(acmeUnits.filter((u) => u.iframed).map((u) => u.name));
    expect(iframed.every((u) => u.iframed)).toBe(true);
    const external = toolboxUnitsResponseSchema.parse((await get(analyst, 'external', 'acme')).json()).data;
    expect(external.map((u) => u.name)).toEqual(acmeUnits.filter((u) => !u.iframed).map((u) => u.name));
  });

  it('accepts a deeper X-Context within the same client', async () => {
    const res = await get(analyst, 'all', 'acme', 'acme/us/fizz-cola/fizz-original');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(acmeUnits.length);
  });

  it('gives a client without units an empty list', async () => {
    const res = await get(viewer, 'all', 'globex');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('refuses another tenant named in X-Context with 403 and no data', async () => {
    expectError(await get(viewer, 'all', 'acme'), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
  });

  it('refuses a path client that differs from X-Context, even for the admin', async () => {
    const res = await get(analyst, 'all', 'globex', 'acme');
    expectError(res, 403, 'FORBIDDEN', 'The client in the path does not match X-Context.');
    expect(res.body).not.toContain('reach-planner');
    expectError(await get(admin, 'all', 'acme', 'globex'), 403, 'FORBIDDEN', 'The client in the path does not match X-Context.');
  });

  it('answers an unknown type with 400', async () => {
    expectError(await get(analyst, 'hidden', 'acme'), 400, 'VALIDATION_FAILED', /^params\.type: /);
  });

  it('needs an X-Context (400) and a session (401)', async () => {
    expectError(await analyst.request({ method: 'GET', url: '/api/toolbox/units/type/all/client/acme' }), 400, 'BAD_REQUEST');
    expectError(await app.inject({ method: 'GET', url: '/api/toolbox/units/type/all/client/acme', headers: { 'x-context': 'acme' } }), 401, 'UNAUTHENTICATED');
  });
});
