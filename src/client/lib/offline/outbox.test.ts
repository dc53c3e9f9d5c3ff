import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppDatabase } from './db';
import { addCommand, dependentsOf, discardWithDependents, drainOutbox, keepMine, nextRetryAt, rememberWriter, requestOf, retryNow, sendAgain, takeTheirs, temporaryId, type CommandInput } from './outbox';

/**
 * A small server with the API's contract: versioned units, idempotency keys applied at most
 * once, 409 with the server's copy, 422 for a bad name, and a switch for a lost network.
 */
class FakeServer {
  units = new Map<string, { id: number; name: string; version: number }>();
  keys = new Map<string, { status: number; body: unknown }>();
  nextId = 100;
  changes = 0;
  network: 'up' | 'down' | 'lose-answers' = 'up';
  status: number | null = null;
  seen: { key: string; path: string; base: unknown }[] = [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.network === 'down') throw new TypeError('Failed to fetch');
    const headers = new Headers(init?.headers);
    const key = headers.get('x-request-id') ?? '';
    const path = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as { name?: string; version?: number }) : {};
    this.seen.push({ key, path, base: body.version });
    const answer = this.handle(key, init?.method ?? 'GET', path, body);
    if (this.network === 'lose-answers') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };

  private handle(key: string, method: string, path: string, body: { name?: string; version?: number }): { status: number; body: unknown } {
    if (this.status !== null) return { status: this.status, body: { error: { code: 'X', message: 'refused by the test' } } };
    const replay = this.keys.get(key);
    if (replay) return replay;
    let answer: { status: number; body: unknown };
    if (body.name === '') {
      answer = { status: 422, body: { error: { code: 'VALIDATION_FAILED', message: 'Enter a name.', details: [{ path: 'body.name', message: 'Enter a name.' }] } } };
    } else if (method === 'POST') {
      const unit = { id: this.nextId++, name: body.name ?? '', version: 1 };
      this.units.set(String(unit.id), unit);
      this.changes++;
      answer = { status: 201, body: { data: unit } };
    } else {
      const id = path.split('/').pop() ?? '';
      const unit = this.units.get(id);
      if (!unit) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such unit.', details: { gone: { kind: 'unit', id: Number(id) } } } } };
      if (unit.version !== body.version) return { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'Someone else changed this unit.', details: { current: { ...unit } } } } };
      unit.name = body.name ?? unit.name;
      unit.version++;
      this.changes++;
      answer = { status: 200, body: { data: { ...unit } } };
    }
    if (answer.status < 300) this.keys.set(key, answer);
    return answer;
  }
}

let db: AppDatabase;
let server: FakeServer;
let clock = 1_000_000;
const options = () => ({ fetchImpl: server.fetch, now: () => clock, random: () => 0.5 });
const rename = (id: string, name: string, baseVersion: number | null = 1): CommandInput => ({
  entity: 'unit', entityId: id, baseVersion, method: 'PUT', path: `/api/units/${id}`, body: { name }, context: 'acme', label: `Rename ${id}`,
});

beforeEach(async () => {
  db = new AppDatabase(`test-${Math.random()}`, undefined, { indexedDB: new IDBFactory(), IDBKeyRange });
  await rememberWriter(db, 7, 'csrf');
  server = new FakeServer();
  server.units.set('1', { id: 1, name: 'one', version: 1 });
  server.units.set('2', { id: 2, name: 'two', version: 1 });
});

const addRename = (id: string, name: string, baseVersion: number | null = 1) => addCommand(db, rename(id, name, baseVersion), clock);

