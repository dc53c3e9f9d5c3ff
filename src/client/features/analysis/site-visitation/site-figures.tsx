import './site-visitation.css';
import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { formatCount } from '@shared/rules/grow';
import type { SiteVisitation } from '@shared/schemas/analysis';
import { PersonLevel } from '../../../components/insights/person-level';
import { ExportTableButton, SaveAsAudienceButton } from '../analysis-frame';
import { formatShare } from '../analysis-format';
import { ChartFigure } from '../charts/chart-figure';
import { bandRows, buyerShare, groupAudienceName, siteSheets } from './site-model';
import { vennLayout } from './venn';

type Group = SiteVisitation['groups'][number];

/** The mapped brand's figures: the groups, the Venn, visit frequency, and each group's profile. */
export function SiteFigures({ data, context }: { data: SiteVisitation; context: string }) {
  const brand = data.brand.name;
  const { visitors, buyers, both } = data.venn;
  return (
    <>
      <section className="analysis-section" aria-labelledby="site-groups">
        <div className="analysis-section__header">
          <h2 id="site-groups">Site-visit groups</h2>
          <div className="analysis-section__actions">
            <ExportTableButton fileName={`${brand} site visitation`} sheets={() => siteSheets(data)} />
          </div>
        </div>
        <ul className="site-groups">
          {data.groups.map((g) => <GroupCard key={g.slot} group={g} brand={brand} />)}
        </ul>
      </section>
      <div className="analysis-columns">
        <section className="analysis-section">
          <ChartFigure
            title="Site visitors and buyers"
            fileName={`${brand} site visitors and buyers`}
            layoutFor={(width) => vennLayout(data.venn, width)}
            label={`Site visitors ${formatCount(visitors)}, buyers ${formatCount(buyers)}, both ${formatCount(both)}, of ${formatCount(data.filtered_people)} people`}
          >
            <p className="analysis-section__note">Circles’ areas are the people in them; buyers bought the brand in the last 12 months. Of {formatCount(data.filtered_people)} people, {formatCount(Math.max(0, data.filtered_people - visitors - buyers + both))} are in neither.</p>
          </ChartFigure>
        </section>
        <VisitBands data={data} />
      </div>
      <Profiles data={data} context={context} />
    </>
  );
}

function GroupCard({ group, brand }: { group: Group; brand: string }) {
  return (
    <li className="site-group">
      <h3 className="site-group__name">{group.name}</h3>
      {group.segment ? (
        <>
          <p className="site-group__segment">{group.segment.name}</p>
          <dl className="site-group__figures">
            <div><dt>People</dt><dd>{formatCount(group.people)}{group.small_sample ? <span className="analysis-flag">Small sample</span> : null}</dd></div>
            <div><dt>Share of region</dt><dd>{formatShare(group.share_of_region)}</dd></div>
            <div><dt>Buyers among them</dt><dd>{formatCount(group.buyers)} <span className="site-group__share">({formatShare(buyerShare(group))})</span></dd></div>
          </dl>
          {group.rule && group.people > 0 ? <SaveAsAudienceButton rule={group.rule} defaultName={groupAudienceName(brand, group)} of={group.name} /> : null}
        </>
      ) : (
        <p className="analysis-section__note">Not mapped, or its segment is not in this region.</p>
      )}
    </li>
  );
}

/** Visitors by how often they came, with a bar of their share, and the buyers among them. */
function VisitBands({ data }: { data: SiteVisitation }) {
  const rows = bandRows(data);
  const most = Math.max(0, ...(rows ?? []).map((r) => r.share ?? 0));
  return (
    <section className="analysis-section" aria-labelledby="site-visits">
      <div className="analysis-section__header">
        <h2 id="site-visits">Visit frequency</h2>
      </div>
      {rows ? (
        <div className="analysis-table-wrap">
          <table className="data-table analysis-table">
            <caption className="visually-hidden">Site visitors by visits in the last 12 months</caption>
            <thead>
              <tr>
                <th scope="col">Visits</th>
                <th scope="col" className="num">Visitors</th>
                <th scope="col">Share of visitors</th>
                <th scope="col" className="num">Buyers among them</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{r.name}</th>
                  <td className="num">{formatCount(r.people)}</td>
                  <td className="site-band__share">
                    <span>{formatShare(r.share)}</span>
                    <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={{ width: `${most > 0 ? ((r.share ?? 0) / most) * 100 : 0}%` }} /></span>
                  </td>
                  <td className="num">{formatCount(r.buyers)} <span className="site-group__share">({formatShare(r.buyerShare)})</span></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="analysis-section__note">How often people visit is not known for this brand’s site.</p>
      )}
    </section>
  );
}

/** Who each group is against everyone in the region: one group at a time, chosen by tab. */
function Profiles({ data, context }: { data: SiteVisitation; context: string }) {
  const groups = data.groups.filter((g): g is Group & { rule: NonNullable<Group['rule']> } => g.rule !== null && g.people > 0);
  const [slot, setSlot] = useState<string>(groups[0]?.slot ?? '');
  if (groups.length === 0) return null;
  const shown = groups.find((g) => g.slot === slot) ?? groups[0]!;
  return (
    <section className="analysis-section" aria-labelledby="site-profiles">
      <div className="analysis-section__header">
        <h2 id="site-profiles">Who they are</h2>
      </div>
      <p className="analysis-section__note">Each value’s share of the group against its share of everyone in the region (index 100 = the same).</p>
      <Tabs.Root value={shown.slot} onValueChange={setSlot}>
        <Tabs.List className="tabs__list" aria-label="Site-visit group">
          {groups.map((g) => <Tabs.Trigger key={g.slot} value={g.slot} className="tabs__trigger">{g.name}</Tabs.Trigger>)}
        </Tabs.List>
        <Tabs.Content value={shown.slot}>
          <PersonLevel area="analysis" context={context} rules={shown.rule} countType="people_count" tv={null} summary={null} />
        </Tabs.Content>
      </Tabs.Root>
    </section>
  );
}
