import type { LeastBudget, MediaLine } from '@shared/rules/scenarios';
import { formatResponse } from './scenario-model';
import { SolvePanel } from './amount-field';

interface Props {
  lines: readonly MediaLine[];
  target: string;
  onTarget: (text: string) => void;
  onFind: () => void;
  outcome: LeastBudget | null;
  money: (n: number | null) => string;
}

/** "Least budget for a target": the smallest budget whose best split reaches a response. */
export function LeastBudgetPanel({ lines, target, onTarget, onFind, outcome, money }: Props) {
  return (
    <SolvePanel
      id="planner-least" title="Least budget for a target" refusal={outcome && !outcome.ok ? outcome.message : null}
      field={{
        label: 'Target response', value: target, onChange: onTarget, onSubmit: onFind,
        action: <button type="submit" className="button button--primary">Find least budget</button>,
        hint: 'Each media type from nothing up to its max spend.',
      }}
    >
      {outcome?.ok ? (
        <div className="planner-result">
          <p className="planner-result__headline" role="status">{`Least budget: ${money(outcome.budget)}`}</p>
          <p className="subtitle">{`It gives a response of ${formatResponse(outcome.result.response)}.`}</p>
          <div className="planner-table-wrap">
            <table className="data-table planner-table" aria-label="Split of the least budget">
              <thead>
                <tr>
                  <th scope="col">Media type</th>
                  <th scope="col" className="numeric">Spend</th>
                  <th scope="col" className="numeric">Response</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line, i) => (
                  <tr key={line.media_type}>
                    <th scope="row">{line.media_type}</th>
                    <td className="numeric">{money(outcome.spends[i] ?? 0)}</td>
                    <td className="numeric">{formatResponse(outcome.result.lines[i]?.response ?? null)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </SolvePanel>
  );
}
