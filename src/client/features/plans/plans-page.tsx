import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { can } from '@shared/permissions';
import type { ContextSlugs } from '@shared/rules/context';
import type { Curve, ImportedPlan } from '@shared/schemas/plans';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../lib/offline/freshness';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { completePlans, importedPlanQueryOptions, importedPlansQueryOptions, productCurvesQueryOptions, scenariosQueryOptions } from '../../lib/plan-queries';
import { SavedScenariosSection } from './saved-scenarios-section';
import { SCENARIO_ENTITY } from './scenario-commands';
import type { ScenarioView } from './scenario-edits';
import { moneyFormatter, PLANNER_TEXT, type ScratchInput } from './scenario-model';
import { ScenarioPlanner, startOfPlan, startOfSaved, startOfScratch, type SaveProps } from './scenario-planner';
import { ScratchScenarioForm } from './scratch-scenario-form';
import { StartFromSelect, type StartChoice } from './start-from-select';
import './plans.css';

const plansRoute = getRouteApi('/_app/$client/$region/$brand/$product/plans/');

/**
 * What the planner shows: an imported plan by id, a saved scenario as it was opened, or a scenario
 * from scratch (its form, then, once started, what was typed).
 */
type Source = { kind: 'plan'; id: number } | { kind: 'saved'; scenario: ScenarioView } | { kind: 'scratch'; input: ScratchInput | null; started: number };

/**
 * The Scenario Planner (issue 31; decision 022): a scenario started from an imported media plan
 * or a saved scenario, its response per media type from the product's curves, the best split of
 * a budget and the least budget for a target response, the curves themselves, and the product's
 * saved scenarios to open, delete and compare.
 */
export function PlansPage({ context, productPath, canManage }: { context: ContextSlugs; productPath: string; canManage: boolean }) {
  const { scope } = plansRoute.useRouteContext();
  const permissions = scope.permissions;
  const currency = scope.context.region?.currency ?? 'USD';
  const online = useOnline();
  const plans = useQuery(importedPlansQueryOptions(context));
  const curves = useQuery(productCurvesQueryOptions(context));
  const scenarios = useQuery(scenariosQueryOptions(context));
  // The saved scenarios with this device's queued saves and deletes laid over them (decision 007).
  const saved = useWithOutbox<ScenarioView[]>(SCENARIO_ENTITY, scenarios.data) ?? [];
  const [source, setSource] = useState<Source | null>(null);
  const complete = completePlans(plans.data ?? []);
  const planId = complete.find((p) => source?.kind === 'plan' && p.id === source.id)?.id ?? complete[0]?.id ?? null;
  const shown: Source | null = source?.kind === 'saved' || source?.kind === 'scratch' ? source : planId === null ? null : { kind: 'plan', id: planId };
  const money = useMemo(() => moneyFormatter(currency), [currency]);
  const cents = useMemo(() => moneyFormatter(currency, 2), [currency]);
  const open = (scenario: ScenarioView) => setSource({ kind: 'saved', scenario });
  const choose = (choice: StartChoice) => {
    if (choice.kind === 'plan') return setSource(choice);
    if (choice.kind === 'scratch') return setSource({ kind: 'scratch', input: null, started: 0 });
    const scenario = saved.find((s) => String(s.id) === String(choice.id));
    if (scenario) open(scenario);
  };
  const startScratch = (input: ScratchInput) => setSource((now) => ({ kind: 'scratch', input, started: (now?.kind === 'scratch' ? now.started : 0) + 1 }));
  const save: SaveProps = {
    context, online, mayCreate: can(permissions, 'plans', 'create'), mayUpdate: can(permissions, 'plans', 'update'), saved,
  };
  return (
    <div className="page plans-page">
      <PageHeader title={PLANNER_TEXT.title} />
      <PlansBody
        context={context} productPath={productPath} canManage={canManage} plans={plans} curves={curves} complete={complete}
        saved={saved} shown={shown} onChoose={choose} onScratch={startScratch} currency={currency} save={save}
      />
      <SavedScenariosSection
        context={context} scenarios={scenarios} list={saved} online={online} mayDelete={can(permissions, 'plans', 'destroy')}
        openId={shown?.kind === 'saved' ? shown.scenario.id : null} onOpen={open}
        onDeleted={(s) => setSource((now) => (now?.kind === 'saved' && now.scenario.id === s.id ? null : now))}
        money={money} cents={cents} currency={currency}
      />
    </div>
  );
}

