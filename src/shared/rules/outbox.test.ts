import { describe, expect, it } from 'vitest';
import { attentionCount, dependents, dependsOn, heldBackBy, heldOrRefused, pendingCount, sendable, type OutboxCommand } from './outbox';
import { backoffMs, backoffTries, conflictFieldLabel, conflictRows, createdKeys, laterOnEntity, MAX_BACKOFF_MS, outcomeOf, reachedServer, rebase, retryAfterMs, UNREACHABLE_MAX_BACKOFF_MS } from './outbox-answers';

let n = 0;
function command(entityId: string, state: OutboxCommand['state'] = 'pending', extra: Partial<OutboxCommand> = {}): OutboxCommand {
  n++;
  return { id: `c${String(n).padStart(3, '0')}`, entity: 'chart', entityId, baseVersion: 1, createdAt: 1000 + n, state, attempts: 0, nextAttemptAt: null, ...extra };
}
const ids = (cs: OutboxCommand[]) => cs.map((c) => c.id);

describe('sendable', () => {
  it('sends the oldest command of each entity, oldest first, whatever order they are stored in', () => {
    const a1 = command('a');
    const b1 = command('b');
    const a2 = command('a');
    const c1 = command('c');
    expect(ids(sendable([c1, a2, b1, a1], 0))).toEqual(ids([a1, b1, c1]));
  });

  it('skips done commands, so the next one of the entity goes', () => {
    const a1 = command('a', 'done');
    const a2 = command('a');
    expect(ids(sendable([a1, a2], 0))).toEqual(ids([a2]));
  });

  it('holds an entity back while its command waits to be tried again, so its commands arrive in order', () => {
    const a1 = command('a', 'waiting', { nextAttemptAt: 10 });
    const a2 = command('a');
    const b1 = command('b');
    expect(ids(sendable([a1, a2, b1], 0))).toEqual(ids([b1]));
  });

  it('a conflict or a refusal holds back only the later commands on the same entity', () => {
    const a1 = command('a', 'conflict');
    const a2 = command('a');
    const b1 = command('b', 'rejected');
    const b2 = command('b');
    const c1 = command('c');
    const all = [a1, a2, b1, b2, c1];
    expect(ids(sendable(all, 0))).toEqual(ids([c1]));
    expect(heldBackBy(all, a2)?.id).toBe(a1.id);
    expect(heldBackBy(all, b2)?.id).toBe(b1.id);
    expect(heldBackBy(all, c1)).toBeNull();
    expect(heldBackBy(all, a1)).toBeNull();
  });

  it('tries a waiting command again once its wait is over, keeping its entity in order meanwhile', () => {
    const a1 = command('a', 'waiting', { nextAttemptAt: 5000 });
    const a2 = command('a');
    expect(sendable([a1, a2], 4999)).toEqual([]);
    expect(ids(sendable([a1, a2], 5000))).toEqual(ids([a1]));
  });

  it('orders commands made in the same millisecond by id, the same for every reader', () => {
    const x = { ...command('x'), createdAt: 1, id: 'b' };
    const y = { ...command('y'), createdAt: 1, id: 'a' };
    expect(ids(sendable([x, y], 0))).toEqual(['a', 'b']);
  });
});

