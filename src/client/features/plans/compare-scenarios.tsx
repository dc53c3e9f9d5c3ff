import { inMediaOrder } from '@shared/rules/curves';
import type { ScenarioView } from './scenario-edits';
import { flightSpend, formatResponse } from './scenario-model';

/** The media types of the scenarios compared, in the order of MEDIA_TYPES (any other last). */
const mediaOf = (scenarios: readonly ScenarioView[]): string[] => inMediaOrder(scenarios.flatMap((s) => s.flights.map((f) => f.media_type)));

const share = (spend: number, budget: number) => (budget > 0 ? `${((spend / budget) * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%` : '—');

/** "Compare": the ticked scenarios side by side, their figures and their mix (each media type's spend and share). */
export function CompareScenarios({ scenarios, money, cents }: { scenarios: readonly ScenarioView[]; money: (n: number | null) => string; cents: (n: number | null) => string }) {
  const media = mediaOf(scenarios);
  const rows: { label: string; cell: (s: ScenarioView) => string }[] = [
    { label: 'Budget', cell: (s) => money(s.summary.budget) },
    { label: 'Response', cell: (s) => formatResponse(s.summary.response) },
    { label: 'Incremental response', cell: (s) => formatResponse(s.summary.incremental) },
    { label: 'Cost per response', cell: (s) => cents(s.summary.cost_per_response) },
  ];
  return (
    <div className="planner-table-wrap planner-compare">
      <table className="data-table planner-table" aria-label="Scenarios compared">
        <thead>
          <tr>
            <th scope="col"><span className="visually-hidden">Figure</span></th>
            {scenarios.map((s) => <th key={s.id} scope="col" className="numeric">{s.name}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {scenarios.map((s) => <td key={s.id} className="numeric">{row.cell(s)}</td>)}
            </tr>
          ))}
          {media.map((m) => (
            <tr key={m}>
              <th scope="row">{`${m} spend (share)`}</th>
              {scenarios.map((s) => {
                const flight = s.flights.find((f) => f.media_type === m);
                if (!flight) return <td key={s.id} className="numeric">—</td>;
                const spend = flightSpend(flight);
                return <td key={s.id} className="numeric">{`${money(spend)} (${share(spend, s.summary.budget)})`}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
