import { useState } from 'react';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { SCENARIO_LIMITS } from '@shared/rules/scenarios';
import { ActionAlert } from '../../components/action-alert';
import { successToast } from '../../lib/ui-store';
import { CompareScenarios } from './compare-scenarios';
import { ExportButton } from './export-button';
import { deleteSavedScenario } from './scenario-commands';
import type { ScenarioView } from './scenario-edits';
import { formatResponse } from './scenario-model';

interface Props {
  context: ContextSlugs;
  /** The read of the saved scenarios, and the list as the page shows it (queued saves and deletes laid over). */
  scenarios: { isPending: boolean; isError: boolean };
  list: readonly ScenarioView[];
  online: boolean;
  mayDelete: boolean;
  /** The id of the scenario open in the planner, if any. */
  openId: number | string | null;
  onOpen: (scenario: ScenarioView) => void;
  onDeleted: (scenario: ScenarioView) => void;
  money: (n: number | null) => string;
  cents: (n: number | null) => string;
  currency: string;
}

export const COMPARE_TEXT = {
  tooMany: `You can compare at most ${SCENARIO_LIMITS.compareMax} scenarios side by side: untick one first.`,
  hint: `Tick from 2 to ${SCENARIO_LIMITS.compareMax} scenarios to compare them side by side.`,
} as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Saved scenarios": the product's, last changed first, to open, delete or compare side by side. */
export function SavedScenariosSection({ context, scenarios, list, online, mayDelete, openId, onOpen, onDeleted, money, cents, currency }: Props) {
  const [ticked, setTicked] = useState<(number | string)[]>([]);
  const [refused, setRefused] = useState(false);
  const [deleting, setDeleting] = useState<ScenarioView | null>(null);

  /** Through the outbox (decision 007): gone from the list at once, sent when the server can be reached. */
  const remove = (scenario: ScenarioView) => {
    void deleteSavedScenario(formatContext(context), scenario).then(() => successToast(`${scenario.name} deleted.`, online ? undefined : 'On this device: the server hears of it when it can be reached.'));
    setTicked((all) => all.filter((id) => id !== scenario.id));
    setDeleting(null);
    onDeleted(scenario);
  };

  const tick = (id: number | string, on: boolean) => {
    if (!on) {
      setRefused(false);
      return setTicked((all) => all.filter((x) => x !== id));
    }
    if (ticked.length >= SCENARIO_LIMITS.compareMax) return setRefused(true);
    setTicked((all) => [...all, id]);
  };
  const compared = ticked.map((id) => list.find((s) => s.id === id)).filter((s): s is ScenarioView => s !== undefined);

  return (
    <section className="card planner-saved" aria-labelledby="planner-saved">
      <h2 id="planner-saved">Saved scenarios</h2>
      {scenarios.isError && list.length === 0 ? <p className="form-error" role="alert">The saved scenarios could not be read. Check the connection and try again.</p> : null}
      {scenarios.isPending ? <p role="status">Loading the saved scenarios…</p> : null}
      {!scenarios.isPending && !scenarios.isError && list.length === 0 ? <p className="empty-state">No scenario of this product is saved yet.</p> : null}
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
                  <th scope="row">{s.name}{s.pending ? <span className="planner-pending"> (not sent yet)</span> : null}</th>
                  <td className="numeric">{money(s.summary.budget)}</td>
                  <td className="numeric">{formatResponse(s.summary.response)}</td>
                  <td className="numeric">{cents(s.summary.cost_per_response)}</td>
                  <td>{s.summary.missing_curves.length ? s.summary.missing_curves.join(', ') : '—'}</td>
                  <td>{when(s.updated_at)}</td>
                  <td>{s.created_by?.name ?? '—'}</td>
                  <td>
                    <div className="planner-saved__actions">
                      <button type="button" className="button button--secondary" onClick={() => onOpen(s)}>Open</button>
                      {mayDelete ? <button type="button" className="button button--ghost" onClick={() => setDeleting(s)}>Delete</button> : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {refused ? <p className="form-error" role="alert">{COMPARE_TEXT.tooMany}</p> : null}
      {compared.length >= 2 ? (
        <>
          <CompareScenarios scenarios={compared} money={money} cents={cents} />
          <ExportButton label="Export comparison" what={{ kind: 'comparison', scenarios: compared, currency }} />
        </>
      ) : list.length > 1 ? <p className="field__hint">{COMPARE_TEXT.hint}</p> : null}
      {deleting ? (
        <ActionAlert
          title="Delete scenario"
          message={`Delete the scenario ${deleting.name}? This cannot be undone.`}
          onClose={() => setDeleting(null)}
          confirm={{ label: 'Delete', onConfirm: () => remove(deleting) }}
        />
      ) : null}
    </section>
  );
}
