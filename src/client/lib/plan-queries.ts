import { queryOptions } from '@tanstack/react-query';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import {
  curveListResponseSchema, importedPlanDetailResponseSchema, importedPlanListResponseSchema, scenarioListResponseSchema,
  type Curve, type ImportedPlan, type ImportedPlanDetail, type Scenario,
} from '@shared/schemas/plans';
import { api } from './api-client';

/**
 * The reads Scenario Planner Management and the planner share (issue 31): the product's curves
 * and its imported plans, under one set of keys, so an Apply or an import on one page is what the
 * other shows. Each page adds what it needs (the management page reads afresh and polls).
 */
export const curveKeys = {
  all: ['curves'] as const,
  product: (context: ContextSlugs) => ['curves', formatContext(context)] as const,
  list: (context: ContextSlugs) => ['curves', formatContext(context), 'product'] as const,
  generic: (context: ContextSlugs) => ['curves', formatContext(context), 'generic'] as const,
  types: (context: ContextSlugs) => ['curves', formatContext(context), 'types'] as const,
};

export const importedPlanKeys = {
  list: (context: ContextSlugs) => ['imported-plans', formatContext(context)] as const,
  detail: (context: ContextSlugs, id: number) => ['imported-plans', formatContext(context), 'detail', id] as const,
};

export const scenarioKeys = {
  list: (context: ContextSlugs) => ['scenarios', formatContext(context)] as const,
};

// Each page says in its own words what it cannot read (spec 2 §8), not the shell's banner.
const meta = { handlesErrors: true };

/** The product's own curves (generic or uploaded), one per media type. */
export const productCurvesQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: curveKeys.list(context),
    queryFn: async ({ signal }): Promise<Curve[]> => (await api('/api/curves', curveListResponseSchema, { context, signal })).data,
    meta,
  });

/** The product's plan imports, newest first (complete, failed or still submitted). */
export const importedPlansQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: importedPlanKeys.list(context),
    queryFn: async ({ signal }): Promise<ImportedPlan[]> => (await api('/api/plans/status_import', importedPlanListResponseSchema, { context, signal })).data,
    meta,
  });

/** One complete import with its flights: a budget per media type per week. */
export const importedPlanQueryOptions = (context: ContextSlugs, id: number) =>
  queryOptions({
    queryKey: importedPlanKeys.detail(context, id),
    queryFn: async ({ signal }): Promise<ImportedPlanDetail> => (await api(`/api/plans/${id}`, importedPlanDetailResponseSchema, { context, signal })).data,
    // An import does not change once complete.
    staleTime: 10 * 60_000,
    meta,
  });

/** The product's saved scenarios, last changed first, each with what it gives with the curves now. */
export const scenariosQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: scenarioKeys.list(context),
    queryFn: async ({ signal }): Promise<Scenario[]> => (await api('/api/scenarios', scenarioListResponseSchema, { context, signal })).data,
    meta,
  });

export const isSubmitted = (plan: ImportedPlan) => plan.import_success === null;

/** The imports the planner can start from: the complete ones, newest first. */
export const completePlans = (plans: readonly ImportedPlan[]): ImportedPlan[] => plans.filter((p) => p.import_success === true);
