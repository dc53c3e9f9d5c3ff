import { useId } from 'react';
import type { ImportedPlan } from '@shared/schemas/plans';

/** "Start from": the complete imported plans, newest first, by name and Project ID. */
export function StartFromSelect({ plans, value, onChange }: { plans: readonly ImportedPlan[]; value: number; onChange: (id: number) => void }) {
  const id = useId();
  return (
    <div className="field planner-start">
      <label htmlFor={id}>Start from</label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {plans.map((p) => <option key={p.id} value={p.id}>{`${p.name ?? p.scenario_planner_id} (${p.scenario_planner_id})`}</option>)}
      </select>
    </div>
  );
}
