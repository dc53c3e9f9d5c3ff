import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HEALTH_SERVICES } from '../../src/shared/schemas/health';
import { expectedMigrationCount } from '../../src/server/db/client';
import { buildTestApp } from './helper';
import { expectError } from './support';

const get = (app: Awaited<ReturnType<typeof buildTestApp>>['app'], path: string) => app.inject({ method: 'GET', url: path });

describe('health when a table a part depends on is missing', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });

  it('fails only the parts that use it, with the reason', async () => {
    await database.db.execute(sql`alter table toolbox_units rename to toolbox_units_moved`);
    try {
      expectError(await get(app, '/api/toolbox/health'), 503, 'UNAVAILABLE', /^toolbox_units unavailable: /);
      for (const path of ['/api/api-gateway-health-check', '/api/auth/health', '/api/clients/health']) {
        const res = await get(app, path);
        expect(res.statusCode, path).toBe(200);
        expect(res.json()).toEqual({ data: 'OK' });
      }
    } finally {
      await database.db.execute(sql`alter table toolbox_units_moved rename to toolbox_units`);
    }
    expect((await get(app, '/api/toolbox/health')).json()).toEqual({ data: 'OK' });
  });

  it('fails the auth part when sessions are gone', async () => {
    await database.db.execute(sql`alter table sessions rename to sessions_moved`);
    try {
      expectError(await get(app, '/api/auth/health'), 503, 'UNAVAILABLE', /^sessions unavailable: /);
    } finally {
      await database.db.execute(sql`alter table sessions_moved rename to sessions`);
    }
  });
});

describe('health when migrations are behind', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });

  it.each(HEALTH_SERVICES.map((s) => [s.path]))('%s answers 503 with the reason', async (path) => {
    const expected = expectedMigrationCount();
    await database.db.execute(sql`
      delete from drizzle.__drizzle_migrations
      where id = (select max(id) from drizzle.__drizzle_migrations) and (select count(*) from drizzle.__drizzle_migrations) = ${expected}`);
    const res = await get(app, path);
    expectError(res, 503, 'UNAVAILABLE', `database migrations behind: ${expected - 1} of ${expected} applied`);
  });
});
