import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MESSAGES,
  CATEGORY_NAME_MAX,
  TOOLBOX_MESSAGES,
  UNIT_NAME_MAX,
  categoryTitle,
  clientContextChangeMessage,
  findCategoryName,
  groupUnits,
  isSsoTokenRequest,
  mayAnswerTokenRequest,
  nextPriority,
  normalizeCategoryName,
  normalizeUnit,
  reorder,
  ssoMessage,
  unitForCreate,
  validateCategoryName,
  validateUnit,
  type UnitDraft,
} from './toolbox';

const draft = (extra: Partial<UnitDraft> = {}): UnitDraft => ({
  name: 'Reach Planner',
  url: 'https://unit.example.com/app',
  iframed: true,
  status: true,
  region_ids: ['all'],
  feature_module_category: 'plans',
  ...extra,
});
const known = { regionIds: ['1', '2'], otherNames: ['brand-tracker'], categories: ['Plans', 'analytics'] };
const messages = (d: UnitDraft) => validateUnit(normalizeUnit(d), known);

describe('normalizeUnit', () => {
  it('trims name, url and category, drops repeated regions and an empty category', () => {
    expect(normalizeUnit(draft({ name: '  Planner ', url: ' https://x.example.com ', region_ids: ['1', '1', '2'], feature_module_category: ' plans ' })))
      .toMatchObject({ name: 'Planner', url: 'https://x.example.com', region_ids: ['1', '2'], feature_module_category: 'plans' });
    expect(normalizeUnit(draft({ feature_module_category: '  ' })).feature_module_category).toBeNull();
  });

  it('hiding clears the category and iframed (spec 1 §4)', () => {
    expect(normalizeUnit(draft({ status: false }))).toMatchObject({ status: false, feature_module_category: null, iframed: false });
    expect(normalizeUnit(draft())).toMatchObject({ status: true, feature_module_category: 'plans', iframed: true });
  });
});

describe('unitForCreate', () => {
  it('clears the id and forces status true (spec 1 §5)', () => {
    const made = unitForCreate({ ...draft({ status: false }), id: 7 });
    expect(made).not.toHaveProperty('id');
    expect(made.status).toBe(true);
  });
});

describe('validateUnit', () => {
  it('accepts a valid unit', () => {
    expect(messages(draft())).toEqual([]);
    expect(messages(draft({ iframed: false, url: 'http://intranet.example.com/x', region_ids: ['1', '2'] }))).toEqual([]);
  });

  it('needs a name of at most 100 characters after trimming', () => {
    expect(messages(draft({ name: '   ' }))).toEqual([{ field: 'name', message: TOOLBOX_MESSAGES.nameRequired }]);
    expect(messages(draft({ name: 'x'.repeat(UNIT_NAME_MAX) }))).toEqual([]);
    expect(messages(draft({ name: 'x'.repeat(UNIT_NAME_MAX + 1) }))).toEqual([{ field: 'name', message: 'A unit name can be at most 100 characters.' }]);
  });

  it("refuses a name another of the client's units has", () => {
    expect(messages(draft({ name: ' brand-tracker ' }))).toEqual([{ field: 'name', message: 'A unit named "brand-tracker" already exists.' }]);
  });

  it('needs an absolute http(s) URL, and https for an iframed unit', () => {
    for (const url of ['', 'toolbox.example.com', '/relative', 'ftp://files.example.com', 'javascript:alert(1)', 'https://']) {
      expect(messages(draft({ url })), url).toEqual([{ field: 'url', message: 'Enter an absolute URL that starts with https:// or http://.' }]);
    }
    expect(messages(draft({ url: 'http://unit.example.com' }))).toEqual([{ field: 'url', message: 'An iframed unit needs a URL that starts with https://.' }]);
    expect(messages(draft({ url: `https://x.example.com/${'a'.repeat(2048)}` }))).toEqual([{ field: 'url', message: TOOLBOX_MESSAGES.urlTooLong }]);
  });

  it("needs regions: all or the client's region ids", () => {
    expect(messages(draft({ region_ids: [] }))).toEqual([{ field: 'region_ids', message: 'Choose at least one region, or all regions.' }]);
    expect(messages(draft({ region_ids: ['1', '9'] }))).toEqual([{ field: 'region_ids', message: '"9" is not a region of this client.' }]);
    expect(messages(draft({ region_ids: ['all', '2'] }))).toEqual([]);
  });

  it("needs the category to be one of the client's, whatever its case, or none", () => {
    expect(messages(draft({ feature_module_category: 'PLANS' }))).toEqual([]);
    expect(messages(draft({ feature_module_category: null }))).toEqual([]);
    expect(messages(draft({ feature_module_category: 'creative' }))).toEqual([
      { field: 'feature_module_category', message: '"creative" is not a toolbox category of this client.' },
    ]);
    // A hidden unit has no category, whatever it named.
    expect(messages(draft({ status: false, feature_module_category: 'creative' }))).toEqual([]);
  });

  it('reports every field that is wrong, in field order', () => {
    expect(messages(draft({ name: '', url: 'nope', region_ids: [], feature_module_category: 'x' })).map((i) => i.field))
      .toEqual(['name', 'url', 'region_ids', 'feature_module_category']);
  });
});

