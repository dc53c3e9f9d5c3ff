import { describe, expect, it } from 'vitest';
import type { StoredCommand } from '../../lib/offline/db';
import { unitHandler, type UnitView } from './unit-commands';

const unit = (id: number, name: string, version = 1): UnitView => ({
  id, name, version, status: true, region_ids: ['all'], use_client_hierarchy: false, feature_module_category: 'toolbox', iframed: false, url: `https://x.example.com/${name}`, client_slug: 'acme',
});
const command = (method: StoredCommand['method'], entityId: string, body?: Partial<UnitView>): StoredCommand => ({
  id: `c-${entityId}-${method}`, entity: 'toolbox_unit', entityId, baseVersion: 1, createdAt: 1, state: 'pending', attempts: 0, nextAttemptAt: null,
  userId: 1, method, path: `/api/toolbox/units/${entityId}`, body, context: 'acme/us/fizz-cola/fizz-original', label: 'x',
});
const list = [unit(1, 'alpha'), unit(2, 'beta')];

describe('the toolbox unit handler', () => {
  it('shows a queued edit over the server copy, keeping its id and version, and marks it pending', () => {
    const view = unitHandler.apply(list, command('PUT', '1', { name: 'alpha-2', url: 'https://y.example.com/' }));
    expect(view[0]).toMatchObject({ id: 1, name: 'alpha-2', url: 'https://y.example.com/', version: 1, pending: true });
    expect(view[1]).toBe(list[1]);
  });

  it('shows a queued create under its temporary id, and a queued delete as gone', () => {
    const created = unitHandler.apply(list, command('POST', 'tmp-1', { name: 'gamma' }));
    expect(created.map((u) => [u.id, u.name, u.pending ?? false])).toEqual([[1, 'alpha', false], [2, 'beta', false], ['tmp-1', 'gamma', true]]);
    expect(unitHandler.apply(list, command('DELETE', '2')).map((u) => u.id)).toEqual([1]);
  });

  it("takes the server's copy when a command is applied: a create's temporary id gives way to the server id", () => {
    const withCreate = unitHandler.apply(list, command('POST', 'tmp-1', { name: 'gamma' }));
    const settled = unitHandler.settle(withCreate, command('POST', 'tmp-1'), unit(9, 'gamma'));
    expect(settled.map((u) => u.id)).toEqual([1, 2, 9]);
    expect(unitHandler.settle(list, command('PUT', '1'), unit(1, 'zeta', 2)).map((u) => [u.name, u.version])).toEqual([['beta', 1], ['zeta', 2]]);
    expect(unitHandler.settle(list, command('DELETE', '1'), null).map((u) => u.id)).toEqual([2]);
  });

  it('names its caches by the client of the command\'s context', () => {
    expect(unitHandler.queryKeys(command('PUT', '1'))).toEqual([['toolbox', 'units', 'acme']]);
  });
});
