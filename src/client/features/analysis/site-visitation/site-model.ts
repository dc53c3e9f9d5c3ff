import { VISIT_BANDS } from '@shared/rules/analysis';
import type { SiteVisitation } from '@shared/schemas/analysis';
import { cell, tableSheet, type SheetSpec } from '../analysis-sheets';

/** Site Visitation's pure parts: where the mapping is made, the groups' audience names, the tables as sheets. */

type Group = SiteVisitation['groups'][number];

/** Brand Management of the region with the brand's segment mapper open (`?mapper=`). */
export const mapperHref = (client: string, region: string, brandId: number) => `/${client}/${region}/brands/admin?mapper=${brandId}`;

/** "Fizz Cola customer site visitors": a group saved as an audience. */
export const groupAudienceName = (brand: string, group: Pick<Group, 'name'>) => `${brand} ${group.name.toLowerCase()}`;

/** Of a group's people, the share who bought the brand in the last 12 months (null for no one). */
export const buyerShare = (group: Pick<Group, 'people' | 'buyers'>) => (group.people > 0 ? group.buyers / group.people : null);

export interface BandRow {
  key: string;
  name: string;
  people: number;
  buyers: number;
  /** Of all the visitors. */
  share: number | null;
  /** Of the band's visitors, the share who are buyers. */
  buyerShare: number | null;
}

/** The visit bands in VISIT_BANDS order with their share of the visitors, or null without visit data. */
export function bandRows(data: Pick<SiteVisitation, 'visit_bands'>): BandRow[] | null {
  if (!data.visit_bands) return null;
  const bands = data.visit_bands;
  const visitors = bands.reduce((s, b) => s + b.people, 0);
  return VISIT_BANDS.map((band) => {
    const row = bands.find((b) => b.key === band.key);
    const people = row?.people ?? 0;
    const buyers = row?.buyers ?? 0;
    return { key: band.key, name: row?.name ?? band.name, people, buyers, share: visitors > 0 ? people / visitors : null, buyerShare: buyerShare({ people, buyers }) };
  });
}

/** The groups, and the visit bands when known, as sheets. */
export function siteSheets(data: SiteVisitation): SheetSpec[] {
  const brand = data.brand.name;
  const sheets = [
    tableSheet(
      'Site groups',
      `${brand}: site-visit groups`,
      [{ header: 'Group', width: 28 }, { header: 'Segment', width: 32 }, { header: 'People' }, { header: 'Share of region', width: 16 }, { header: 'Buyers' }, { header: 'Buyers among them', width: 18 }, { header: 'Small sample', width: 14 }],
      data.groups.map((g) => [cell.label(g.name), cell.text(g.segment?.name ?? 'Not mapped'), cell.count(g.people), cell.share(g.share_of_region), cell.count(g.buyers), cell.share(buyerShare(g)), cell.flag(g.small_sample, 'Small sample')]),
    ),
    tableSheet(
      'Visitors and buyers',
      `${brand}: site visitors and buyers within the filters`,
      [{ header: 'Who', width: 24 }, { header: 'People' }],
      [
        [cell.label('Site visitors'), cell.count(data.venn.visitors)],
        [cell.label('Buyers'), cell.count(data.venn.buyers)],
        [cell.label('Both'), cell.count(data.venn.both)],
        [cell.label('Everyone'), cell.count(data.filtered_people)],
      ],
    ),
  ];
  const bands = bandRows(data);
  if (bands) {
    sheets.push(tableSheet(
      'Visit frequency',
      `${brand}: site visitors by visits in the last 12 months`,
      [{ header: 'Visits', width: 26 }, { header: 'Visitors' }, { header: 'Share of visitors', width: 18 }, { header: 'Buyers' }, { header: 'Buyers among them', width: 18 }],
      bands.map((b) => [cell.label(b.name), cell.count(b.people), cell.share(b.share), cell.count(b.buyers), cell.share(b.buyerShare)]),
    ));
  }
  return sheets;
}
