import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANALYST, buildTestApp, login } from './helper';
import { userId } from './support';

describe('session cache (SESSION_CACHE_MS)', async () => {
  const { app, database } = await buildTestApp({ SESSION_CACHE_MS: '400' }, { counts: false, jobs: false });
  const self = (s: Awaited<ReturnType<typeof login>>) => s.request({ method: 'GET', url: '/api/auth/self.json' });

  it('drops a session at once when this process logs it out', async () => {
    const s = await login(app, ANALYST);
    expect((await self(s)).statusCode).toBe(200);
    expect((await s.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const after = await self(s);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ refresh_login: true });
  });

  it('sees a session ended elsewhere (another process) within the cache time', async () => {
    const s = await login(app, ANALYST);
    expect((await self(s)).statusCode).toBe(200);
    const id = await userId(database, ANALYST);
    await database.db.execute(sql`delete from sessions where user_id = ${id}`);
    await new Promise((r) => setTimeout(r, 450));
    expect((await self(s)).statusCode).toBe(401);
  });

  it('switches the data source at once for the same session', async () => {
    const s = await login(app, ANALYST);
    expect((await self(s)).json().data.dataSource).toBe('molecula');
    const put = await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
    expect(put.statusCode).toBe(200);
    expect((await self(s)).json().data.dataSource).toBe('es');
  });
});
