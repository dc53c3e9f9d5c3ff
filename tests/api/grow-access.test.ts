import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { clients } from '../../src/server/db/schema';
import { ACME_PRODUCT, GLOBEX_PRODUCT } from './helper';
import { growKit } from './grow-support';
import { expectError } from './support';

/** A product of acme/us no seeded chart lives in. */
const EMPTY_PRODUCT = 'acme/us/crunchies/bbq';
const INITECH_PRODUCT = 'initech/us/red-stapler/stapler';

/** Who may read and write Grow charts, and where (spec 3 §6): permissions, tenancy and the client feature. */
describe('Grow charts: permissions and scope', async () => {
  const kit = await growKit({ counts: false, jobs: false });
  const { admin, analyst, viewer, send, get, chartOf, list, read, create, update, copy, remove, addMarket, buildChart } = kit;

  it('lets the analyst create, edit, copy and delete charts', async () => {
    const chart = chartOf(await create({ name: 'Analyst chart' }, analyst));
    const edited = chartOf(await update(chart, { name: 'Analyst chart 2' }, analyst));
    const copied = chartOf(await copy(chart.id, {}, analyst));
    expect(copied.name).toBe('Copy of Analyst chart 2');
    expect(chartOf(await remove(edited.id, edited.version, analyst)).id).toBe(chart.id);
  });

  it('lets the viewer read globex charts but not write them', async () => {
    const chart = chartOf(await create({ name: 'Globex chart' }, admin, { context: GLOBEX_PRODUCT }));
    expect((await list(GLOBEX_PRODUCT, viewer)).map((c) => c.id)).toContain(chart.id);
    expect((await get(`/api/mekkos/${chart.id}`, viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
    expect((await get('/api/grow/verticals', viewer, GLOBEX_PRODUCT)).statusCode).toBe(200);
    const denied = (action: string) => `${TEXT.permissionDenied} (mekkos: ${action})`;
    expectError(await create({ name: 'Viewer chart' }, viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('create'));
    expectError(await update(chart, { name: 'Viewer edit' }, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', denied('update'));
    expectError(await copy(chart.id, {}, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', denied('create'));
    expectError(await remove(chart.id, chart.version, viewer, GLOBEX_PRODUCT), 403, 'FORBIDDEN', denied('destroy'));
    expectError(await addMarket(chart, 'Viewer market', {}, viewer, { context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('update'));
    expectError(await send(viewer, { method: 'POST', url: `/api/mekkos/${chart.id}/remove-invalid`, payload: { version: 1 }, context: GLOBEX_PRODUCT }), 403, 'FORBIDDEN', denied('update'));
    expect(await read(chart.id, GLOBEX_PRODUCT)).toEqual(chart);
    // Acme is outside the viewer's reach.
    expectError(await get('/api/mekkos', viewer, ACME_PRODUCT), 403, 'CONTEXT_FORBIDDEN', TEXT.contextForbidden);
  });

  it('finds no chart outside the X-Context client, product and region', async () => {
    const chart = await buildChart({ Market: [{ name: 'Audience' }] });
    for (const context of [GLOBEX_PRODUCT, EMPTY_PRODUCT, 'acme/uk/fizz-cola/fizz-original']) {
      expectError(await get(`/api/mekkos/${chart.id}`, admin, context), 404, 'NOT_FOUND');
      expectError(await update(chart, { name: 'Elsewhere' }, admin, context), 404, 'NOT_FOUND');
      expectError(await copy(chart.id, {}, admin, context), 404, 'NOT_FOUND');
      expectError(await remove(chart.id, chart.version, admin, context), 404, 'NOT_FOUND');
      expectError(await addMarket(chart, 'Elsewhere', {}, admin, { context }), 404, 'NOT_FOUND');
      expect((await list(context)).map((c) => c.id)).not.toContain(chart.id);
    }
    expect(await read(chart.id)).toEqual(chart);
    // The analyst's reach is acme only.
    expectError(await get(`/api/mekkos/${chart.id}`, analyst, GLOBEX_PRODUCT), 403, 'CONTEXT_FORBIDDEN');
  });

  it('needs the client\'s grow feature: initech has none', async () => {
    const message = 'Grow is not enabled for initech.';
    expectError(await get('/api/mekkos', admin, INITECH_PRODUCT), 403, 'FORBIDDEN', message);
    expectError(await get('/api/mekkos/1', admin, INITECH_PRODUCT), 403, 'FORBIDDEN', message);
    expectError(await get('/api/grow/verticals', admin, INITECH_PRODUCT), 403, 'FORBIDDEN', message);
    expectError(await create({ name: 'Initech chart' }, admin, { context: INITECH_PRODUCT }), 403, 'FORBIDDEN', message);
  });

  it('follows a change to the client\'s feature flags at once (the hierarchy they come from is cached)', async () => {
    const [acme] = await kit.db.select().from(clients).where(eq(clients.slug, 'acme'));
    expect((await get('/api/mekkos')).statusCode).toBe(200);
    await kit.db.update(clients).set({ featureFlags: { ...acme!.featureFlags, grow: false } }).where(eq(clients.id, acme!.id));
    try {
      expectError(await get('/api/mekkos'), 403, 'FORBIDDEN', 'Grow is not enabled for acme.');
      expectError(await get('/api/tabs-configuration'), 403, 'FORBIDDEN', 'Grow is not enabled for acme.');
      expectError(await get('/api/snapshots?mekko_id=1'), 403, 'FORBIDDEN', 'Grow is not enabled for acme.');
    } finally {
      await kit.db.update(clients).set({ featureFlags: acme!.featureFlags }).where(eq(clients.id, acme!.id));
    }
    expect((await get('/api/mekkos')).statusCode).toBe(200);
  });

  it('needs a session (401) and a product X-Context (400)', async () => {
    expectError(await kit.app.inject({ method: 'GET', url: '/api/mekkos', headers: { 'x-context': ACME_PRODUCT } }), 401, 'UNAUTHENTICATED');
    expectError(await get('/api/mekkos', admin, 'acme/us'), 400, 'BAD_REQUEST');
    expectError(await create({ name: 'Regionless' }, admin, { context: 'acme/us' }), 400, 'BAD_REQUEST');
    expectError(await get('/api/mekkos/abc'), 400, 'VALIDATION_FAILED', /^params\.id: /);
  });
});
