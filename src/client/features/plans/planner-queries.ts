import { queryOptions } from '@tanstack/react-query';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import {
  curveListResponseSchema,
  importedPlanDetailResponseSchema,
  importedPlanListResponseSchema,
  type Curve,
  type ImportedPlan,
  type ImportedPlanDetail,
} from '@shared/schemas/plans';
import { api } from '../../lib/api-client';

/*
 * The planner's reads. The keys are Scenario Planner Management's (['curves', ctx, 'product'] and
 * ['imported-plans', ctx], same calls, same answers), so an import or an Apply there invalidates
 * what the planner shows, and a list read on one page is already on the device for the other.
 */
export const plannerKeys = {
  curves: (context: ContextSlugs) => ['curves', formatContext(context), 'product'] as const,
  plans: (context: ContextSlugs) => ['imported-plans', formatContext(context)] as const,
  plan: (context: ContextSlugs, id: number) => ['imported-plans', formatContext(context), 'detail', id] as const,
};

// The page says in its own words what it cannot read, not the shell's banner.
const meta = { handlesErrors: true };

/** The product's response curves, one per media type. */
export const plannerCurvesQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: plannerKeys.curves(context),
    queryFn: async ({ signal }): Promise<Curve[]> => (await api('/api/curves', curveListResponseSchema, { context, signal })).data,
    meta,
  });

/** The product's plan imports, newest first (complete, failed or still submitted). */
export const importedPlansQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: plannerKeys.plans(context),
    queryFn: async ({ signal }): Promise<ImportedPlan[]> => (await api('/api/plans/status_import', importedPlanListResponseSchema, { context, signal })).data,
    meta,
  });

/** One complete import with its flights: a budget per media type per week. */
export const importedPlanQueryOptions = (context: ContextSlugs, id: number) =>
  queryOptions({
    queryKey: plannerKeys.plan(context, id),
    queryFn: async ({ signal }): Promise<ImportedPlanDetail> => (await api(`/api/plans/${id}`, importedPlanDetailResponseSchema, { context, signal })).data,
    // An import does not change once complete.
    staleTime: 10 * 60_000,
    meta,
  });

/** The imports the planner can start from: the complete ones, newest first. */
export const completePlans = (plans: readonly ImportedPlan[]): ImportedPlan[] => plans.filter((p) => p.import_success === true);
