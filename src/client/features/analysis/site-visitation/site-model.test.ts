import { describe, expect, it } from 'vitest';
import type { SiteVisitation } from '@shared/schemas/analysis';
import { bandRows, buyerShare, groupAudienceName, mapperHref, siteSheets } from './site-model';

const rule = { include: { and: [[1]] }, exclude: [], values: [] };
const data: SiteVisitation = {
  brand: { id: 7, name: 'Fizz Cola', slug: 'fizz-cola' },
  has_data: true,
  people: 50_000,
  filtered_people: 50_000,
  filters: [],
  data_end: '2026-10',
  mapped: true,
  groups: [
    { slot: 'customer_site_visitors', name: 'Customer site visitors', segment: { id: 1, identifier: 'a', name: 'A' }, people: 2000, buyers: 2000, share_of_region: 0.04, small_sample: false, visits: [1000, 600, 400], rule },
    { slot: 'customer_site_non_visitors', name: 'Customer site non-visitors', segment: { id: 2, identifier: 'b', name: 'B' }, people: 6000, buyers: 6000, share_of_region: 0.12, small_sample: false, visits: null, rule },
    { slot: 'non_customer_site_visitors', name: 'Non-customer site visitors', segment: null, people: 0, buyers: 0, share_of_region: 0, small_sample: true, visits: null, rule: null },
  ],
  venn: { visitors: 5000, buyers: 8000, both: 2000 },
  visit_bands: [
    { key: 'once', name: 'Visited once', people: 2500, buyers: 1000 },
    { key: 'some', name: 'Visited 2-4 times', people: 1500, buyers: 600 },
    { key: 'often', name: 'Visited 5 or more times', people: 1000, buyers: 400 },
  ],
};

describe('site visitation', () => {
  it('opens the brand’s mapper in Brand Management of the region', () => {
    expect(mapperHref('acme', 'us', 7)).toBe('/acme/us/brands/admin?mapper=7');
  });

  it('names a group’s audience after the brand and the group', () => {
    expect(groupAudienceName('Fizz Cola', data.groups[0]!)).toBe('Fizz Cola customer site visitors');
    expect(buyerShare({ people: 0, buyers: 0 })).toBeNull();
    expect(buyerShare({ people: 200, buyers: 50 })).toBe(0.25);
  });

  it('lists the visit bands with their share of visitors and the buyers among them', () => {
    const rows = bandRows(data)!;
    expect(rows.map((r) => [r.key, r.share, r.buyerShare])).toEqual([['once', 0.5, 0.4], ['some', 0.3, 0.4], ['often', 0.2, 0.4]]);
    expect(bandRows({ ...data, visit_bands: null })).toBeNull();
  });

  it('exports the groups, the Venn’s figures and the bands', () => {
    const sheets = siteSheets(data);
    expect(sheets.map((s) => s.name)).toEqual(['Site groups', 'Visitors and buyers', 'Visit frequency']);
    expect(sheets[0]!.rows[5]!.map((c) => c?.value)).toEqual(['Non-customer site visitors', 'Not mapped', 0, 0, 0, null, 'Small sample']);
    expect(siteSheets({ ...data, visit_bands: null })).toHaveLength(2);
  });
});
