import { describe, expect, it } from 'vitest';
import { CATEGORY_ORDER } from '../constants';
import type { ToolboxUnit } from '../schemas/toolbox';
import { FEATURES } from './access';
import { activeEntryId, buildNavigation, firstInsightsPath, homeGroup, NO_DATA, visibleUnits, withAdminIndex, type NavInput } from './navigation';
import { allPermissions, readOnly } from './__fixtures__/hierarchy';

const allFlags = Object.fromEntries(FEATURES.map((f) => [f, true]));
const allData = { bestCustomer: true, customerAttrition: true, siteVisitation: true, customerSegmentation: true };

function input(extra: Partial<NavInput> = {}): NavInput {
  return {
    client: { slug: 'acme', feature_flags: allFlags, conversant_company_id: 77 },
    region: { id: 1, slug: 'us' },
    productPath: 'acme/us/cola/can',
    homePath: '/acme/us/cola/can/home',
    permissions: allPermissions(),
    units: [],
    availability: allData,
    ...extra,
  };
}

const ids = (i: NavInput) => buildNavigation(i).flatMap((g) => g.entries.map((e) => e.id));

function unit(extra: Partial<ToolboxUnit> = {}): ToolboxUnit {
  return {
    id: 1, name: 'Reach Planner', status: true, region_ids: ['all'], use_client_hierarchy: false,
    feature_module_category: null, iframed: true, url: 'https://unit.example.com', client_slug: 'acme', version: 1, ...extra,
  };
}

describe('buildNavigation', () => {
  it('orders categories as CATEGORY_ORDER and ends with home', () => {
    const groups = buildNavigation(input());
    const order = groups.map((g) => g.category);
    expect(order).toEqual(CATEGORY_ORDER.filter((c) => order.includes(c)));
    expect(order.at(-1)).toBe('home');
    expect(groups.at(-1)!.entries[0]!.target).toEqual({ kind: 'internal', path: '/acme/us/cola/can/home' });
  });
  it('links features under the product context with display names', () => {
    const grow = buildNavigation(input()).flatMap((g) => g.entries).find((e) => e.id === 'insights/grow')!;
    expect(grow.target).toEqual({ kind: 'internal', path: '/acme/us/cola/can/insights/grow' });
    const sv = buildNavigation(input()).flatMap((g) => g.entries).find((e) => e.id === 'insights/site-visitation')!;
    expect(sv.label).toBe('Site Visitation');
  });
  it('needs a product in context for features', () => {
    expect(ids(input({ productPath: null, homePath: '/acme/us/home' }))).toEqual(['home/home']);
  });
  it('hides features the client lacks or the user may not read', () => {
    expect(ids(input({ client: { slug: 'acme', feature_flags: { grow: true }, conversant_company_id: null } }))).toEqual(['insights/grow', 'home/home']);
    expect(ids(input({ permissions: readOnly('mekkos', 'outcomes') }))).toEqual(['insights/grow', 'outcomes/measure', 'home/home']);
  });
  it('needs data availability for best customer and customer attrition', () => {
    const list = ids(input({ availability: { ...allData, bestCustomer: false, customerAttrition: false } }));
    expect(list).not.toContain('insights/best-customer');
    expect(list).not.toContain('insights/customer-attrition');
    expect(ids(input())).toContain('insights/best-customer');
  });
  it('sends site visitation to an external page when its data is unavailable', () => {
    const entry = buildNavigation(input({ availability: NO_DATA })).flatMap((g) => g.entries).find((e) => e.feature === 'site-visitation')!;
    expect(entry.target.kind).toBe('external');
  });
  it('shows ams only with the ams feature and ams_activation read', () => {
    expect(ids(input())).toContain('audiences/ams');
    const perms = { ...allPermissions(), ams_activation: undefined };
    expect(ids(input({ permissions: perms }))).not.toContain('audiences/ams');
    expect(ids(input({ client: { slug: 'acme', feature_flags: { ...allFlags, ams: false }, conversant_company_id: 1 } }))).not.toContain('audiences/ams');
  });
  it('shows nlrr only with the flag and customer segmentation data', () => {
    const flags = { ...allFlags, nlrr: true };
    const withFlag = input({ client: { slug: 'acme', feature_flags: flags, conversant_company_id: 1 } });
    const entry = buildNavigation(withFlag).flatMap((g) => g.entries).find((e) => e.id === 'audiences/nlrr')!;
    expect(entry.target).toEqual({ kind: 'internal', path: '/acme/us/cola/can/audiences/builder?set_hierarchy=nlrr' });
    expect(ids({ ...withFlag, availability: { ...allData, customerSegmentation: false } })).not.toContain('audiences/nlrr');
    expect(ids(input())).not.toContain('audiences/nlrr');
  });
  it('opens path to purchase externally with the company id', () => {
    const i = input({ client: { slug: 'acme', feature_flags: { path_to_purchase: true }, conversant_company_id: 77 } });
    const entry = buildNavigation(i).flatMap((g) => g.entries).find((e) => e.feature === 'path-to-purchase')!;
    expect(entry.target.kind === 'external' && entry.target.url.endsWith('company_id=77')).toBe(true);
    const demo = { ...i, client: { ...i.client, conversant_company_id: null } };
    const e2 = buildNavigation(demo).flatMap((g) => g.entries).find((e) => e.feature === 'path-to-purchase')!;
    expect(e2.target.kind === 'external' && e2.target.url.endsWith('company_id=2000')).toBe(true);
  });
  it('lists toolbox units under toolbox, iframed inside the product, others external', () => {
    const units = [unit(), unit({ id: 2, name: 'Ext', iframed: false })];
    const toolbox = buildNavigation(input({ units })).find((g) => g.category === 'toolbox')!;
    expect(toolbox.entries.map((e) => e.target)).toEqual([
      { kind: 'internal', path: '/acme/us/cola/can/toolbox' },
      { kind: 'internal', path: '/acme/us/cola/can/toolbox-app/Reach%20Planner' },
      { kind: 'external', url: 'https://unit.example.com' },
    ]);
  });
  it('puts region-level units at the region without a product', () => {
    const groups = buildNavigation(input({ productPath: null, units: [unit()] }));
    expect(groups.find((g) => g.category === 'toolbox')!.entries[0]!.target).toEqual({ kind: 'internal', path: '/acme/us/toolbox-app/Reach%20Planner' });
    expect(buildNavigation(input({ productPath: null, region: undefined, units: [unit()] })).map((g) => g.category)).toEqual(['home']);
  });
});

