import { useId } from 'react';
import type { ImportedPlan, Scenario } from '@shared/schemas/plans';

/** A choice of "Start from": an imported plan by its id, or a saved scenario by its id. */
export type StartChoice = { kind: 'plan'; id: number } | { kind: 'saved'; id: number };

const valueOf = (choice: StartChoice) => `${choice.kind}:${choice.id}`;

/** "Start from": the complete imported plans, newest first, by name and Project ID; then the saved scenarios. */
export function StartFromSelect({ plans, saved, value, onChange }: {
  plans: readonly ImportedPlan[];
  saved: readonly Scenario[];
  value: StartChoice;
  onChange: (choice: StartChoice) => void;
}) {
  const id = useId();
  return (
    <div className="field planner-start">
      <label htmlFor={id}>Start from</label>
      <select
        id={id} value={valueOf(value)}
        onChange={(e) => {
          const [kind, n] = e.target.value.split(':');
          onChange({ kind: kind === 'saved' ? 'saved' : 'plan', id: Number(n) });
        }}
      >
        <optgroup label="Imported plans">
          {plans.map((p) => <option key={p.id} value={valueOf({ kind: 'plan', id: p.id })}>{`${p.name ?? p.scenario_planner_id} (${p.scenario_planner_id})`}</option>)}
        </optgroup>
        {saved.length ? (
          <optgroup label="Saved scenarios">
            {saved.map((s) => <option key={s.id} value={valueOf({ kind: 'saved', id: s.id })}>{s.name}</option>)}
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