describe('drainOutbox', () => {
  it('applies a queued edit once, keeps its answer until the page merges it, and counts it', async () => {
    await addRename('1', 'uno');
    const result = await drainOutbox(db, options());
    expect(result).toMatchObject({ ran: true, sent: 1, applied: 1, paused: false });
    const [done] = await db.outbox.toArray();
    expect(done).toMatchObject({ state: 'done', response: { data: { id: 1, name: 'uno', version: 2 } } });
    expect(server.units.get('1')).toMatchObject({ name: 'uno', version: 2 });
  });

  it('sends three offline edits of one entity in order, each based on the version the last one made', async () => {
    await addRename('1', 'a');
    await addRename('1', 'b');
    await addRename('1', 'c');
    await drainOutbox(db, options());
    expect(server.units.get('1')).toMatchObject({ name: 'c', version: 4 });
    expect(server.changes).toBe(3);
    expect(server.seen.map((s) => s.base)).toEqual([1, 2, 3]);
    expect(await db.outbox.where('state').equals('done').count()).toBe(3);
  });

  it('an edit queued after an answer the page has let go of, but not yet shown, is based on that answer', async () => {
    await addRename('1', 'a');
    await drainOutbox(db, options());
    // The page takes the answer in and deletes the command, but still shows version 1 for a moment.
    await db.outbox.clear();
    const late = await addRename('1', 'b', 1);
    expect(late.baseVersion).toBe(2);
    await drainOutbox(db, options());
    expect(server.units.get('1')).toMatchObject({ name: 'b', version: 3 });
    // A minute later the memory is gone: an old base is the user's own (and may conflict).
    clock += 61_000;
    expect((await addRename('1', 'c', 1)).baseVersion).toBe(1);
  });

  it('an edit queued after an answer that named an item made offline takes the item’s id', async () => {
    const key = temporaryId();
    await db.meta.put({ key: 'applied|unit|1', value: { version: 2, created: { [key]: 55 } }, savedAt: clock });
    const later = await addCommand(db, { ...rename('1', 'x', 1), path: `/api/units/1/parts/${key}`, body: { part: key } }, clock);
    expect(later).toMatchObject({ baseVersion: 2, path: '/api/units/1/parts/55', body: { part: 55 } });
  });

  it('waits with backoff when the network is down, and sends when it is back', async () => {
    await addRename('1', 'uno');
    server.network = 'down';
    await drainOutbox(db, options());
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: clock + 750 });
    expect(await nextRetryAt(db)).toBe(clock + 750);
    server.network = 'up';
    expect((await drainOutbox(db, options())).sent).toBe(0);
    clock += 750;
    await drainOutbox(db, options());
    expect(server.units.get('1')?.name).toBe('uno');
  });

  it('a lost answer is sent again under the same key and applied once', async () => {
    await addRename('1', 'uno');
    server.network = 'lose-answers';
    await drainOutbox(db, options());
    expect(server.changes).toBe(1);
    server.network = 'up';
    clock += 10_000;
    await drainOutbox(db, options());
    expect(server.changes).toBe(1);
    expect(new Set(server.seen.map((s) => s.key)).size).toBe(1);
    expect((await db.outbox.toArray())[0]?.state).toBe('done');
  });

  it('a command whose tab closed while it was in flight is sent again, under its key, and applied once', async () => {
    await addRename('1', 'uno');
    server.network = 'lose-answers';
    // The first drain's answer is lost as if its tab had closed: the command is still pending or waiting.
    await drainOutbox(db, options());
    server.network = 'up';
    clock += 60_000;
    await drainOutbox(db, options());
    expect(server.changes).toBe(1);
    expect(server.units.get('1')?.name).toBe('uno');
  });

  it('a conflict keeps the server copy and holds back only its own entity', async () => {
    server.units.get('1')!.version = 5;
    const stale = await addRename('1', 'mine');
    const after = await addRename('1', 'mine again');
    await addRename('2', 'dos');
    await drainOutbox(db, options());
    expect(await db.outbox.get(stale.id)).toMatchObject({ state: 'conflict', serverCopy: { id: 1, name: 'one', version: 5 }, error: { status: 409, code: 'VERSION_CONFLICT' } });
    expect((await db.outbox.get(after.id))?.state).toBe('pending');
    expect(server.units.get('2')?.name).toBe('dos');
  });

  it('"Keep mine" sends the change again on top of the server version, under a new key', async () => {
    server.units.get('1')!.version = 5;
    const stale = await addRename('1', 'mine');
    await drainOutbox(db, options());
    await keepMine(db, stale.id);
    const [again] = await db.outbox.toArray();
    expect(again?.id).not.toBe(stale.id);
    expect(again).toMatchObject({ state: 'pending', baseVersion: 5 });
    await drainOutbox(db, options());
    expect(server.units.get('1')).toMatchObject({ name: 'mine', version: 6 });
  });

  it('a refusal is kept with its reason; discarding it takes the later commands on its entity too', async () => {
    const bad = await addRename('1', '');
    await addRename('1', 'later');
    const other = await addRename('2', 'dos');
    await drainOutbox(db, options());
    expect(await db.outbox.get(bad.id)).toMatchObject({ state: 'rejected', error: { status: 422, message: 'Enter a name.' }, notified: false });
    expect((await db.outbox.get(other.id))?.state).toBe('done');
    expect((await discardWithDependents(db, bad.id)).length).toBe(2);
    expect((await db.outbox.toArray()).map((c) => c.id)).toEqual([other.id]);
  });

  it('a refusal holds back only the edits of its item: an edit of another item of the entity goes, and Discard keeps it', async () => {
    const bad = await addCommand(db, { ...rename('1', ''), item: 'part:a' }, clock);
    const sameItem = await addCommand(db, { ...rename('1', 'a again'), item: 'part:a' }, clock);
    const otherItem = await addCommand(db, { ...rename('1', 'b'), item: 'part:b' }, clock);
    await drainOutbox(db, options());
    expect((await db.outbox.get(bad.id))?.state).toBe('rejected');
    expect((await db.outbox.get(sameItem.id))?.state).toBe('pending');
    expect((await db.outbox.get(otherItem.id))?.state).toBe('done');
    expect(server.units.get('1')).toMatchObject({ name: 'b', version: 2 });
    expect((await dependentsOf(db, bad.id)).map((c) => c.id)).toEqual([sameItem.id]);
    expect((await discardWithDependents(db, bad.id)).map((c) => c.id)).toEqual([bad.id, sameItem.id]);
    expect((await db.outbox.toArray()).map((c) => c.id)).toEqual([otherItem.id]);
  });

  it('an edit of something deleted on the server is held as gone, naming it; Keep mine does not resend it', async () => {
    const edit = await addRename('3', 'ghost');
    await drainOutbox(db, options());
    expect(await db.outbox.get(edit.id)).toMatchObject({ state: 'conflict', gone: { kind: 'unit', id: 3 }, error: { status: 404 } });
    await keepMine(db, edit.id);
    expect((await db.outbox.get(edit.id))?.state).toBe('conflict');
  });

  it('"Keep mine" on fields in conflict sends theirs as the base of those fields, so the server takes mine', async () => {
    const stale = await addCommand(db, { ...rename('1', 'mine'), body: { name: 'mine', base: { name: 'one', tag: 'x' } } }, clock);
    // Its earlier tries met a busy server (503s in a row) before the 409.
    await db.outbox.update(stale.id, { state: 'conflict', attempts: 4, answered: 4, serverCopy: { id: 1, version: 5 }, conflicts: [{ field: 'name', base: 'one', theirs: 'theirs', mine: 'mine' }] });
    await keepMine(db, stale.id);
    const [again] = await db.outbox.toArray();
    expect(again).toMatchObject({ state: 'pending', baseVersion: 5, body: { name: 'mine', base: { name: 'theirs', tag: 'x' } } });
    expect(again?.conflicts).toBeUndefined();
    // The edit sent again starts its back-off afresh: a 503 on it waits about a second, not 8-16 s.
    expect(again).toMatchObject({ attempts: 0 });
    expect(again?.answered).toBeUndefined();
  });

  it('"Take theirs" takes theirs for the clashing field only and sends the rest of my edit again (issue 27)', async () => {
    const stale = await addCommand(db, { ...rename('1', 'mine'), body: { name: 'mine', population: 900, base: { name: 'one', population: 500 } } }, clock);
    const later = await addCommand(db, { ...rename('1', 'later'), body: { population: 950, base: { population: 900 } } }, clock);
    await db.outbox.update(stale.id, { state: 'conflict', serverCopy: { id: 1, version: 5 }, conflicts: [{ field: 'name', base: 'one', theirs: 'theirs', mine: 'mine' }] });
    expect(await takeTheirs(db, stale.id)).toEqual({ kept: true, dropped: [] });
    const [again, next] = await db.outbox.orderBy('createdAt').toArray();
    expect(again?.id).not.toBe(stale.id);
    // The old version: the server merges, and my population stands beside their name.
    expect(again).toMatchObject({ state: 'pending', baseVersion: 1, body: { name: 'theirs', population: 900, base: { name: 'theirs', population: 500 } } });
    expect(again?.conflicts).toBeUndefined();
    expect(next?.id).toBe(later.id);
  });

  it('"Take theirs" drops the edit, and what depends on it, when the clashing field was all it changed', async () => {
    const stale = await addCommand(db, { ...rename('1', 'mine'), body: { name: 'mine', base: { name: 'one' } } }, clock);
    await addRename('1', 'later');
    await db.outbox.update(stale.id, { state: 'conflict', serverCopy: { id: 1, version: 5 }, conflicts: [{ field: 'name', base: 'one', theirs: 'theirs', mine: 'mine' }] });
    const { kept, dropped } = await takeTheirs(db, stale.id);
    expect(kept).toBe(false);
    expect(dropped.length).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });

  it('"Edit and retry": a refused edit goes again with the content the user changed, in its place, under a new key', async () => {
    const bad = await addCommand(db, { ...rename('1', ''), body: { name: '', rules: [1, 2] } }, clock);
    const later = await addRename('1', 'later');
    await drainOutbox(db, options());
    // The server's message is kept for the field it is about, to show under it.
    expect((await db.outbox.get(bad.id))?.error).toMatchObject({ status: 422, fields: { name: 'Enter a name.' } });
    await sendAgain(db, bad.id, { name: 'fixed', rules: [1, 2] });
    const [again] = await db.outbox.orderBy('createdAt').toArray();
    expect(again).toMatchObject({ state: 'pending', createdAt: bad.createdAt, body: { name: 'fixed', rules: [1, 2] }, error: null, attempts: 0 });
    expect(again?.id).not.toBe(bad.id);
    await drainOutbox(db, options());
    expect(server.units.get('1')).toMatchObject({ name: 'later', version: 3 });
    expect(server.seen.map((x) => x.path)).toEqual(['/api/units/1', '/api/units/1', '/api/units/1']);
    expect((await db.outbox.get(later.id))?.state).toBe('done');
  });

  it('pauses on a lapsed login and keeps the command pending', async () => {
    await addRename('1', 'uno');
    server.status = 401;
    const result = await drainOutbox(db, options());
    expect(result.paused).toBe(true);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('an entity created offline takes its server id before its later edits are sent', async () => {
    const tmp = temporaryId();
    await addCommand(db, { entity: 'unit', entityId: tmp, baseVersion: null, method: 'POST', path: '/api/units', body: { name: 'new' }, context: 'acme', label: 'Add unit' }, clock);
    await addCommand(db, { ...rename(tmp, 'newer', 0) }, clock);
    await drainOutbox(db, options());
    expect(server.seen.map((s) => s.path)).toEqual(['/api/units', '/api/units/100']);
    expect(server.units.get('100')).toMatchObject({ name: 'newer', version: 2 });
  });
});