describe('items: a held command holds back only what depends on it (issue 12)', () => {
  const chart = (item: string | undefined, state: OutboxCommand['state'] = 'pending', extra: Partial<OutboxCommand> = {}) => command('7', state, { ...(item === undefined ? {} : { item }), ...extra });

  it('lets an edit of another item of the same chart go past a refused one, in order', () => {
    const renameB2 = chart('audience:12', 'rejected');
    const renameB2Again = chart('audience:12');
    const renameGamma = chart('market:3');
    const all = [renameB2, renameB2Again, renameGamma];
    expect(ids(sendable(all, 0))).toEqual(ids([renameGamma]));
    expect(heldBackBy(all, renameB2Again)?.id).toBe(renameB2.id);
    expect(heldBackBy(all, renameGamma)).toBeNull();
    expect(dependents(all, renameB2).map((c) => c.id)).toEqual([renameB2Again.id]);
    expect([...heldOrRefused(all)].sort()).toEqual([renameB2.id, renameB2Again.id].sort());
  });

  it('holds back what names an item the held command makes, and what depends on that in turn', () => {
    const key = 'tmp-0d4c0c7e-5a39-4f7e-9a61-1a4f2b7f0c11';
    const addMarket = chart(`market:${key}`, 'conflict', { makes: [key], path: '/api/mekkos/7/markets', body: { name: 'New', client_key: key } });
    const addAudience = chart('audience:tmp-1', 'pending', { makes: ['tmp-1'], path: `/api/mekkos/7/markets/${key}/audiences` });
    const renameAudience = chart('audience:tmp-1', 'pending', { path: '/api/mekkos/7/audiences/tmp-1' });
    const reorder = chart('markets-order', 'pending', { body: { ids: [1, key] } });
    const other = chart('market:1');
    const all = [addMarket, addAudience, renameAudience, reorder, other];
    expect(dependents(all, addMarket).map((c) => c.id)).toEqual([addAudience.id, renameAudience.id, reorder.id]);
    expect(ids(sendable(all, 0))).toEqual(ids([other]));
    expect(heldBackBy(all, renameAudience)?.id).toBe(addMarket.id);
    expect(dependsOn(other, addMarket)).toBe(false);
  });

  it('makes every later command depend on one about the whole entity (its creation), and nothing on a later one', () => {
    const create = command('tmp-a', 'rejected', { makes: ['tmp-a'] });
    const edit = command('tmp-a', 'pending', { item: 'market:1' });
    expect(dependsOn(edit, create)).toBe(true);
    expect(dependsOn(create, edit)).toBe(false);
    expect(dependsOn(command('other'), create)).toBe(false);
  });
});

describe('pendingCount and attentionCount', () => {
  it('counts as pending only what is on its way; what needs the user is counted apart', () => {
    const all = [command('a', 'done'), command('a'), command('b', 'conflict'), command('b'), command('c', 'waiting'), command('d', 'rejected')];
    expect(pendingCount(all)).toBe(2);
    expect(attentionCount(all)).toBe(3);
  });
});

describe('outcomeOf', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('reads 2xx as applied, 409 as a conflict, another 4xx as a refusal', () => {
    expect(outcomeOf({ status: 200 }, 1, now)).toEqual({ kind: 'applied' });
    expect(outcomeOf({ status: 201 }, 1, now)).toEqual({ kind: 'applied' });
    expect(outcomeOf({ status: 409 }, 1, now)).toEqual({ kind: 'conflict' });
    for (const status of [400, 403, 404, 422]) expect(outcomeOf({ status }, 1, now)).toEqual({ kind: 'rejected' });
  });

  it('reads a 404 naming what is gone as "gone" for an edit and as done for a delete', () => {
    expect(outcomeOf({ status: 404, gone: true, method: 'PUT' }, 1, now)).toEqual({ kind: 'gone' });
    expect(outcomeOf({ status: 404, gone: true, method: 'DELETE' }, 1, now)).toEqual({ kind: 'applied' });
    expect(outcomeOf({ status: 404, method: 'DELETE' }, 1, now)).toEqual({ kind: 'rejected' });
  });

  it('waits at most 15 s while no server answers (no network, 502, 504), up to 5 min for a busy one', () => {
    expect(outcomeOf('network', 20, now, 1)).toEqual({ kind: 'retry', waitMs: UNREACHABLE_MAX_BACKOFF_MS });
    expect(outcomeOf({ status: 502 }, 20, now, 1)).toEqual({ kind: 'retry', waitMs: UNREACHABLE_MAX_BACKOFF_MS });
    expect(outcomeOf({ status: 504 }, 20, now, 1)).toEqual({ kind: 'retry', waitMs: UNREACHABLE_MAX_BACKOFF_MS });
    expect(outcomeOf({ status: 500 }, 20, now, 1)).toEqual({ kind: 'retry', waitMs: MAX_BACKOFF_MS });
    expect(outcomeOf({ status: 429 }, 20, now, 1)).toEqual({ kind: 'retry', waitMs: MAX_BACKOFF_MS });
  });

  it('retries after a network error, a 5xx, a 408 or a 429, backing off', () => {
    expect(outcomeOf('network', 1, now, 0)).toEqual({ kind: 'retry', waitMs: 500 });
    expect(outcomeOf({ status: 503 }, 3, now, 1)).toEqual({ kind: 'retry', waitMs: 4000 });
    expect(outcomeOf({ status: 408 }, 1, now, 1)).toEqual({ kind: 'retry', waitMs: 1000 });
    expect(outcomeOf({ status: 429 }, 2, now, 0)).toEqual({ kind: 'retry', waitMs: 1000 });
  });

  it('honours Retry-After, in seconds or as a date, within the longest wait', () => {
    expect(outcomeOf({ status: 429, retryAfter: '7' }, 1, now)).toEqual({ kind: 'retry', waitMs: 7000 });
    expect(outcomeOf({ status: 429, retryAfter: 'Sun, 22 Nov 2026 10:00:30 GMT' }, 1, now)).toEqual({ kind: 'retry', waitMs: 30_000 });
    expect(outcomeOf({ status: 429, retryAfter: '86400' }, 1, now)).toEqual({ kind: 'retry', waitMs: MAX_BACKOFF_MS });
    expect(outcomeOf({ status: 503, retryAfter: 'Sun, 22 Nov 2026 09:00:00 GMT' }, 1, now)).toEqual({ kind: 'retry', waitMs: 0 });
    expect(outcomeOf({ status: 503, retryAfter: 'soon' }, 1, now, 0)).toEqual({ kind: 'retry', waitMs: 500 });
  });
});