describe('visibleUnits', () => {
  it('needs an active unit', () => {
    expect(visibleUnits([unit({ status: false })], 1, true)).toEqual([]);
  });
  it('needs "all" or the current region id', () => {
    expect(visibleUnits([unit({ region_ids: ['1'] })], 1, true)).toHaveLength(1);
    expect(visibleUnits([unit({ region_ids: ['2'] })], 1, true)).toEqual([]);
    expect(visibleUnits([unit({ region_ids: ['2'] })], undefined, true)).toEqual([]);
  });
  it('needs a product for units that use the client hierarchy', () => {
    expect(visibleUnits([unit({ use_client_hierarchy: true })], 1, false)).toEqual([]);
    expect(visibleUnits([unit({ use_client_hierarchy: true })], 1, true)).toHaveLength(1);
  });
});

describe('activeEntryId', () => {
  it('highlights the feature of the current page', () => {
    expect(activeEntryId('/acme/us/cola/can/insights/grow/12')).toBe('insights/grow');
    expect(activeEntryId('/acme/us/cola/can/insights/journey-builder')).toBe('insights/journey');
    expect(activeEntryId('/acme/us/cola/can/audiences/builder')).toBe('audiences/overview');
    expect(activeEntryId('/acme/us/cola/can/home')).toBe('home/home');
    expect(activeEntryId('/acme/home')).toBe('home/home');
    expect(activeEntryId('/acme/us/cola/can/plans')).toBe('plans/scenario-planner');
    expect(activeEntryId('/acme/us/cola/can/plans/admin')).toBe('plans/scenario-planner-management');
    expect(activeEntryId('/acme/us/cola/can/toolbox')).toBe('toolbox/toolbox');
    expect(activeEntryId('/acme/us/toolbox-app/Reach%20Planner')).toBe('toolbox/unit:Reach Planner');
  });
  it('is null when nothing matches', () => {
    expect(activeEntryId('/acme/us/cola/can')).toBeNull();
    expect(activeEntryId('/acme/us/cola/can/insights')).toBeNull();
    expect(activeEntryId('/acme/us/cola/can/toolbox-app')).toBeNull();
  });
});

describe('category and entry names', () => {
  it('names every category and entry as the user reads it, never by its lower-case slug', () => {
    const groups = buildNavigation(input());
    expect(groups.map((g) => g.label)).toEqual(groups.map((g) => g.category.charAt(0).toUpperCase() + g.category.slice(1)));
    const labels = groups.flatMap((g) => g.entries.map((e) => e.label));
    expect(labels).toContain('Customer Value');
    expect(labels).toContain('AMS');
    expect(labels).toContain('Scenario Planner Management');
    expect(labels.filter((l) => l === l.toLowerCase())).toEqual([]);
  });
});

describe('homeGroup', () => {
  it('is the home group buildNavigation ends with, for the path given', () => {
    expect(homeGroup('/acme/us/cola/can/home')).toEqual(buildNavigation(input({ homePath: '/acme/us/cola/can/home' })).at(-1));
    expect(homeGroup('/home').entries[0]!.target).toEqual({ kind: 'internal', path: '/home' });
  });
});

describe('firstInsightsPath', () => {
  it('opens the first insights feature the client has and the user may read', () => {
    expect(firstInsightsPath(allFlags, allPermissions())).toBe('insights/explore');
    expect(firstInsightsPath({ grow: true, journey: true }, allPermissions())).toBe('insights/grow');
    expect(firstInsightsPath(allFlags, readOnly('journeys', 'outcomes'))).toBe('insights/journey');
  });
  it('is null when no insights feature is open', () => {
    expect(firstInsightsPath({ measure: true }, allPermissions())).toBeNull();
    expect(firstInsightsPath(allFlags, readOnly('outcomes'))).toBeNull();
  });
});

describe('withAdminIndex', () => {
  const groups = buildNavigation(input({ productPath: null, homePath: '/home' }));
  it('gives the admin pages a way back to the admin index, before home', () => {
    for (const path of ['/global/admin', '/global/admin/roles', '/acme/us/brands/admin', '/acme/us/upload/surveys_upload/admin']) {
      const withIndex = withAdminIndex(groups, path);
      expect(withIndex.map((g) => g.category)).toEqual(['admin', 'home']);
      expect(withIndex[0]!.entries).toEqual([{ id: 'admin/index', category: 'admin', feature: 'admin', label: 'Admin', target: { kind: 'internal', path: '/global/admin' } }]);
    }
  });
  it('leaves the other pages alone', () => {
    expect(withAdminIndex(groups, '/acme/us/cola/can/home')).toEqual(groups);
  });
  it('highlights the admin entry on the admin index', () => {
    expect(activeEntryId('/global/admin')).toBe('admin/index');
    expect(activeEntryId('/global/admin/roles')).toBeNull();
  });
});
