import './best-customer/best-customer.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BestCustomer } from '@shared/schemas/analysis';
import { PersonLevel } from '../../components/insights/person-level';
import type { ProductScope } from '../../lib/guards';
import { AnalysisFrame, ExportTableButton, SaveAsAudienceButton, contextOf, useAnalysisFilters } from './analysis-frame';
import { formatMoney, formatShare } from './analysis-format';
import { bestCustomerQueryOptions } from './analysis-queries';
import { askedSettings, bestSheet, initialBestSettings, type BestSettingsState } from './best-customer/best-customer-model';
import { BestSettings } from './best-customer/best-settings';
import { OptimizedAudienceButton, OptimizedAudienceStatus } from './best-customer/optimized-audience';
import { OverIndexedTable } from './best-customer/over-indexed-table';
import { ProfileBaseSwitch, type ProfileBase } from './profile-base-switch';

/**
 * Best Customer (issue 32): who the brand's best customers are (the top value tier, or the top
 * X % of buyers by spend), what they are worth against all buyers, who they are against all
 * buyers and against the region, the segments they over-index on, and two ways to act on them:
 * save them as an audience, or build an optimized audience that finds more people like them.
 */
export function BestCustomerPage({ scope }: { scope: ProductScope }) {
  const context = contextOf(scope);
  const [filters, setFilters] = useAnalysisFilters(scope);
  const [settings, setSettings] = useState<BestSettingsState>(initialBestSettings);
  const query = useQuery(bestCustomerQueryOptions(context, filters, askedSettings(settings)));
  const data = query.data;
  return (
    <AnalysisFrame
      title="Best Customer"
      scope={scope}
      filters={filters}
      onFiltersChange={setFilters}
      query={query}
      settings={<BestSettings state={settings} onChange={setSettings} />}
    >
      {data ? <BestCustomerFigures scope={scope} context={context} data={data} /> : null}
    </AnalysisFrame>
  );
}

function BestCustomerFigures({ scope, context, data }: { scope: ProductScope; context: string; data: BestCustomer }) {
  const money = (n: number) => formatMoney(n, data.currency);
  const name = `${data.brand.name} best customers`;
  return (
    <>
      <section className="analysis-section" aria-labelledby="bc-best">
        <div className="analysis-section__header">
          <h2 id="bc-best">Best customers</h2>
          <div className="analysis-section__actions">
            <ExportTableButton fileName={name} sheets={() => [bestSheet(data)]} />
            <SaveAsAudienceButton rule={data.best.rule} defaultName={name} />
            {data.best.rule ? <OptimizedAudienceButton scope={scope} context={context} seed={{ rule: data.best.rule, people: data.best.people }} defaultName={`${name}: optimized`} /> : null}
          </div>
        </div>
        <p className="analysis-definition" data-testid="best-definition">{data.definition.label}</p>
        <dl className="analysis-figures">
          <div>
            <dt>Best customers</dt>
            <dd>{data.best.people.toLocaleString('en-US')}{data.best.small_sample ? <span className="analysis-flag">Small sample</span> : null}</dd>
          </div>
          <div><dt>Share of buyers</dt><dd>{formatShare(data.best.share_of_buyers)}</dd></div>
          <div><dt>Share of spend</dt><dd>{formatShare(data.best.share_of_spend)}</dd></div>
          <div>
            <dt>Average spend</dt>
            <dd>{money(data.best.average_spend)} <span className="analysis-figures__base">against {money(data.buyers.average_spend)} for all {data.buyers.people.toLocaleString('en-US')} buyers</span></dd>
          </div>
        </dl>
        <OptimizedAudienceStatus productPath={scope.productPath} context={context} />
      </section>
      <OverIndexedTable data={data} />
      <BestProfile context={context} data={data} />
    </>
  );
}

/** The best customers' profile: index widgets against all buyers (the default) or against everyone in the region. */
function BestProfile({ context, data }: { context: string; data: BestCustomer }) {
  const [base, setBase] = useState<ProfileBase>('buyers');
  const best = data.best.rule;
  const buyers = data.buyers.rule;
  const shown = buyers ? base : 'region';
  if (!best) return null;
  return (
    <section className="analysis-section" aria-labelledby="bc-profile">
      <div className="analysis-section__header">
        <h2 id="bc-profile">Who the best customers are</h2>
        {buyers ? <ProfileBaseSwitch value={shown} onChange={setBase} /> : null}
      </div>
      <PersonLevel
        key={shown}
        area="analysis"
        context={context}
        rules={best}
        countType="people_count"
        tv={null}
        base={shown === 'buyers' && buyers ? { rules: buyers, name: 'Buyers' } : undefined}
        summary={
          <p className="analysis-section__note">
            {data.best.people.toLocaleString('en-US')} best customers against {shown === 'buyers' ? `all ${data.buyers.people.toLocaleString('en-US')} buyers` : 'everyone in the region'}.
          </p>
        }
      />
    </section>
  );
}
