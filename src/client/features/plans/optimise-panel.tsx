import type { MediaLine, Optimised } from '@shared/rules/scenarios';
import { formatChange, formatResponse } from './scenario-model';
import { SolvePanel } from './amount-field';

interface Props {
  lines: readonly MediaLine[];
  budget: string;
  onBudget: (text: string) => void;
  onOptimise: () => void;
  outcome: Optimised | null;
  money: (n: number | null) => string;
}

/** "Total budget" and Optimise: the best split within each media type's bounds, beside the plan's. */
export function OptimisePanel({ lines, budget, onBudget, onOptimise, outcome, money }: Props) {
  return (
    <SolvePanel
      id="planner-optimise" title="Optimise the split" refusal={outcome && !outcome.ok ? outcome.message : null}
      field={{
        label: 'Total budget', value: budget, onChange: onBudget, onSubmit: onOptimise,
        action: <button type="submit" className="button button--primary">Optimise</button>,
        hint: 'Split across the media types, each within its min and max spend.',
      }}
    >
      {outcome?.ok ? <OptimisedSplit lines={lines} outcome={outcome} money={money} /> : null}
    </SolvePanel>
  );
}

function OptimisedSplit({ lines, outcome, money }: { lines: readonly MediaLine[]; outcome: Extract<Optimised, { ok: true }>; money: (n: number | null) => string }) {
  const pct = outcome.gain_pct === null ? '' : ` (${outcome.gain_pct >= 0 ? '+' : '−'}${Math.abs(outcome.gain_pct).toLocaleString('en-US', { maximumFractionDigits: 1 })}% of the plan's incremental response)`;
  return (
    <div className="planner-result">
      <p className="planner-result__headline" role="status">
        {`Gain over the plan: ${outcome.gain >= 0 ? '+' : '−'}${formatResponse(Math.abs(outcome.gain))} response${pct}`}
      </p>
      <p className="subtitle">{`Response ${formatResponse(outcome.planned.response)} with the plan's split, ${formatResponse(outcome.result.response)} optimised, for ${money(outcome.result.budget)}.`}</p>
      <div className="planner-table-wrap">
        <table className="data-table planner-table" aria-label="Optimised split">
          <thead>
            <tr>
              <th scope="col">Media type</th>
              <th scope="col" className="numeric">Planned spend</th>
              <th scope="col" className="numeric">Optimised spend</th>
              <th scope="col" className="numeric">Change</th>
              <th scope="col" className="numeric">Optimised response</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={line.media_type}>
                <th scope="row">{line.media_type}</th>
                <td className="numeric">{money(line.planned)}</td>
                <td className="numeric">{money(outcome.spends[i] ?? 0)}</td>
                <td className="numeric">{formatChange(line.planned, outcome.spends[i] ?? 0)}</td>
                <td className="numeric">{formatResponse(outcome.result.lines[i]?.response ?? null)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="numeric">{money(outcome.planned.budget)}</td>
              <td className="numeric">{money(outcome.result.budget)}</td>
              <td className="numeric">{formatChange(outcome.planned.budget, outcome.result.budget)}</td>
              <td className="numeric">{formatResponse(outcome.result.response)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
