import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContextSlugs } from '@shared/rules/context';
import { SCENARIO_LIMITS } from '@shared/rules/scenarios';
import type { Scenario } from '@shared/schemas/plans';
import { ActionAlert } from '../../components/action-alert';
import { isApiError } from '../../lib/api-error';
import { scenarioKeys } from '../../lib/plan-queries';
import { successToast } from '../../lib/ui-store';
import { CompareScenarios } from './compare-scenarios';
import { formatResponse } from './scenario-model';
import { deleteScenario } from './saved-scenarios-api';

interface Props {
  context: ContextSlugs;
  scenarios: { isPending: boolean; isError: boolean; data?: Scenario[] };
  online: boolean;
  mayDelete: boolean;
  /** The id of the scenario open in the planner, if any. */
  openId: number | null;
  onOpen: (scenario: Scenario) => void;
  onDeleted: (scenario: Scenario) => void;
  money: (n: number | null) => string;
  cents: (n: number | null) => string;
}

export const COMPARE_TEXT = {
  tooMany: `You can compare at most ${SCENARIO_LIMITS.compareMax} scenarios side by side: untick one first.`,
  hint: `Tick from 2 to ${SCENARIO_LIMITS.compareMax} scenarios to compare them side by side.`,
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Saved scenarios": the product's, last changed first, to open, delete or compare side by side. */
export function SavedScenariosSection({ context, scenarios, online, mayDelete, openId, onOpen, onDeleted, money, cents }: Props) {
  const queryClient = useQueryClient();
  const [ticked, setTicked] = useState<number[]>([]);
  const [refused, setRefused] = useState(false);
  const [deleting, setDeleting] = useState<Scenario | null>(null);
  const list = scenarios.data ?? [];

  const remove = useMutation({
    mutationFn: (scenario: Scenario) => deleteScenario(context, scenario),
    meta: { handlesErrors: true },
    onSuccess: (_message, scenario) => {
      queryClient.setQueryData<Scenario[]>(scenarioKeys.list(context), (old = []) => old.filter((s) => s.id !== scenario.id));
      setTicked((all) => all.filter((id) => id !== scenario.id));
      setDeleting(null);
      onDeleted(scenario);
      successToast(`${scenario.name} deleted.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.list(context) }),
  });

  const tick = (id: number, on: boolean) => {
    if (!on) {
      setRefused(false);
      return setTicked((all) => all.filter((x) => x !== id));
    }
    if (ticked.length >= SCENARIO_LIMITS.compareMax) return setRefused(true);
    setTicked((all) => [...all, id]);
  };
  const compared = ticked.map((id) => list.find((s) => s.id === id)).filter((s): s is Scenario => s !== undefined);
  const deleteRefusal = remove.error ? (isApiError(remove.error) ? remove.error.message : 'You are offline: deleting a scenario needs the server.') : null;

  return (
    <section className="card planner-saved" aria-labelledby="planner-saved">
      <h2 id="planner-saved">Saved scenarios</h2>
      {scenarios.isError && !scenarios.data ? <p className="form-error" role="alert">The saved scenarios could not be read. Check the connection and try again.</p> : null}
      {scenarios.isPending ? <p role="status">Loading the saved scenarios…</p> : null}
      {scenarios.data && list.length === 0 ? <p className="empty-state">No scenario of this product is saved yet.</p> : null}
      {list.length > 0 ? (
        <div className="planner-table-wrap">
          <table className="data-table planner-table" aria-label="Saved scenarios">
            <thead>
              <tr>
                <th scope="col">Compare</th>
                <th scope="col">Name</th>
                <th scope="col" className="numeric">Budget</th>
                <th scope="col" className="numeric">Response</th>
                <th scope="col" className="numeric">Cost per response</th>
                <th scope="col">Without a curve</th>
                <th scope="col">Updated</th>
                <th scope="col">By</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.id} aria-current={s.id === openId ? 'true' : undefined}>
                  <td><input type="checkbox" aria-label={`Compare ${s.name}`} checked={ticked.includes(s.id)} onChange={(e) => tick(s.id, e.target.checked)} /></td>
                  <th scope="row">{s.name}</th>
                  <td className="numeric">{money(s.summary.budget)}</td>
                  <td className="numeric">{formatResponse(s.summary.response)}</td>
                  <td className="numeric">{cents(s.summary.cost_per_response)}</td>
                  <td>{s.summary.missing_curves.length ? s.summary.missing_curves.join(', ') : '—'}</td>
                  <td>{when(s.updated_at)}</td>
                  <td>{s.created_by?.name ?? '—'}</td>
                  <td>
                    <div className="planner-saved__actions">
                      <button type="button" className="button button--secondary" onClick={() => onOpen(s)}>Open</button>
                      {mayDelete ? (
                        <button type="button" className="button button--ghost" disabled={!online} title={online ? undefined : 'Deleting a scenario needs the server.'} onClick={() => { remove.reset(); setDeleting(s); }}>Delete</button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {refused ? <p className="form-error" role="alert">{COMPARE_TEXT.tooMany}</p> : null}
      {compared.length >= 2 ? <CompareScenarios scenarios={compared} money={money} cents={cents} /> : list.length > 1 ? <p className="field__hint">{COMPARE_TEXT.hint}</p> : null}
      {deleting ? (
        <ActionAlert
          title="Delete scenario"
          message={`Delete the scenario ${deleting.name}? This cannot be undone.`}
          onClose={() => { setDeleting(null); remove.reset(); }}
          refusal={deleteRefusal}
          confirm={{ label: 'Delete', pendingLabel: 'Deleting…', pending: remove.isPending, retry: true, onConfirm: () => remove.mutate(deleting) }}
        />
      ) : null}
    </section>
  );
}
