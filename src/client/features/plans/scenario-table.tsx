import type { MediaLine, ScenarioResult } from '@shared/rules/scenarios';
import { formatResponse, type BoundsText } from './scenario-model';

interface Props {
  lines: readonly MediaLine[];
  /** The plan's spends evaluated (evaluate). */
  result: ScenarioResult;
  bounds: readonly BoundsText[];
  onBound: (index: number, which: keyof BoundsText, text: string) => void;
  money: (n: number | null) => string;
  cents: (n: number | null) => string;
}

/**
 * The scenario of the chosen plan: a row per media type with its planned spend, the bounds the
 * optimiser keeps it in, and what the curves say the plan's spend gives.
 */
export function ScenarioTable({ lines, result, bounds, onBound, money, cents }: Props) {
  return (
    <div className="planner-table-wrap">
      <table className="data-table planner-table" aria-label="Scenario by media type">
        <thead>
          <tr>
            <th scope="col">Media type</th>
            <th scope="col" className="numeric">Planned spend</th>
            <th scope="col" className="numeric">Min spend</th>
            <th scope="col" className="numeric">Max spend</th>
            <th scope="col" className="numeric">Response</th>
            <th scope="col" className="numeric">Incremental</th>
            <th scope="col" className="numeric">{`Marginal per ${money(1000)}`}</th>
            <th scope="col" className="numeric">Cost per response</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const r = result.lines[i];
            return (
              <tr key={line.media_type}>
                <th scope="row">{line.media_type}</th>
                <td className="numeric">{money(line.planned)}</td>
                <td className="numeric"><BoundInput label={`${line.media_type} min spend`} value={bounds[i]?.min ?? ''} onChange={(t) => onBound(i, 'min', t)} /></td>
                <td className="numeric"><BoundInput label={`${line.media_type} max spend`} value={bounds[i]?.max ?? ''} onChange={(t) => onBound(i, 'max', t)} /></td>
                <td className="numeric">{formatResponse(r?.response ?? null)}</td>
                <td className="numeric">{formatResponse(r?.incremental ?? null)}</td>
                <td className="numeric">{formatResponse(r ? r.marginal * 1000 : null)}</td>
                <td className="numeric">{cents(r?.cost_per_response ?? null)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td className="numeric">{money(result.budget)}</td>
            <td />
            <td />
            <td className="numeric">{formatResponse(result.response)}</td>
            <td className="numeric">{formatResponse(result.incremental)}</td>
            <td />
            <td className="numeric">{cents(result.cost_per_response)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function BoundInput({ label, value, onChange }: { label: string; value: string; onChange: (text: string) => void }) {
  return <input className="planner-money-input" type="text" inputMode="decimal" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}
