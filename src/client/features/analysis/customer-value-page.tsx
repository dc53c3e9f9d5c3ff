import { useQuery } from '@tanstack/react-query';
import { ANALYSIS } from '@shared/rules/analysis';
import type { CustomerValue } from '@shared/schemas/analysis';
import type { ProductScope } from '../../lib/guards';
import { AnalysisFrame, ExportTableButton, SaveAsAudienceButton, contextOf, useAnalysisFilters } from './analysis-frame';
import { formatMoney, formatShare, periodText } from './analysis-format';
import { customerValueQueryOptions } from './analysis-queries';
import { ChartFigure } from './charts/chart-figure';
import { MovementTable } from './customer-value/movement-table';
import { TierProfiles } from './customer-value/tier-profiles';
import { tierChartLayout } from './customer-value/tier-chart';
import { tierSheet, tierTotal } from './customer-value/customer-value-model';

/**
 * Customer Value (issue 32; spec 3 analysis pages): the brand's buyers of the last 12 months by
 * value tier (how many months they bought in), each tier's share of buyers and of spend, who the
 * tiers are, and how buyers moved between tiers since the 12 months before.
 */
export function CustomerValuePage({ scope }: { scope: ProductScope }) {
  const context = contextOf(scope);
  const [filters, setFilters] = useAnalysisFilters(scope);
  const query = useQuery(customerValueQueryOptions(context, filters));
  const data = query.data;
  return (
    <AnalysisFrame title="Customer Value" scope={scope} filters={filters} onFiltersChange={setFilters} query={query}>
      {data ? <CustomerValueFigures context={context} data={data} /> : null}
    </AnalysisFrame>
  );
}

function CustomerValueFigures({ context, data }: { context: string; data: CustomerValue }) {
  const brand = data.brand.name;
  return (
    <>
      <div className="analysis-columns">
        <TierTable data={data} />
        <section className="analysis-section" aria-label="Share of buyers and of spend by tier">
          <ChartFigure
            title="Share of buyers and of spend by tier"
            fileName={`${brand} share of buyers and spend by tier`}
            layoutFor={(width) => tierChartLayout(data.tiers, width)}
            label={data.tiers.map((t) => `${t.name}: ${formatShare(t.share_of_buyers)} of buyers, ${formatShare(t.share_of_spend)} of spend`).join('; ')}
          />
        </section>
      </div>
      <MovementTable data={data} />
      <TierProfiles context={context} data={data} />
    </>
  );
}

function TierTable({ data }: { data: CustomerValue }) {
  const total = tierTotal(data.tiers, data.spend_per_purchase);
  const money = (n: number) => formatMoney(n, data.currency);
  return (
    <section className="analysis-section" aria-labelledby="cv-tiers">
      <div className="analysis-section__header">
        <h2 id="cv-tiers">Buyers by value tier</h2>
        <div className="analysis-section__actions">
          <ExportTableButton fileName={`${data.brand.name} value tiers`} sheets={() => [tierSheet(data)]} />
        </div>
      </div>
      <p className="analysis-section__note">
        {data.buyers.toLocaleString('en-US')} buyers from {periodText(data.period)}, by the months they bought in (of {ANALYSIS.periodMonths}).
      </p>
      <div className="analysis-table-wrap">
        <table className="data-table analysis-table">
          <thead>
            <tr>
              <th scope="col">Tier</th>
              <th scope="col" className="num">People</th>
              <th scope="col" className="num">Share of buyers</th>
              <th scope="col" className="num">Share of spend</th>
              <th scope="col" className="num">Average spend ({data.currency})</th>
              <th scope="col"><span className="visually-hidden">Save as audience</span></th>
            </tr>
          </thead>
          <tbody>
            {data.tiers.map((t) => (
              <tr key={t.key}>
                <th scope="row">
                  {t.name}
                  <span className="analysis-table__sub">{t.min_months}–{t.max_months} months</span>
                  {t.small_sample ? <span className="analysis-flag">Small sample</span> : null}
                </th>
                <td className="num">{t.people.toLocaleString('en-US')}</td>
                <td className="num">{formatShare(t.share_of_buyers)}</td>
                <td className="num">{formatShare(t.share_of_spend)}</td>
                <td className="num">{money(t.average_spend)}</td>
                <td>{t.people > 0 && t.rule ? <SaveAsAudienceButton rule={t.rule} defaultName={`${data.brand.name} ${t.name} tier buyers`} of={`${t.name} tier`} /> : null}</td>
              </tr>
            ))}
            <tr className="analysis-table__total">
              <th scope="row">All buyers</th>
              <td className="num">{total.people.toLocaleString('en-US')}</td>
              <td className="num">{formatShare(total.people > 0 ? 1 : 0)}</td>
              <td className="num">{formatShare(total.purchases > 0 ? 1 : 0)}</td>
              <td className="num">{money(total.average_spend)}</td>
              <td />
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