interface BodyProps {
  context: ContextSlugs;
  productPath: string;
  canManage: boolean;
  plans: { isPending: boolean; isError: boolean; data?: ImportedPlan[] };
  curves: { isPending: boolean; isError: boolean; data?: Curve[] };
  complete: ImportedPlan[];
  saved: readonly ScenarioView[];
  shown: Source | null;
  onChoose: (choice: StartChoice) => void;
  onScratch: (input: ScratchInput) => void;
  currency: string;
  save: SaveProps;
}

function PlansBody({ context, productPath, canManage, plans, curves, complete, saved, shown, onChoose, onScratch, currency, save }: BodyProps) {
  // A read that failed with nothing kept on the device: the planner cannot start without both.
  if ((plans.isError && !plans.data) || (curves.isError && !curves.data)) return <NeedsData />;
  if (plans.isPending || curves.isPending) return <p role="status">Loading the imported plans and response curves…</p>;
  const value: StartChoice = shown === null ? { kind: 'saved', id: -1 } : shown.kind === 'plan' ? shown : shown.kind === 'scratch' ? { kind: 'scratch' } : { kind: 'saved', id: shown.scenario.id };
  return (
    <>
      <StartFromSelect plans={complete} saved={saved} value={value} onChange={onChoose} />
      {shown === null ? <NoPlans productPath={productPath} canManage={canManage} /> : shown.kind === 'plan' ? (
        <ChosenPlan key={`plan-${shown.id}`} context={context} id={shown.id} curves={curves.data ?? []} save={save} />
      ) : shown.kind === 'scratch' ? (
        <>
          <ScratchScenarioForm curves={curves.data ?? []} onStart={onScratch} />
          {shown.input ? <ChosenScratch key={`scratch-${shown.started}`} input={shown.input} currency={currency} curves={curves.data ?? []} save={save} /> : null}
        </>
      ) : (
        <ChosenSaved key={`saved-${shown.scenario.id}-${shown.scenario.version}`} scenario={shown.scenario} currency={currency} curves={curves.data ?? []} save={save} />
      )}
    </>
  );
}

/** A scenario from scratch, once started: the budget split evenly over the chosen media types and weeks. */
function ChosenScratch({ input, currency, curves, save }: { input: ScratchInput; currency: string; curves: Curve[]; save: SaveProps }) {
  const start = useMemo(() => startOfScratch(input, currency), [input, currency]);
  return <ScenarioPlanner start={start} curves={curves} save={save} />;
}

function ChosenPlan({ context, id, curves, save }: { context: ContextSlugs; id: number; curves: Curve[]; save: SaveProps }) {
  const detail = useQuery(importedPlanQueryOptions(context, id));
  const plan = detail.data?.plan;
  const start = useMemo(() => (plan ? startOfPlan(plan, id) : null), [plan, id]);
  if (detail.isError && !detail.data) return <NeedsData />;
  if (detail.isPending) return <p role="status">Loading the plan…</p>;
  if (!start) return <p className="empty-state">This import holds no plan to start from.</p>;
  return <ScenarioPlanner start={start} curves={curves} save={save} />;
}

/** A saved scenario opened: its flights become the lines, with its bounds and its total budget. */
function ChosenSaved({ scenario, currency, curves, save }: { scenario: ScenarioView; currency: string; curves: Curve[]; save: SaveProps }) {
  const start = useMemo(() => startOfSaved(scenario, currency), [scenario, currency]);
  return <ScenarioPlanner start={start} curves={curves} save={save} />;
}

function NeedsData() {
  const online = useOnline();
  return <p role="alert" className="form-error">{online ? PLANNER_TEXT.needsData : `You are offline. ${PLANNER_TEXT.needsData}`}</p>;
}

/** No complete import yet: who may import one, and where (a scenario from scratch needs none). */
function NoPlans({ productPath, canManage }: { productPath: string; canManage: boolean }) {
  return (
    <div className="empty-state">
      <p>{`${PLANNER_TEXT.noPlans} Choose “New scenario from scratch” above to plan without one.`}</p>
      {canManage ? (
        <p>Import a media plan by its Project ID on <AppLink to={`/${productPath}/plans/admin`}>Scenario Planner Management</AppLink>.</p>
      ) : (
        <p>Someone who may open Scenario Planner Management can import a media plan there by its Project ID.</p>
      )}
    </div>
  );
}
