import { describe, expect, it } from 'vitest';
import type { PermissionSet } from '../permissions';
import { FEATURES } from './access';
import { adminContextOf, adminPages } from './admin-pages';
import { resolveContext } from './context';
import { allPermissions, demoHierarchy, readOnly } from './__fixtures__/hierarchy';

const allFlags = Object.fromEntries(FEATURES.map((f) => [f, true]));
const full = { client: 'acme', region: 'us', productPath: 'acme/us/cola/can', flags: allFlags };
const titles = (permissions: PermissionSet, at: Parameters<typeof adminPages>[1] = full) => adminPages(permissions, at).map((p) => p.title);

describe('adminPages', () => {
  it('lists every admin page an administrator may open, global ones first, then those of the context', () => {
    expect(adminPages(allPermissions(), full).map((p) => [p.title, p.to])).toEqual([
      ['Clients', '/global/admin/clients'],
      ['Regions', '/global/admin/regions'],
      ['Dashboard', '/global/admin/dashboard'],
      ['Roles', '/global/admin/roles'],
      ['Users', '/global/admin/users'],
      ['Brand Management', '/acme/us/brands/admin'],
      ['Grow / Widgets Upload', '/acme/us/upload/mekkos_upload/admin'],
      ['Surveys Upload', '/acme/us/upload/surveys_upload/admin'],
      ['Discussions Upload', '/acme/us/upload/discussions_upload/admin'],
      ['Journeys / Widgets Upload', '/acme/us/upload/journeys_upload/admin'],
      ['Explore / Widgets Upload', '/acme/us/upload/personas_upload/admin'],
      ['Scenario Planner Management', '/acme/us/cola/can/plans/admin'],
    ]);
    expect(adminPages(allPermissions(), full).every((p) => p.about.length > 0)).toBe(true);
  });
  it('lists only the pages the permissions open', () => {
    expect(titles(readOnly('brands'))).toEqual(['Brand Management']);
    // An upload page needs upload CRUD and its own resource.
    expect(titles(readOnly('upload', 'upload_surveys'))).toEqual([]);
    const uploader = { ...readOnly('upload_surveys'), upload: { create: true, read: true, update: true, destroy: true } } as PermissionSet;
    expect(titles(uploader)).toEqual(['Surveys Upload']);
    const curves = { curves: { create: true, read: true, update: true, destroy: false } } as PermissionSet;
    expect(titles(curves)).toEqual(['Scenario Planner Management']);
    expect(titles(curves, { ...full, flags: {} })).toEqual([]);
  });
  it('needs the context a page lives in', () => {
    expect(titles(allPermissions(), null)).toEqual(['Clients', 'Regions', 'Dashboard', 'Roles', 'Users']);
    const clientOnly = titles(allPermissions(), { client: 'acme', region: null, productPath: null, flags: allFlags });
    expect(clientOnly.slice(5)).toEqual(['Brand Management']);
    expect(adminPages(allPermissions(), { client: 'acme', region: null, productPath: null, flags: allFlags })[5]!.to).toBe('/acme/brands/admin');
    expect(titles(allPermissions(), { ...full, productPath: null })).not.toContain('Scenario Planner Management');
  });
});

describe('adminContextOf', () => {
  it('takes the client, region, product path and flags of a resolved context', () => {
    const hierarchy = demoHierarchy();
    expect(adminContextOf(resolveContext(hierarchy, { client: 'acme', region: 'us', brand: 'cola', product: 'can' }))).toEqual({ client: 'acme', region: 'us', productPath: 'acme/us/cola/can', flags: {} });
    expect(adminContextOf(resolveContext(hierarchy, { client: 'acme', region: 'us' }))).toEqual({ client: 'acme', region: 'us', productPath: null, flags: {} });
    expect(adminContextOf(resolveContext(hierarchy, { client: 'acme', region: 'xx', brand: 'cola', product: 'can' }))).toEqual({ client: 'acme', region: null, productPath: null, flags: {} });
    expect(adminContextOf(null)).toBeNull();
  });
});
