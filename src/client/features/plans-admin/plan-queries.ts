import * as z from 'zod/mini';
import type { ContextSlugs } from '@shared/rules/context';
import { importedPlanResponseSchema, type ImportedPlan } from '@shared/schemas/plans';
import { api } from '../../lib/api-client';
import { importedPlansQueryOptions as sharedImportedPlans, isSubmitted } from '../../lib/plan-queries';

const PLANS_PATH = '/api/plans';

/** While an import is submitted, its status is read again this often. */
export const IMPORT_POLL_MS = 2_000;

export { importedPlanKeys, isSubmitted } from '../../lib/plan-queries';

/** The product's plan imports, read afresh on opening (a device's copy may show an ended import as submitted), and every 2 s while any is submitted. */
export const importedPlansQueryOptions = (context: ContextSlugs) => ({
  ...sharedImportedPlans(context),
  refetchOnMount: 'always' as const,
  refetchInterval: (query: { state: { data?: ImportedPlan[] | undefined } }) => (query.state.data?.some(isSubmitted) ? IMPORT_POLL_MS : false),
});

/** Asks for a plan by its Project ID: answered at once as submitted, a job then imports it. */
export async function importScenario(context: ContextSlugs, projectId: string): Promise<ImportedPlan> {
  return (await api(`${PLANS_PATH}/import_scenario`, importedPlanResponseSchema, { method: 'POST', body: { sp_plan_id: projectId }, context })).data;
}

export async function deleteImport(context: ContextSlugs, id: number): Promise<void> {
  await api(`${PLANS_PATH}/${id}`, z.unknown(), { method: 'DELETE', context });
}