describe('offline and back', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tries nothing while the browser is offline, so no backoff grows', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    await addRename('1', 'uno');
    expect((await drainOutbox(db, options())).sent).toBe(0);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('back online, a command waiting out a backoff goes at once; with no server it never waits past 15 s', async () => {
    await addRename('1', 'uno');
    server.network = 'down';
    for (let i = 0; i < 8; i++) {
      clock += 10 * 60_000;
      await drainOutbox(db, options());
    }
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 8 });
    expect((waiting?.nextAttemptAt ?? 0) - clock).toBeGreaterThan(7_500);
    expect((waiting?.nextAttemptAt ?? 0) - clock).toBeLessThanOrEqual(15_000);
    server.network = 'up';
    await retryNow(db);
    await drainOutbox(db, options());
    expect(server.units.get('1')?.name).toBe('uno');
  });

  it('after a long outage the first "not ready" waits about a second, not what the outage earned (issue 27)', async () => {
    await addRename('1', 'uno');
    server.network = 'down';
    for (let i = 0; i < 9; i++) {
      clock += 10 * 60_000;
      await drainOutbox(db, options());
    }
    // The server is back, preparing its data: 503 DATA_NOT_READY.
    server.network = 'up';
    server.status = 503;
    clock += 10 * 60_000;
    await retryNow(db);
    await drainOutbox(db, options());
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 10 });
    expect((waiting?.nextAttemptAt ?? 0) - clock).toBeLessThanOrEqual(1_000);
    // Answered "not ready" again and again, it is still asked within 15 s.
    for (let i = 0; i < 10; i++) {
      clock = waiting && (await db.outbox.get(waiting.id))?.nextAttemptAt || clock;
      await drainOutbox(db, options());
    }
    expect(((await db.outbox.toArray())[0]?.nextAttemptAt ?? 0) - clock).toBeLessThanOrEqual(15_000);
    server.status = null;
    clock += 15_000;
    await drainOutbox(db, options());
    expect(server.units.get('1')?.name).toBe('uno');
  });
});

describe('requestOf', () => {
  it('puts the base version in the body of a PUT and in the query of a DELETE', () => {
    expect(requestOf({ method: 'PUT', path: '/api/u/1', body: { name: 'x' }, baseVersion: 3 })).toEqual({ path: '/api/u/1', body: { name: 'x', version: 3 } });
    expect(requestOf({ method: 'DELETE', path: '/api/u/1', body: undefined, baseVersion: 3 })).toEqual({ path: '/api/u/1?version=3', body: undefined });
    expect(requestOf({ method: 'POST', path: '/api/u', body: { name: 'x' }, baseVersion: null })).toEqual({ path: '/api/u', body: { name: 'x' } });
  });
});
