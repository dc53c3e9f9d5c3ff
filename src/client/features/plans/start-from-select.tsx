import { useId } from 'react';
import type { ImportedPlan } from '@shared/schemas/plans';
import type { ScenarioView } from './scenario-edits';

/** A choice of "Start from": an imported plan by its id, a saved scenario by its id (temporary while unsent), or from scratch. */
export type StartChoice = { kind: 'plan'; id: number } | { kind: 'saved'; id: number | string } | { kind: 'scratch' };

const valueOf = (choice: StartChoice) => (choice.kind === 'scratch' ? 'scratch:' : `${choice.kind}:${choice.id}`);

function choiceOf(value: string): StartChoice {
  const [kind, rest = ''] = value.split(/:(.*)/s);
  if (kind === 'scratch') return { kind: 'scratch' };
  if (kind === 'plan') return { kind: 'plan', id: Number(rest) };
  return { kind: 'saved', id: /^\d+$/.test(rest) ? Number(rest) : rest };
}

/** "Start from": the complete imported plans, newest first, by name and Project ID; the saved scenarios; or a new one from scratch. */
export function StartFromSelect({ plans, saved, value, onChange }: {
  plans: readonly ImportedPlan[];
  saved: readonly ScenarioView[];
  value: StartChoice;
  onChange: (choice: StartChoice) => void;
}) {
  const id = useId();
  return (
    <div className="field planner-start">
      <label htmlFor={id}>Start from</label>
      <select id={id} value={valueOf(value)} onChange={(e) => onChange(choiceOf(e.target.value))}>
        {value.kind === 'saved' && !saved.some((s) => s.id === value.id) ? <option value={valueOf(value)} disabled>Choose what to start from</option> : null}
        {plans.length ? (
          <optgroup label="Imported plans">
            {plans.map((p) => <option key={p.id} value={valueOf({ kind: 'plan', id: p.id })}>{`${p.name ?? p.scenario_planner_id} (${p.scenario_planner_id})`}</option>)}
          </optgroup>
        ) : null}
        {saved.length ? (
          <optgroup label="Saved scenarios">
            {saved.map((s) => <option key={s.id} value={valueOf({ kind: 'saved', id: s.id })}>{s.name}</option>)}
          </optgroup>
        ) : null}
        <option value={valueOf({ kind: 'scratch' })}>New scenario from scratch</option>
      </select>
    </div>
  );
}
