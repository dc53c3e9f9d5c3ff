import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CURVE_TEXT } from '@shared/rules/curves';
import type { ContextSlugs } from '@shared/rules/context';
import type { ImportedPlan } from '@shared/schemas/plans';
import { ActionAlert } from '../../components/action-alert';
import { isApiError } from '../../lib/api-error';
import { errorToast, successToast } from '../../lib/ui-store';
import { ImportBox } from './import-box';
import { ImportedPlanList } from './imported-plan-list';
import { deleteImport, importedPlanKeys, importedPlansQueryOptions, importScenario } from './plan-queries';

interface Props {
  context: ContextSlugs;
  currency: string;
  online: boolean;
  mayDelete: boolean;
}

/** What the list shows of an import before the server answers (spec 2 §4): submitted, at the top. */
const asSubmitted = (id: number, projectId: string): ImportedPlan => ({
  id, scenario_planner_id: projectId, import_success: null, created_at: new Date().toISOString(), message: null,
  name: null, weeks: null, media_types: [], total_budget: null,
});

const OFFLINE_IMPORTS = 'Imports are made on the server: you are offline.';

/** Import plans from the planning system by Project ID, and follow each import to its end. */
export function ImportsCard({ context, currency, online, mayDelete }: Props) {
  const queryClient = useQueryClient();
  const key = importedPlanKeys.list(context);
  const plans = useQuery(importedPlansQueryOptions(context));
  const [deleting, setDeleting] = useState<ImportedPlan | null>(null);
  // Placeholders' ids are negative: never a saved import's.
  const nextTemp = useRef(-1);

  const importPlan = useMutation({
    mutationFn: ({ projectId }: { projectId: string; tempId: number }) => importScenario(context, projectId),
    meta: { handlesErrors: true },
    onMutate: async ({ projectId, tempId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<ImportedPlan[]>(key, (old = []) => [asSubmitted(tempId, projectId), ...old]);
    },
    onSuccess: (plan, { tempId }) => {
      queryClient.setQueryData<ImportedPlan[]>(key, (old = []) => [plan, ...old.filter((p) => p.id !== tempId && p.id !== plan.id)]);
    },
    onError: (error, { tempId }) => {
      queryClient.setQueryData<ImportedPlan[]>(key, (old = []) => old.filter((p) => p.id !== tempId));
      errorToast(isApiError(error) ? error.message : CURVE_TEXT.networkError);
    },
  });

  const remove = useMutation({
    mutationFn: (plan: ImportedPlan) => deleteImport(context, plan.id),
    meta: { handlesErrors: true },
    onSuccess: (_void, plan) => {
      queryClient.setQueryData<ImportedPlan[]>(key, (old = []) => old.filter((p) => p.id !== plan.id));
      // The planner's copy of the plan (under the same key) is gone too.
      void queryClient.invalidateQueries({ queryKey: key });
      successToast(`${plan.scenario_planner_id} deleted successfully.`);
    },
    onError: (error) => errorToast('The import could not be deleted.', isApiError(error) ? error.message : CURVE_TEXT.networkError),
  });

  const deleteBlock = (plan: ImportedPlan): string | null => {
    if (!online) return OFFLINE_IMPORTS;
    if (plan.import_success === null) return 'An import can be deleted once it has finished.';
    return remove.isPending && remove.variables?.id === plan.id ? 'Deleting…' : null;
  };

  return (
    <section className="plans-card" aria-labelledby="plans-imports-title">
      <h2 id="plans-imports-title">Plan imports</h2>
      <p className="subtitle">Import a media plan from the planning system by its Project ID.</p>
      <ImportBox online={online} onImport={(projectId) => importPlan.mutate({ projectId, tempId: nextTemp.current-- })} />
      {plans.isPending ? <p role="status">Loading imports…</p> : null}
      {plans.isError && plans.data === undefined ? <p role="alert" className="form-error">The imports could not be loaded. Please try again.</p> : null}
      {plans.data ? (
        <ImportedPlanList plans={plans.data} currency={currency} deleteBlock={mayDelete ? deleteBlock : undefined} onDelete={setDeleting} />
      ) : null}
      {deleting ? (
        <ActionAlert
          title={`Delete the import ${deleting.scenario_planner_id}?`}
          message="The import is removed from this product."
          onClose={() => setDeleting(null)}
          confirm={{
            label: 'Delete',
            throttleMs: 5_000,
            onConfirm: () => {
              remove.mutate(deleting);
              setDeleting(null);
            },
          }}
        />
      ) : null}
    </section>
  );
}
