import './attrition.css';
import { formatCount } from '@shared/rules/grow';
import type { CustomerAttrition } from '@shared/schemas/analysis';
import { PersonLevel } from '../../../components/insights/person-level';
import { ExportTableButton, SaveAsAudienceButton } from '../analysis-frame';
import { formatShare } from '../analysis-format';
import { monthName } from '../charts/axes';
import { ChartFigure } from '../charts/chart-figure';
import { ATTRITION_STATES, RATE, attritionChartLayout } from './attrition-chart';
import { attritionSheet, latestMonth, winBackName } from './attrition-model';

/** The attrition page's figures: the months as a chart and a table, and the latest month's at-risk group. */
export function AttritionFigures({ data, context }: { data: CustomerAttrition; context: string }) {
  const brand = data.brand.name;
  const w = data.window;
  const summary = data.months
    .map((m) => `${monthName(m.month)}: ${formatCount(m.active)} active, ${formatCount(m.at_risk)} at risk, ${formatCount(m.lapsed)} lapsed, attrition ${formatShare(m.attrition_rate)}`)
    .join('; ');
  return (
    <>
      <section className="analysis-section">
        <p className="analysis-section__note">
          Active: bought in the last {w} {w === 1 ? 'month' : 'months'} (retained if they also bought in the {w} before, new if it was their first purchase, else won back).
          At risk: bought in the {w} {w === 1 ? 'month' : 'months'} before that but not since. Lapsed: bought earlier, in neither window. The attrition rate is at risk as a share of the earlier window’s buyers.
        </p>
        <ChartFigure
          title={`Buyers by month (${w}-month window)`}
          fileName={`${brand} attrition`}
          layoutFor={(width) => attritionChartLayout(data.months, width)}
          label={`Buyers by month, stacked by state, with the attrition rate. ${summary}`}
        />
      </section>
      <section className="analysis-section" aria-labelledby="attrition-months">
        <div className="analysis-section__header">
          <h2 id="attrition-months">Month by month</h2>
          <div className="analysis-section__actions">
            <ExportTableButton fileName={`${brand} attrition`} sheets={() => [attritionSheet(data)]} />
          </div>
        </div>
        <div className="analysis-table-wrap">
          <table className="data-table analysis-table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">Active</th>
                {ATTRITION_STATES.map((s) => <th key={s.key} scope="col" className="num">{s.name}</th>)}
                <th scope="col" className="num">{RATE.name}</th>
              </tr>
            </thead>
            <tbody>
              {data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row">{monthName(m.month)}</th>
                  <td className="num">{formatCount(m.active)}</td>
                  {ATTRITION_STATES.map((s) => <td key={s.key} className="num">{formatCount(m[s.key])}</td>)}
                  <td className="num">{formatShare(m.attrition_rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <AtRisk data={data} context={context} />
    </>
  );
}

/** The latest month's at-risk buyers: how many, a win-back audience of them, and their profile against the active buyers. */
function AtRisk({ data, context }: { data: CustomerAttrition; context: string }) {
  const month = latestMonth(data);
  if (month === null) return null;
  const { at_risk: atRisk, active } = data;
  return (
    <section className="analysis-section" aria-labelledby="attrition-at-risk">
      <div className="analysis-section__header">
        <h2 id="attrition-at-risk">At risk in {monthName(month)}</h2>
        <div className="analysis-section__actions">
          {atRisk.rule && atRisk.people > 0 ? <SaveAsAudienceButton rule={atRisk.rule} defaultName={winBackName(data.brand.name, month)} label="Save as audience (win-back)" /> : null}
        </div>
      </div>
      <p className="analysis-at-risk__count">
        <strong>{formatCount(atRisk.people)}</strong> buyers at risk, against <strong>{formatCount(active.people)}</strong> active buyers
        {atRisk.small_sample ? <span className="analysis-flag">Small sample</span> : null}
      </p>
      {atRisk.rule && active.rule && atRisk.people > 0 ? (
        <>
          <p className="analysis-section__note">Who they are: each value’s share of the at-risk buyers against its share of the active buyers (index 100 = the same).</p>
          <PersonLevel area="analysis" context={context} rules={atRisk.rule} base={{ rules: active.rule, name: 'Active buyers' }} countType="people_count" tv={null} summary={null} />
        </>
      ) : null}
    </section>
  );
}
