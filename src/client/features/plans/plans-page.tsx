import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContextSlugs } from '@shared/rules/context';
import type { Curve, ImportedPlan } from '@shared/schemas/plans';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../lib/offline/freshness';
import { completePlans, importedPlanQueryOptions, importedPlansQueryOptions, productCurvesQueryOptions } from '../../lib/plan-queries';
import { PLANNER_TEXT } from './scenario-model';
import { ScenarioPlanner } from './scenario-planner';
import { StartFromSelect } from './start-from-select';
import './plans.css';

/**
 * The Scenario Planner (issue 31; decision 022): a scenario started from an imported media plan,
 * its response per media type from the product's curves, the best split of a budget and the least
 * budget for a target response, and the curves themselves.
 */
export function PlansPage({ context, productPath, canManage }: { context: ContextSlugs; productPath: string; canManage: boolean }) {
  const plans = useQuery(importedPlansQueryOptions(context));
  const curves = useQuery(productCurvesQueryOptions(context));
  const [chosen, setChosen] = useState<number | null>(null);
  const complete = completePlans(plans.data ?? []);
  const planId = complete.find((p) => p.id === chosen)?.id ?? complete[0]?.id ?? null;
  return (
    <div className="page plans-page">
      <PageHeader title={PLANNER_TEXT.title} />
      <PlansBody context={context} productPath={productPath} canManage={canManage} plans={plans} curves={curves} complete={complete} planId={planId} onChoose={setChosen} />
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
  planId: number | null;
  onChoose: (id: number) => void;
}

function PlansBody({ context, productPath, canManage, plans, curves, complete, planId, onChoose }: BodyProps) {
  // A read that failed with nothing kept on the device: the planner cannot start without both.
  if ((plans.isError && !plans.data) || (curves.isError && !curves.data)) return <NeedsData />;
  if (plans.isPending || curves.isPending) return <p role="status">Loading the imported plans and response curves…</p>;
  if (planId === null) return <NoPlans productPath={productPath} canManage={canManage} />;
  return (
    <>
      <StartFromSelect plans={complete} value={planId} onChange={onChoose} />
      <ChosenPlan key={planId} context={context} id={planId} curves={curves.data ?? []} />
    </>
  );
}

function ChosenPlan({ context, id, curves }: { context: ContextSlugs; id: number; curves: Curve[] }) {
  const detail = useQuery(importedPlanQueryOptions(context, id));
  if (detail.isError && !detail.data) return <NeedsData />;
  if (detail.isPending) return <p role="status">Loading the plan…</p>;
  const plan = detail.data.plan;
  if (!plan) return <p className="empty-state">This import holds no plan to start from.</p>;
  return <ScenarioPlanner plan={plan} curves={curves} />;
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
