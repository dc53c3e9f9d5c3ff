import { useMemo, useState } from 'react';
import { evaluate, leastBudgetFor, optimise, type LeastBudget, type MediaLine, type Optimised } from '@shared/rules/scenarios';
import type { ContextSlugs } from '@shared/rules/context';
import type { Curve, MediaPlanFile, ScenarioBody } from '@shared/schemas/plans';
import { ExportButton } from './export-button';
import { LeastBudgetPanel } from './least-budget-panel';
import type { ScenarioTarget } from './scenario-commands';
import type { ScenarioView } from './scenario-edits';
import { OptimisePanel } from './optimise-panel';
import { ResponseCurvesChart } from './response-curves-chart';
import { ScenarioTable } from './scenario-table';
import { SaveScenarioPanel } from './save-scenario-panel';
import { amountText, boundsTextOf, checkAmount, flightsToSave, linesWithBounds, moneyFormatter, scenarioOfPlan, scratchFlights, type BoundsText, type ScratchInput, type StartFlight } from './scenario-model';

/** What the planner starts from: an imported plan, or a saved scenario (with the plan it came from, when known). */
export interface PlannerStart {
  /** What it is called in an export: the plan's name, the saved scenario's, or 'New scenario'. */
  name: string;
  /** The line under the picker: the plan's name, Project ID, weeks, first week and currency. */
  facts: (weeks: string) => string;
  currency: string;
  start_week: string | null;
  flights: readonly StartFlight[];
  /** The Total budget field's first value; null: the planned spends' total. */
  budget: number | null;
  source_import_id: number | null;
  saved: ScenarioTarget | null;
}

export const startOfPlan = (plan: MediaPlanFile, importId: number): PlannerStart => ({
  name: plan.name,
  facts: (weeks) => `${plan.name} · ${plan.project_id} · ${weeks} from ${plan.start_week} · ${plan.currency}`,
  currency: plan.currency, start_week: plan.start_week, flights: plan.flights, budget: null, source_import_id: importId, saved: null,
});

export const startOfSaved = (scenario: ScenarioView, currency: string): PlannerStart => ({
  name: scenario.name,
  facts: (weeks) => `Saved scenario ${scenario.name} · ${weeks}${scenario.start_week ? ` from ${scenario.start_week}` : ''} · ${currency}`,
  currency, start_week: scenario.start_week, flights: scenario.flights, budget: scenario.budget, source_import_id: scenario.source_import_id, saved: scenario,
});

/** A scenario from scratch: the budget split evenly, each media type free from nothing to the whole budget. */
export const startOfScratch = (input: ScratchInput, currency: string): PlannerStart => ({
  name: 'New scenario',
  facts: (weeks) => `New scenario · ${input.media.length} ${input.media.length === 1 ? 'media type' : 'media types'} · ${weeks}${input.start_week ? ` from ${input.start_week}` : ''} · ${currency}`,
  currency, start_week: input.start_week, flights: scratchFlights(input), budget: input.budget, source_import_id: null, saved: null,
});

/** What the planner needs to save: where, whether it may, and the names already taken. */
export interface SaveProps {
  context: ContextSlugs;
  online: boolean;
  mayCreate: boolean;
  mayUpdate: boolean;
  /** The product's saved scenarios as the page shows them (queued saves included). */
  saved: readonly ScenarioView[];
}

/**
 * The scenario built from one imported plan: its table, Optimise, the least budget for a target
 * and the curves. Keyed by the plan, so choosing another starts afresh. The maths runs here, in
 * the page (optimise takes some 25 ms), so it works offline once the plan and curves are read.
 */
export function ScenarioPlanner({ start, curves, save }: { start: PlannerStart; curves: readonly Curve[]; save: SaveProps }) {
  const scenario = useMemo(() => scenarioOfPlan(start, curves), [start, curves]);
  const { lines } = scenario;
  const planResult = useMemo(() => evaluate(lines, lines.map((l) => l.planned)), [lines]);
  const money = useMemo(() => moneyFormatter(start.currency), [start.currency]);
  const cents = useMemo(() => moneyFormatter(start.currency, 2), [start.currency]);

  const [bounds, setBounds] = useState<BoundsText[]>(() => boundsTextOf(lines));
  const [budget, setBudget] = useState(() => amountText(start.budget ?? planResult.budget));
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

  /** Checks a typed amount and the typed bounds, then solves with them; a refusal says what is wrong. */
  const solveWith = <T,>(text: string, solve: (bounded: MediaLine[], amount: number) => T): T | { ok: false; message: string } => {
    const amount = checkAmount(text);
    if (!amount.ok) return amount;
    const bounded = linesWithBounds(lines, bounds);
    return bounded.ok ? solve(bounded.lines, amount.value) : bounded;
  };
  const runOptimise = () => setOptimised(solveWith(budget, optimise));
  const runLeast = () => setLeast(solveWith(target, leastBudgetFor));

  /** The lines as shown, for Save: the optimised split after Optimise, the planned one otherwise. */
  const build = (name: string): { ok: true; body: ScenarioBody } | { ok: false; message: string } => {
    const amount = checkAmount(budget);
    if (!amount.ok) return { ok: false, message: `Total budget: ${amount.message}` };
    const bounded = linesWithBounds(lines, bounds);
    if (!bounded.ok) return bounded;
    const flights = flightsToSave(start.flights, bounded.lines, optimised?.ok ? optimised.spends : null);
    return { ok: true, body: { name, budget: amount.value, start_week: start.start_week, flights, source_import_id: start.source_import_id } };
  };
  /** What the planner shows now, for an export: the bounds as typed when they are sound. */
  const exported = () => {
    const bounded = linesWithBounds(lines, bounds);
    const shown = bounded.ok ? bounded.lines : lines;
    const split = optimised?.ok ? optimised : null;
    return {
      name: start.saved?.name ?? start.name,
      facts: start.facts(weeks),
      currency: start.currency,
      start_week: start.start_week,
      lines: shown,
      planned: planResult,
      optimised: split ? { spends: split.spends, result: split.result } : null,
      flights: flightsToSave(start.flights, shown, split ? split.spends : null),
      curves,
    };
  };
  const weeks = `${scenario.weeks} ${scenario.weeks === 1 ? 'week' : 'weeks'}`;
  return (
    <>
      <p className="subtitle planner-plan-facts">{start.facts(weeks)}</p>
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
          <SaveScenarioPanel {...save} opened={start.saved} build={build} />
          <div className="planner-exports">
            <ExportButton label="Export scenario" what={{ kind: 'scenario', scenario: exported }} />
          </div>
          <ResponseCurvesChart lines={lines} optimised={optimised?.ok ? optimised.spends : null} money={money} />
        </>
      )}
    </>
  );
}
