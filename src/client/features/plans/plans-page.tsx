import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { can } from '@shared/permissions';
import type { ContextSlugs } from '@shared/rules/context';
import type { Curve, ImportedPlan, Scenario } from '@shared/schemas/plans';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../lib/offline/freshness';
import { completePlans, importedPlanQueryOptions, importedPlansQueryOptions, productCurvesQueryOptions, scenariosQueryOptions } from '../../lib/plan-queries';
import { SavedScenariosSection } from './saved-scenarios-section';
import { moneyFormatter, PLANNER_TEXT } from './scenario-model';
import { ScenarioPlanner, startOfPlan, startOfSaved, type SaveProps } from './scenario-planner';
import { StartFromSelect, type StartChoice } from './start-from-select';
import './plans.css';

const plansRoute = getRouteApi('/_app/$client/$region/$brand/$product/plans/');

/** What the planner shows: an imported plan by id, or a saved scenario as it was opened (or reloaded after a conflict). */
type Source = { kind: 'plan'; id: number } | { kind: 'saved'; scenario: Scenario };

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
  const [source, setSource] = useState<Source | null>(null);
  const complete = completePlans(plans.data ?? []);
  const planId = complete.find((p) => source?.kind === 'plan' && p.id === source.id)?.id ?? complete[0]?.id ?? null;
  const shown: Source | null = source?.kind === 'saved' ? source : planId === null ? null : { kind: 'plan', id: planId };
  const money = useMemo(() => moneyFormatter(currency), [currency]);
  const cents = useMemo(() => moneyFormatter(currency, 2), [currency]);
  const open = (scenario: Scenario) => setSource({ kind: 'saved', scenario });
  const choose = (choice: StartChoice) => {
    if (choice.kind === 'plan') return setSource(choice);
    const scenario = scenarios.data?.find((s) => s.id === choice.id);
    if (scenario) open(scenario);
  };
  const save: SaveProps = {
    context, online, mayCreate: can(permissions, 'plans', 'create'), mayUpdate: can(permissions, 'plans', 'update'), onReload: open,
  };
  return (
    <div className="page plans-page">
      <PageHeader title={PLANNER_TEXT.title} />
      <PlansBody
        context={context} productPath={productPath} canManage={canManage} plans={plans} curves={curves} complete={complete}
        saved={scenarios.data ?? []} shown={shown} onChoose={choose} currency={currency} save={save}
      />
      <SavedScenariosSection
        context={context} scenarios={scenarios} online={online} mayDelete={can(permissions, 'plans', 'destroy')}
        openId={shown?.kind === 'saved' ? shown.scenario.id : null} onOpen={open}
        onDeleted={(s) => setSource((now) => (now?.kind === 'saved' && now.scenario.id === s.id ? null : now))}
        money={money} cents={cents}
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
  saved: Scenario[];
  shown: Source | null;
  onChoose: (choice: StartChoice) => void;
  currency: string;
  save: SaveProps;
}

function PlansBody({ context, productPath, canManage, plans, curves, complete, saved, shown, onChoose, currency, save }: BodyProps) {
  // A read that failed with nothing kept on the device: the planner cannot start without both.
  if ((plans.isError && !plans.data) || (curves.isError && !curves.data)) return <NeedsData />;
  if (plans.isPending || curves.isPending) return <p role="status">Loading the imported plans and response curves…</p>;
  if (shown === null && saved.length === 0) return <NoPlans productPath={productPath} canManage={canManage} />;
  const value: StartChoice = shown === null ? { kind: 'saved', id: -1 } : shown.kind === 'plan' ? shown : { kind: 'saved', id: shown.scenario.id };
  return (
    <>
      <StartFromSelect plans={complete} saved={saved} value={value} onChange={onChoose} />
      {shown === null ? <NoPlans productPath={productPath} canManage={canManage} /> : shown.kind === 'plan' ? (
        <ChosenPlan key={`plan-${shown.id}`} context={context} id={shown.id} curves={curves.data ?? []} save={save} />
      ) : (
        <ChosenSaved key={`saved-${shown.scenario.id}-${shown.scenario.version}`} scenario={shown.scenario} currency={currency} curves={curves.data ?? []} save={save} />
      )}
    </>
  );
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
function ChosenSaved({ scenario, currency, curves, save }: { scenario: Scenario; currency: string; curves: Curve[]; save: SaveProps }) {
  const start = useMemo(() => startOfSaved(scenario, currency), [scenario, currency]);
  return <ScenarioPlanner start={start} curves={curves} save={save} />;
}

function NeedsData() {
  const online = useOnline();
  return <p role="alert" className="form-error">{online ? PLANNER_TEXT.needsData : `You are offline. ${PLANNER_TEXT.needsData}`}</p>;
}

/** No complete import yet: who may import one, and where. */
function NoPlans({ productPath, canManage }: { productPath: string; canManage: boolean }) {
  return (
    <div className="empty-state">
      <p>{PLANNER_TEXT.noPlans}</p>
      {canManage ? (
        <p>Import a media plan by its Project ID on <AppLink to={`/${productPath}/plans/admin`}>Scenario Planner Management</AppLink>.</p>
      ) : (
        <p>Someone who may open Scenario Planner Management can import a media plan there by its Project ID.</p>
      )}
    </div>
  );
}
