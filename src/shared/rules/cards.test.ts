import { describe, expect, it } from 'vitest';
import { FEATURES } from './access';
import { HOME_CARDS, canAccessAudiences, isCardEnabled, resolveCards, showWelcomeCard, type CardInput, type HomeCardDef } from './cards';
import { allPermissions } from './__fixtures__/hierarchy';

const allData = { bestCustomer: true, customerAttrition: true, siteVisitation: true };
const noData = { bestCustomer: false, customerAttrition: false, siteVisitation: false };
const ctx = { productPath: 'acme/us/cola/can', companyId: 77 };

function input(extra: Partial<CardInput> = {}): CardInput {
  return { flags: {}, permissions: allPermissions(), availability: allData, context: ctx, ...extra };
}
const ids = (i: CardInput) => resolveCards(i).map((c) => c.id);

describe('isCardEnabled', () => {
  const base: HomeCardDef = { id: 'x', title: 'X', body: '', actions: () => [] };
  it('shows "always" cards', () => {
    expect(isCardEnabled({ ...base, always: true }, { flags: {}, permissions: undefined })).toBe(true);
  });
  it('needs the flag strictly true', () => {
    expect(isCardEnabled({ ...base, flag: 'pve' }, { flags: { pve: true }, permissions: undefined })).toBe(true);
    expect(isCardEnabled({ ...base, flag: 'pve' }, { flags: { pve: false }, permissions: undefined })).toBe(false);
    expect(isCardEnabled({ ...base, flag: 'pve' }, { flags: {}, permissions: undefined })).toBe(false);
  });
  it('or the feature module accessible', () => {
    expect(isCardEnabled({ ...base, area: 'grow' }, { flags: { grow: true }, permissions: allPermissions() })).toBe(true);
    expect(isCardEnabled({ ...base, area: 'grow' }, { flags: { grow: true }, permissions: {} })).toBe(false);
    expect(isCardEnabled({ ...base, area: 'grow' }, { flags: {}, permissions: allPermissions() })).toBe(false);
  });
  it('is hidden with none of the three', () => {
    expect(isCardEnabled(base, { flags: {}, permissions: allPermissions() })).toBe(false);
  });
});

describe('resolveCards', () => {
  it('shows nothing for a client without features or flags', () => {
    expect(resolveCards(input())).toEqual([]);
  });
  it('shows the analysis cards with Take Me There into insights', () => {
    const flags = Object.fromEntries(FEATURES.map((f) => [f, true]));
    const cards = resolveCards(input({ flags }));
    expect(cards.map((c) => c.id)).toEqual(['identify-best-customers', 'site-visitation', 'best-customer', 'customer-attrition', 'buyer-retention']);
    expect(cards[0]!.title).toBe('Identify Your Best Customers');
    expect(cards[1]!.actions).toEqual([{ label: 'Take Me There', target: { kind: 'internal', path: '/acme/us/cola/can/insights/site-visitation' } }]);
  });
  it('replaces the actions by the fallback when data is unavailable', () => {
    const flags = { 'best-customer': true, 'customer-attrition': true, 'site-visitation': true };
    const cards = resolveCards(input({ flags, availability: noData }));
    expect(cards.map((c) => c.actions.map((a) => a.label))).toEqual([['Learn More'], ['Learn More'], ['View Insights']]);
    expect(cards.every((c) => c.actions.every((a) => a.target.kind === 'external'))).toBe(true);
  });
  it('hides a data-dependent card without a fallback', () => {
    const card: HomeCardDef = { id: 'd', title: 'D', body: '', always: true, data: 'bestCustomer', actions: () => [] };
    expect(resolveCards(input({ availability: noData }), [card])).toEqual([]);
    expect(resolveCards(input(), [card])).toHaveLength(1);
  });
  it('links the optimized audience card to the builder', () => {
    const [card] = resolveCards(input({ flags: { pve_product_category: true } }));
    expect(card!.actions[0]!.target).toEqual({ kind: 'internal', path: '/acme/us/cola/can/audiences/builder?set_hierarchy=pve_product_category' });
  });
  it('uses the company id for external cards and 2000 for the demo', () => {
    const cards = resolveCards(input({ flags: { nlrr: true, path_to_purchase_demo: true } }));
    expect(cards.map((c) => c.id)).toEqual(['nlrr']);
    const url = cards[0]!.actions[0]!.target;
    expect(url.kind === 'external' && url.url.endsWith('company_id=77')).toBe(true);
    const demo = resolveCards(input({ flags: { path_to_purchase_demo: true } }));
    expect(demo.map((c) => c.id)).toEqual(['path-to-purchase-demo']);
    expect(JSON.stringify(demo[0]!.actions)).toContain('company_id=2000');
  });
  it('suppresses the demo card when the client has path_to_purchase', () => {
    expect(ids(input({ flags: { path_to_purchase: true, path_to_purchase_demo: true } }))).toEqual(['path-to-purchase']);
  });
  it('falls back to the demo company id without a company id', () => {
    const cards = resolveCards(input({ flags: { path_to_purchase: true }, context: { ...ctx, companyId: null } }));
    expect(JSON.stringify(cards[0]!.actions)).toContain('company_id=2000');
  });
  it('defines unique card ids', () => {
    expect(new Set(HOME_CARDS.map((c) => c.id)).size).toBe(HOME_CARDS.length);
  });
});

describe('showWelcomeCard', () => {
  it('shows only with no cards and no audiences access', () => {
    expect(showWelcomeCard(0, false)).toBe(true);
    expect(showWelcomeCard(0, true)).toBe(false);
    expect(showWelcomeCard(2, false)).toBe(false);
  });
});

describe('canAccessAudiences', () => {
  it('needs the audiences feature and read on audiences', () => {
    expect(canAccessAudiences({ audiences: true }, allPermissions())).toBe(true);
    expect(canAccessAudiences({ audiences: true }, { audiences: { create: false, read: true, update: false, destroy: false } })).toBe(true);
  });
  it('is refused when the client lacks the audiences feature, whatever the permissions', () => {
    expect(canAccessAudiences({}, allPermissions())).toBe(false);
    expect(canAccessAudiences({ audiences: false }, allPermissions())).toBe(false);
  });
  it('is refused without read on audiences', () => {
    expect(canAccessAudiences({ audiences: true }, {})).toBe(false);
    expect(canAccessAudiences({ audiences: true }, undefined)).toBe(false);
  });
});