describe('category names', () => {
  it('are trimmed with inner white space made one space', () => {
    expect(normalizeCategoryName('  Media \t  planning ')).toBe('Media planning');
  });

  it('are required, at most 50 characters, and unique per client whatever their case', () => {
    expect(validateCategoryName('', [])).toBe(CATEGORY_MESSAGES.nameRequired);
    expect(validateCategoryName('x'.repeat(CATEGORY_NAME_MAX), [])).toBeNull();
    expect(validateCategoryName('x'.repeat(CATEGORY_NAME_MAX + 1), [])).toBe('A category name can be at most 50 characters.');
    expect(validateCategoryName('PLANS', ['plans', 'analytics'])).toBe('A category named "plans" already exists.');
    expect(validateCategoryName('Planning', ['plans'])).toBeNull();
  });

  it('are found case-insensitively and read as headings with a capital', () => {
    expect(findCategoryName(['Plans', 'analytics'], ' plans ')).toBe('Plans');
    expect(findCategoryName(['Plans'], 'plan')).toBeNull();
    expect(categoryTitle('analytics')).toBe('Analytics');
  });

  it('say how many units hold a category that cannot be deleted', () => {
    expect(CATEGORY_MESSAGES.inUse('plans', 1)).toBe('The category "plans" still holds 1 unit. Move it to another category or delete it first.');
    expect(CATEGORY_MESSAGES.inUse('plans', 3)).toBe('The category "plans" still holds 3 units. Move them to another category or delete them first.');
  });
});

describe('reorder', () => {
  const categories = [
    { id: 3, name: 'c', priority: 2 },
    { id: 1, name: 'a', priority: 0 },
    { id: 2, name: 'b', priority: 1 },
    { id: 4, name: 'd', priority: 2 },
  ];
  const ids = (list: { id: number; priority: number }[]) => list.map((c) => c.id);

  it('moves one category to a position and numbers every category by its new place', () => {
    expect(reorder(categories, 1, 2)).toEqual([{ id: 2, priority: 0 }, { id: 3, priority: 1 }, { id: 1, priority: 2 }, { id: 4, priority: 3 }]);
    expect(ids(reorder(categories, 4, 0))).toEqual([4, 1, 2, 3]);
  });

  it('clamps the position and leaves the order alone for an unknown id', () => {
    expect(ids(reorder(categories, 1, 99))).toEqual([2, 3, 4, 1]);
    expect(ids(reorder(categories, 4, -5))).toEqual([4, 1, 2, 3]);
    expect(reorder(categories, 42, 0)).toEqual([{ id: 1, priority: 0 }, { id: 2, priority: 1 }, { id: 3, priority: 2 }, { id: 4, priority: 3 }]);
  });

  it('gives a new category the place after every other', () => {
    expect(nextPriority(categories)).toBe(3);
    expect(nextPriority([])).toBe(0);
  });
});

describe('groupUnits', () => {
  const unit = (name: string, feature_module_category: string | null, status = true) => ({ name, feature_module_category, status });
  const categories = [{ id: 1, name: 'analytics', priority: 1 }, { id: 2, name: 'Plans', priority: 0 }, { id: 3, name: 'empty', priority: 2 }];

  it('lists the categories in priority order with their units, then units without a category, then hidden ones', () => {
    const groups = groupUnits(categories, [
      unit('tracker', 'analytics'), unit('planner', 'plans'), unit('loose', null), unit('stale', 'gone'), unit('off', null, false), unit('mixer', 'Plans'),
    ]);
    expect(groups.map((g) => (g.kind === 'category' ? g.category.name : g.kind))).toEqual(['Plans', 'analytics', 'empty', 'none', 'hidden']);
    expect(groups.map((g) => g.units.map((u) => u.name))).toEqual([['planner', 'mixer'], ['tracker'], [], ['loose', 'stale'], ['off']]);
  });

  it('leaves out the two last groups when they are empty', () => {
    expect(groupUnits(categories, [unit('planner', 'plans')]).map((g) => g.kind)).toEqual(['category', 'category', 'category']);
  });
});

describe('single sign-on messages', () => {
  it('name the context by its slugs, and the validation address absolutely on the product origin', () => {
    expect(clientContextChangeMessage({ client: 'acme', region: 'us' })).toEqual({ type: 'clientContextChange', client: 'acme', region: 'us', brand: null, product: null });
    expect(ssoMessage('t.s', 'http://127.0.0.1:8414')).toEqual({ type: 'sso', token: 't.s', validationUrl: 'http://127.0.0.1:8414/api/auth/sso-token/validate' });
  });

  it('recognise a token request as a string or an object', () => {
    expect(isSsoTokenRequest('request-sso-token')).toBe(true);
    expect(isSsoTokenRequest({ type: 'request-sso-token' })).toBe(true);
    expect(isSsoTokenRequest({ type: 'sso' })).toBe(false);
    expect(isSsoTokenRequest(null)).toBe(false);
  });

  it("answer a token request only from the unit's own origin", () => {
    const url = 'https://unit.example.com:8443/app/index.html?x=1';
    expect(mayAnswerTokenRequest('https://unit.example.com:8443', url)).toBe(true);
    expect(mayAnswerTokenRequest('https://unit.example.com', url)).toBe(false);
    expect(mayAnswerTokenRequest('http://unit.example.com:8443', url)).toBe(false);
    expect(mayAnswerTokenRequest('https://evil.example.com:8443', url)).toBe(false);
    expect(mayAnswerTokenRequest('null', 'data:text/html,hi')).toBe(false);
    expect(mayAnswerTokenRequest('null', 'not a url')).toBe(false);
  });
});
