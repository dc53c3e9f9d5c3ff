import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { buildTestApp, login, VIEWER } from './helper';
import { clientRegionIdOf } from './population';

/**
 * Issue 13 §2: on a first start each region is usable as soon as its data is made (generated,
 * stored, loaded) before the next one is generated, and the regions someone asks for or can
 * see go first. The template has people for acme/us, acme/uk and globex/us; the demo generator
 * makes the rest here (acme/au and initech's regions), small.
 */
describe('the first start prepares regions one at a time, the wanted ones first', async () => {
  const { database } = await buildTestApp({}, { jobs: false });
  const db = database.db;
  const ids = {
    acmeAu: await clientRegionIdOf(db, 'acme', 'au'),
    initechUs: await clientRegionIdOf(db, 'initech', 'us'),
    initechCa: await clientRegionIdOf(db, 'initech', 'ca'),
  };

  it('finishes each region (ready) before it starts generating the next, the preferred region first', async () => {
    const config = { ...loadConfig({ ...process.env, SESSION_CACHE_MS: '0' }), seedDemo: false, demoData: { people: 3_000, segments: 12 } };
    const app = await buildApp({ config, database, logger: false, serveClient: false });
    await app.ready();
    const events: string[] = [];
    app.data.onChange((id, state) => events.push(`${id}:${state}`));
    // Before start: what a signed-in user asked for a moment ago. initech/ca has the highest id of the three.
    app.data.prefer([ids.initechCa]);
    await app.data.start();
    await app.data.whenIdle();
    await app.close();

    const generated = events.filter((e) => e.endsWith(':generating')).map((e) => Number(e.split(':')[0]));
    expect(generated[0]).toBe(ids.initechCa);
    expect(generated).toEqual(expect.arrayContaining([ids.acmeAu, ids.initechUs, ids.initechCa]));
    // Each generated region is ready before the next one starts generating.
    for (const [i, id] of generated.entries()) {
      const ready = events.indexOf(`${id}:ready`);
      expect(ready, `${id} ready`).toBeGreaterThan(events.indexOf(`${id}:generating`));
      const next = generated[i + 1];
      if (next !== undefined) expect(ready, `${id} ready before ${next} generates`).toBeLessThan(events.indexOf(`${next}:generating`));
    }
  }, 180_000);

  it('puts the regions a signed-in user can see first when their app asks for the data status', async () => {
    const { app } = await buildTestApp({}, { jobs: false });
    const prefer = vi.spyOn(app.data, 'prefer');
    const viewer = await login(app, VIEWER);
    expect((await viewer.request({ method: 'GET', url: '/api/data-status' })).statusCode).toBe(200);
    expect(prefer).toHaveBeenCalledWith([await clientRegionIdOf(db, 'globex', 'us')]);
  });
});