describe('back-off after an outage (issue 27)', () => {
  it('counts only the tries the server answered in a row once it answers', () => {
    expect(reachedServer('network')).toBe(false);
    expect(reachedServer({ status: 502 })).toBe(false);
    expect(reachedServer({ status: 504 })).toBe(false);
    expect(reachedServer({ status: 503 })).toBe(true);
    // Nine tries while it was down, then its first answer: one try counts.
    expect(backoffTries({ status: 503 }, { attempts: 10, answered: 0 })).toEqual({ tries: 1, answered: 1 });
    expect(backoffTries({ status: 503 }, { attempts: 10 })).toEqual({ tries: 1, answered: 1 });
    expect(backoffTries({ status: 429 }, { attempts: 12, answered: 2 })).toEqual({ tries: 3, answered: 3 });
    // Down again: the answers in a row are over.
    expect(backoffTries('network', { attempts: 13, answered: 3 })).toEqual({ tries: 13, answered: 0 });
  });

  it('a 503 waits its Retry-After or the back-off, never more than 15 s; a 429 may ask for longer', () => {
    const now = Date.parse('Sun, 22 Nov 2026 09:00:00 GMT');
    expect(outcomeOf({ status: 503 }, 20, now, 1)).toEqual({ kind: 'retry', waitMs: 15_000 });
    expect(outcomeOf({ status: 503, retryAfter: '5' }, 1, now)).toEqual({ kind: 'retry', waitMs: 5_000 });
    expect(outcomeOf({ status: 503, retryAfter: '120' }, 1, now)).toEqual({ kind: 'retry', waitMs: 15_000 });
    expect(outcomeOf({ status: 429, retryAfter: '120' }, 1, now)).toEqual({ kind: 'retry', waitMs: 120_000 });
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s to at most 5 min, jittered within the upper half', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 1))).toEqual([1000, 2000, 4000, 8000]);
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 0))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(30, 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(0, 1)).toBe(1000);
  });
});

describe('retryAfterMs', () => {
  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(null, 0)).toBeNull();
    expect(retryAfterMs('  ', 0)).toBeNull();
    expect(retryAfterMs('later', 0)).toBeNull();
  });
});

describe('outcomeOf: a lapsed login', () => {
  it('pauses on 401 and on a refused CSRF token: the command waits for a new login', () => {
    expect(outcomeOf({ status: 401 }, 1, 0)).toEqual({ kind: 'paused' });
    expect(outcomeOf({ status: 403, code: 'CSRF_INVALID' }, 1, 0)).toEqual({ kind: 'paused' });
    expect(outcomeOf({ status: 403, code: 'FORBIDDEN' }, 1, 0)).toEqual({ kind: 'rejected' });
  });
});

describe('heldOrRefused', () => {
  it('leaves out a refused or conflicting command and, for commands without items, the later ones on its entity', () => {
    const a1 = command('a');
    const a2 = command('a', 'rejected');
    const a3 = command('a');
    const b1 = command('b', 'conflict');
    const c1 = command('c', 'waiting');
    expect([...heldOrRefused([a3, c1, b1, a2, a1])].sort()).toEqual([a2.id, a3.id, b1.id].sort());
  });
});

