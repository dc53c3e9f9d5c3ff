import { describe, expect, it } from 'vitest';
import type { ResourceInfo } from '@shared/schemas/roles';
import { allOn, columnCells, grantsOf, permissionsOf, rowCells, toggleCells } from './permission-grid-model';

const all = ['create', 'read', 'update', 'destroy'] as ResourceInfo['actions'];
const resources: ResourceInfo[] = [
  { resource: 'mekkos', label: 'Grow', group: 'insights', actions: all },
  { resource: 'audiences', label: 'Audiences', group: 'insights', actions: all },
  { resource: 'roles', label: 'Roles', group: 'administration', actions: all },
];
const T = { create: true, read: true, update: true, destroy: true };

describe('permission grid', () => {
  it('spells out every resource the grid shows and drops empty ones when written', () => {
    const grants = grantsOf(resources, { mekkos: { read: true } });
    expect(grants.audiences).toEqual({ create: false, read: false, update: false, destroy: false });
    expect(permissionsOf(grants)).toEqual({ mekkos: { create: false, read: true, update: false, destroy: false } });
  });

  it('a row toggle turns on what the caller holds, and off once all of it is on', () => {
    const held = { mekkos: { create: false, read: true, update: true, destroy: false } };
    const on = toggleCells(grantsOf(resources, {}), held, rowCells(resources[0]!));
    expect(on.mekkos).toEqual({ create: false, read: true, update: true, destroy: false });
    const off = toggleCells(on, held, rowCells(resources[0]!));
    expect(off.mekkos).toEqual({ create: false, read: false, update: false, destroy: false });
  });

  it('never changes a cell the caller does not hold, even one the role already grants', () => {
    const held = { audiences: T };
    const grants = grantsOf(resources, { mekkos: { read: true } });
    const next = toggleCells(grants, held, columnCells(resources, 'read'));
    expect(next.mekkos?.read).toBe(true);
    expect(next.audiences?.read).toBe(true);
    expect(toggleCells(next, held, columnCells(resources, 'read')).mekkos?.read).toBe(true);
    expect(toggleCells(grants, {}, rowCells(resources[0]!))).toBe(grants);
  });

  it('a column reads as all on only when every cell is', () => {
    const grants = grantsOf(resources, { mekkos: { read: true }, audiences: { read: true } });
    expect(allOn(grants, columnCells(resources, 'read'))).toBe(false);
    expect(allOn(grants, columnCells(resources.slice(0, 2), 'read'))).toBe(true);
  });
});
