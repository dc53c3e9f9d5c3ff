import { describe, expect, it } from 'vitest';
import { TOOLBOX_MESSAGES, UNIT_NAME_MAX, normalizeUnit, unitForCreate, validateUnit, type UnitDraft } from './toolbox';

const draft = (extra: Partial<UnitDraft> = {}): UnitDraft => ({
  name: 'Reach Planner',
  url: 'https://unit.example.com/app',
  iframed: true,
  status: true,
  region_ids: ['all'],
  feature_module_category: 'plans',
  ...extra,
});
const known = { regionIds: ['1', '2'], otherNames: ['brand-tracker'] };
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

  it('reports every field that is wrong, in field order', () => {
    expect(messages(draft({ name: '', url: 'nope', region_ids: [] })).map((i) => i.field)).toEqual(['name', 'url', 'region_ids']);
  });
});