describe('rebase', () => {
  it('hands the new version to the next command on the entity', () => {
    const a1 = { ...command('a'), path: '/api/units/a' };
    const a2 = { ...command('a'), path: '/api/units/a' };
    const b1 = { ...command('b'), path: '/api/units/b' };
    expect(laterOnEntity([b1, a2, a1], a1).map((c) => c.id)).toEqual([a2.id]);
    expect(rebase(a2, { entityId: 'a', newVersion: 7, newId: null })).toMatchObject({ baseVersion: 7, entityId: 'a', path: '/api/units/a' });
  });

  it("hands a created entity's id on to commands that named it by its temporary id", () => {
    const tmp = 'tmp-0d4c0c7e-5a39-4f7e-9a61-1a4f2b7f0c11';
    const edit = { ...command(tmp), path: `/api/units/${tmp}` };
    expect(rebase(edit, { entityId: tmp, newVersion: 1, newId: '42' })).toMatchObject({ entityId: '42', path: '/api/units/42', baseVersion: 1 });
  });

  it('replaces an item key the answer says it created, in later paths, items and bodies', () => {
    const key = 'tmp-5b1e7d2a-9c3f-4e8b-a1d2-3c4b5a6f7e80';
    const addAudience = { ...command('7'), item: `market:${key}`, path: `/api/mekkos/7/markets/${key}/audiences`, body: { name: 'A', nested: [key], other: 'tmp-x' } };
    const out = rebase(addAudience, { entityId: '7', newVersion: 3, newId: null, created: { [key]: 55 } });
    expect(out).toMatchObject({ entityId: '7', item: 'market:55', baseVersion: 3, path: '/api/mekkos/7/markets/55/audiences', body: { name: 'A', nested: [55], other: 'tmp-x' } });
    expect(createdKeys({ data: {}, meta: { created: { [key]: 55, bad: 'x' } } })).toEqual({ [key]: 55 });
    expect(createdKeys({ data: {} })).toEqual({});
  });
});

describe('conflictRows', () => {
  it('lists the fields where my change and the server copy differ, not the bookkeeping', () => {
    expect(conflictRows({ name: 'mine', url: 'https://a', version: 2, region_ids: ['all'] }, { id: 1, name: 'theirs', url: 'https://a', version: 5, region_ids: ['1'] })).toEqual([
      { field: 'Name', base: null, mine: 'mine', theirs: 'theirs' },
      { field: 'Regions', base: null, mine: '["all"]', theirs: '["1"]' },
    ]);
    expect(conflictRows(undefined, { name: 'x' })).toEqual([]);
    expect(conflictRows({ name: 'x' }, null)).toEqual([{ field: 'Name', base: null, mine: 'x', theirs: '—' }]);
  });

  it("shows the server's fields in conflict, with base, theirs and mine, when it names them", () => {
    const conflicts = [{ field: 'matched_short_id', base: 3, theirs: null, mine: 9 }];
    expect(conflictRows({ name: 'x' }, { name: 'y' }, conflicts)).toEqual([{ field: 'Matched Audience', base: '3', theirs: '—', mine: '9' }]);
  });

  it("names a journey's items by their names, from the server's copy or my edit", () => {
    const mine = { brands: [{ id: 5, name: 'Fizz' }, { id: 'tmp-1', name: 'New Brand 1' }], stages: [{ id: 148, name: 'Consider' }], base: { stages: [{ id: 9, name: 'Gone' }] } };
    const theirs = { brands: [{ id: 5, name: 'Fizz Original' }], stages: [{ id: 148, name: 'Consider' }] };
    expect(conflictFieldLabel('stages.148.name', mine, theirs)).toBe('Stage Consider: Name');
    expect(conflictFieldLabel('sub_markets.5/148.matched_id', mine, theirs)).toBe('Cell Fizz Original / Consider: Matched Audience');
    expect(conflictFieldLabel('brands.tmp-1.name', mine, theirs)).toBe('Brand New Brand 1: Name');
    expect(conflictFieldLabel('stages.9', mine, theirs)).toBe('Stage Gone');
    expect(conflictFieldLabel('brands.77', mine, theirs)).toBe('Brand 77');
    expect(conflictFieldLabel('stages.priority', mine, theirs)).toBe('Stages priority');
    expect(conflictFieldLabel('has_transition_data', mine, theirs)).toBe('Has transition data');
  });

  it('names a field as the user sees it (issue 27): "Name", not `name`; a figure by its market', () => {
    expect(conflictFieldLabel('name', {}, {})).toBe('Name');
    expect(conflictFieldLabel('population', {}, {})).toBe('Audience Population');
    expect(conflictFieldLabel('identifiers', {}, {})).toBe('Filters');
    expect(conflictFieldLabel('market:12:total', {}, {})).toBe('Market 12: Total');
    expect(conflictFieldLabel('sub_market:4:matched', {}, {})).toBe('Audience 4: Matched');
  });
});
