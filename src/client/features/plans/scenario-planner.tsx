import { useMemo, useState } from 'react';
import { evaluate, leastBudgetFor, optimise, type LeastBudget, type Optimised } from '@shared/rules/scenarios';
import type { Curve, MediaPlanFile } from '@shared/schemas/plans';
import { LeastBudgetPanel } from './least-budget-panel';
import { OptimisePanel } from './optimise-panel';
import { ResponseCurvesChart } from './response-curves-chart';
import { ScenarioTable } from './scenario-table';
import { amountText, boundsTextOf, checkAmount, linesWithBounds, moneyFormatter, scenarioOfPlan, type BoundsText } from './scenario-model';

/**
 * The scenario built from one imported plan: its table, Optimise, the least budget for a target
 * and the curves. Keyed by the plan, so choosing another starts afresh. The maths runs here, in
 * the page (optimise takes some 25 ms), so it works offline once the plan and curves are read.
 */
export function ScenarioPlanner({ plan, curves }: { plan: MediaPlanFile; curves: readonly Curve[] }) {
  const scenario = useMemo(() => scenarioOfPlan(plan, curves), [plan, curves]);
  const { lines } = scenario;
  const planResult = useMemo(() => evaluate(lines, lines.map((l) => l.planned)), [lines]);
  const money = useMemo(() => moneyFormatter(plan.currency), [plan.currency]);
  const cents = useMemo(() => moneyFormatter(plan.currency, 2), [plan.currency]);

  const [bounds, setBounds] = useState<BoundsText[]>(() => boundsTextOf(lines));
  const [budget, setBudget] = useState(() => amountText(planResult.budget));
  const [target, setTarget] = useState(() => amountText(planResult.response * 1.05));
  const [optimised, setOptimised] = useState<Optimised | null>(null);
  const [least, setLeast] = useState<LeastBudget | null>(null);

  // A result answers the inputs it was found for: any change clears it.
  const onBound = (index: number, which: keyof BoundsText, text: string) => {
    setBounds((all) => all.map((b, i) => (i === index ? { ...b, [which]: text } : b)));
    setOptimised(null);
    setLeast(null);
  };
  const onBudget = (text: string) => {
    setBudget(text);
    setOptimised(null);
  };
  const onTarget = (text: string) => {
    setTarget(text);
    setLeast(null);
  };

  const runOptimise = () => {
    const amount = checkAmount(budget);
    if (!amount.ok) return setOptimised(amount);
    const bounded = linesWithBounds(lines, bounds);
    if (!bounded.ok) return setOptimised(bounded);
    setOptimised(optimise(bounded.lines, amount.value));
  };
  const runLeast = () => {
    const amount = checkAmount(target);
    if (!amount.ok) return setLeast(amount);
    const bounded = linesWithBounds(lines, bounds);
    if (!bounded.ok) return setLeast(bounded);
    setLeast(leastBudgetFor(bounded.lines, amount.value));
  };

  const weeks = `${scenario.weeks} ${scenario.weeks === 1 ? 'week' : 'weeks'}`;
  return (
    <>
      <p className="subtitle planner-plan-facts">{`${plan.name} · ${plan.project_id} · ${weeks} from ${plan.start_week} · ${plan.currency}`}</p>
      {scenario.missing.length ? (
        <ul className="planner-missing" role="alert" aria-label="Media types left out">
          {scenario.missing.map((m) => <li key={m}>{m}</li>)}
        </ul>
      ) : null}
      {lines.length === 0 ? (
        <p className="empty-state">No media type of this plan has a response curve, so there is nothing to plan yet.</p>
      ) : (
        <>
          <ScenarioTable lines={lines} result={planResult} bounds={bounds} onBound={onBound} money={money} cents={cents} />
          <div className="planner-panels">
            <OptimisePanel lines={lines} budget={budget} onBudget={onBudget} onOptimise={runOptimise} outcome={optimised} money={money} />
            <LeastBudgetPanel lines={lines} target={target} onTarget={onTarget} onFind={runLeast} outcome={least} money={money} />
          </div>
          <ResponseCurvesChart lines={lines} optimised={optimised?.ok ? optimised.spends : null} money={money} />
        </>
      )}
    </>
  );
}
