import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api-error';
import { AppDatabase, ENTITY_TABLES, SCHEMA, USER_TABLES, wipeUserData } from './db';
import { entityListStore, readThrough, sessionStore } from './read-through';

const fresh = () => ({ indexedDB: new IDBFactory(), IDBKeyRange });

describe('the schema', () => {
  it('numbers its versions upwards and only adds tables (a released version is never edited)', () => {
    SCHEMA.forEach((v, i) => expect(v.version).toBeGreaterThan(i === 0 ? 0 : SCHEMA[i - 1]!.version));
    const latest = Object.assign({}, ...SCHEMA.map((v) => v.stores)) as Record<string, string | null>;
    for (const table of USER_TABLES) expect(latest[table], table).toBeTruthy();
  });

  it('upgrades a database made by every earlier version to the latest, keeping its rows', async () => {
    for (let k = 1; k <= SCHEMA.length; k++) {
      const idb = fresh();
      const old = new AppDatabase('upgrade', SCHEMA.slice(0, k), idb);
      await old.open();
      const tables = old.tables.map((t) => t.name);
      await old.transaction('rw', old.tables, async () => {
        for (const name of tables) {
          const row = name === 'outbox'
            ? { id: 'c1', entity: 'e', entityId: '1', createdAt: 1, state: 'pending', userId: 1, attempts: 0, nextAttemptAt: null, baseVersion: 1, method: 'PUT', path: '/x', body: {}, context: null, label: 'x' }
            : { key: 'k', scope: 's', id: '1', value: 1, data: 1, savedAt: 1 };
          await old.table(name).put(row);
        }
      });
      old.close();
      const latest = new AppDatabase('upgrade', SCHEMA, idb);
      await latest.open();
      for (const name of tables) expect(await latest.table(name).count(), `${name} from version ${k}`).toBe(1);
      latest.close();
    }
  });

  it('runs a later version\'s upgrade over the rows an earlier version wrote (the harness a real v2 will use)', async () => {
    const idb = fresh();
    const v1 = new AppDatabase('next', SCHEMA, idb);
    await v1.outbox.put({
      id: 'c1', entity: 'toolbox_unit', entityId: '1', createdAt: 1, state: 'pending', userId: 1, attempts: 0, nextAttemptAt: null,
      baseVersion: 1, method: 'PUT', path: '/api/toolbox/units/1', body: {}, context: 'acme', label: 'Edit unit x',
    });
    v1.close();
    const latest = SCHEMA.at(-1)!;
    const next = [...SCHEMA, {
      version: latest.version + 1,
      stores: { outbox: 'id, createdAt, state, [entity+entityId], userId, context' },
      upgrade: async (tx: Parameters<NonNullable<(typeof SCHEMA)[number]['upgrade']>>[0]) => {
        await tx.table('outbox').toCollection().modify((c: { label: string }) => {
          c.label = `${c.label} (upgraded)`;
        });
      },
    }];
    const v2 = new AppDatabase('next', next, idb);
    expect(await v2.outbox.where('context').equals('acme').toArray()).toMatchObject([{ id: 'c1', label: 'Edit unit x (upgraded)' }]);
    v2.close();
  });

  it('wipes every table of the previous user', async () => {
    const db = new AppDatabase('wipe', SCHEMA, fresh());
    await db.meta.put({ key: 'userId', value: 7, savedAt: 1 });
    await db.toolboxUnits.put({ key: 'acme|1', scope: 'acme', id: '1', version: 1, data: {}, savedAt: 1 });
    await wipeUserData(db);
    for (const name of USER_TABLES) expect(await db.table(name).count()).toBe(0);
  });
});

describe('readThrough', () => {
  const db = new AppDatabase('read-through', SCHEMA, fresh());
  const units = entityListStore<{ id: number; version: number; name: string }>(ENTITY_TABLES[0], 'acme', () => db);

  it('writes what the network answers through to the device, in order', async () => {
    const list = [{ id: 3, version: 1, name: 'c' }, { id: 1, version: 2, name: 'a' }];
    expect(await readThrough(['q1'], async () => list, units)).toEqual(list);
    expect((await units.load())?.value).toEqual(list);
  });

  it('answers from the device when the network is gone, and says when it was saved', async () => {
    const value = await readThrough(['q1'], () => Promise.reject(new TypeError('Failed to fetch')), units);
    expect(value.map((u) => u.id)).toEqual([3, 1]);
  });

  it('never hides a refusal behind an old copy', async () => {
    await expect(readThrough(['q1'], () => Promise.reject(new ApiRequestError(403, 'FORBIDDEN', 'no')), units)).rejects.toThrow('no');
  });

  it('fails as before when nothing was saved, and tells an empty list from one never read', async () => {
    const never = sessionStore<string>('never', () => db);
    await expect(readThrough(['q2'], () => Promise.reject(new TypeError('offline')), never)).rejects.toThrow('offline');
    const empty = entityListStore<{ id: number }>('charts', 'acme/us', () => db);
    await readThrough(['q3'], async () => [], empty);
    expect(await readThrough(['q3'], () => Promise.reject(new TypeError('offline')), empty)).toEqual([]);
  });

  it('drops an entity the server no longer lists', async () => {
    await readThrough(['q1'], async () => [{ id: 1, version: 2, name: 'a' }], units);
    expect(await db.toolboxUnits.where('scope').equals('acme').count()).toBe(1);
  });
});
