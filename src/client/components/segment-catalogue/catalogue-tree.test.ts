import { describe, expect, it } from 'vitest';
import { buildTree, filterCatalogue, highlight, regionCount, vendorsOf, type CatalogueSegment } from './catalogue-tree';

let next = 1;
const seg = (path: string[], extra: Partial<CatalogueSegment> = {}): CatalogueSegment => ({
  id: next++, name: path.at(-1)!, path_parts: path, vendor_name: 'Acme', vendor_type: 'matched', deleted: false, create_audience_single: true,
  count: { people: { us: 10 } }, ...extra,
});

const gaming = seg(['Interests', 'Entertainment', 'Gaming']);
const running = seg(['Interests', 'Sports', 'Running'], { vendor_name: 'Zeta' });
const gone = seg(['Interests', 'Sports', 'Cricket'], { deleted: true });
const auto = seg(['Auto Intenders'], { vendor_type: 'modeled', count: { people: {} } });
const all = [gaming, running, gone, auto];

describe('catalogue tree', () => {
  it('groups segments by their path parts, leaves deleted ones out and counts what is under each folder', () => {
    const root = buildTree(all);
    expect(root.size).toBe(3);
    expect(root.segments.map((s) => s.name)).toEqual(['Auto Intenders']);
    const interests = root.children[0]!;
    expect(interests.label).toBe('Interests');
    expect(interests.size).toBe(2);
    expect(interests.children.map((c) => [c.key, c.segments.map((s) => s.name)])).toEqual([
      ['Interests > Entertainment', ['Gaming']],
      ['Interests > Sports', ['Running']],
    ]);
  });

  it('searches every word across name and path, and filters by vendor and vendor type', () => {
    expect(filterCatalogue(all, { q: 'sports', vendor: null, vendorType: null })).toEqual([running]);
    expect(filterCatalogue(all, { q: 'interests gam', vendor: null, vendorType: null })).toEqual([gaming]);
    expect(filterCatalogue(all, { q: 'cricket', vendor: null, vendorType: null })).toEqual([]);
    expect(filterCatalogue(all, { q: '', vendor: 'Zeta', vendorType: null })).toEqual([running]);
    expect(filterCatalogue(all, { q: '', vendor: null, vendorType: 'modeled' })).toEqual([auto]);
  });

  it('marks the matched parts of a text', () => {
    expect(highlight('Interests > Gaming', 'gam int')).toEqual([
      { text: 'Int', match: true }, { text: 'erests > ', match: false }, { text: 'Gam', match: true }, { text: 'ing', match: false },
    ]);
    expect(highlight('Gaming', '')).toEqual([{ text: 'Gaming', match: false }]);
  });

  it('lists vendors and types, and reads the region count', () => {
    expect(vendorsOf(all)).toEqual({ vendors: ['Acme', 'Zeta'], types: ['matched', 'modeled'] });
    expect(regionCount(gaming, 'us')).toBe(10);
    expect(regionCount(auto, 'us')).toBe(0);
  });
});
