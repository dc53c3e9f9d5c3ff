import { useId, useState } from 'react';
import type { TierKey } from '@shared/rules/analysis';
import type { CustomerValue } from '@shared/schemas/analysis';
import { PersonLevel } from '../../../components/insights/person-level';
import { ProfileBaseSwitch, type ProfileBase } from '../profile-base-switch';
import { formatShare } from '../analysis-format';

/**
 * Who each value tier is: its people's demographic profile against all buyers (or everyone in the
 * region), as Grow and Explore show an audience (index widgets with their small-sample and
 * significance flags), the categories chosen as there. The tier picker chooses whose profile it is.
 */
export function TierProfiles({ context, data }: { context: string; data: CustomerValue }) {
  const id = useId();
  const withPeople = data.tiers.filter((t) => t.people > 0 && t.rule !== null);
  const [picked, setPicked] = useState<TierKey | null>(null);
  const [base, setBase] = useState<ProfileBase>('buyers');
  const tier = withPeople.find((t) => t.key === picked) ?? withPeople[0];
  const buyers = data.buyers_rule;
  const shownBase = buyers ? base : 'region';
  return (
    <section className="analysis-section" aria-labelledby={`${id}-title`}>
      <div className="analysis-section__header">
        <h2 id={`${id}-title`}>Who the tiers are</h2>
        {tier ? (
          <div className="analysis-pickers">
            <div className="field field--inline">
              <label htmlFor={`${id}-tier`}>Tier</label>
              <select id={`${id}-tier`} value={tier.key} onChange={(e) => setPicked(e.target.value as TierKey)}>
                {withPeople.map((t) => <option key={t.key} value={t.key}>{t.name}</option>)}
              </select>
            </div>
            {buyers ? <ProfileBaseSwitch value={shownBase} onChange={setBase} /> : null}
          </div>
        ) : null}
      </div>
      {tier && tier.rule ? (
        <PersonLevel
          key={`${tier.key}:${shownBase}`}
          area="analysis"
          context={context}
          rules={tier.rule}
          countType="people_count"
          tv={null}
          base={shownBase === 'buyers' && buyers ? { rules: buyers, name: 'Buyers' } : undefined}
          summary={
            <p className="analysis-section__note">
              {tier.name} tier: {tier.people.toLocaleString('en-US')} buyers ({formatShare(tier.share_of_buyers)} of buyers), against {shownBase === 'buyers' ? `all ${data.buyers.toLocaleString('en-US')} buyers` : 'everyone in the region'}.
              {tier.small_sample ? <span className="analysis-flag">Small sample</span> : null}
            </p>
          }
        />
      ) : <p className="analysis-section__note">No tier has buyers within these filters.</p>}
    </section>
  );
}
