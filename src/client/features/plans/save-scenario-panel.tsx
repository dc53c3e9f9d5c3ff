import { useId, useState } from 'react';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { sameScenarioName, SCENARIO_TEXT } from '@shared/rules/scenarios';
import type { ScenarioBody } from '@shared/schemas/plans';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { whenSettled } from '../../lib/offline/outbox-client';
import { successToast } from '../../lib/ui-store';
import { saveNewScenario, saveScenarioAgain, type ScenarioTarget } from './scenario-commands';
import type { ScenarioView } from './scenario-edits';

interface Props {
  context: ContextSlugs;
  online: boolean;
  mayCreate: boolean;
  mayUpdate: boolean;
  /** The saved scenario the planner opened, if any: saving it under its name again updates it. */
  opened: ScenarioTarget | null;
  /** The product's saved scenarios as the page shows them (queued saves included): names are unique among them. */
  saved: readonly ScenarioView[];
  /** The body of the lines as shown (the optimised split after Optimise), or why they cannot be saved. */
  build: (name: string) => { ok: true; body: ScenarioBody } | { ok: false; message: string };
}

export const SAVE_TEXT = {
  saved: 'Scenario saved',
  queued: 'Saved on this device: it is sent when the server can be reached.',
  noUpdate: 'Saving this scenario again needs permission to update scenarios: give it a new name to save it as another.',
  noCreate: 'Saving a new scenario needs permission to create scenarios.',
} as const;

/**
 * "Save scenario": a name and Save, through the outbox (decision 007), so it works offline and
 * the saved scenarios show it at once. An opened scenario saved under its name again is saved
 * over the version it was opened at; someone else's save in between is a conflict the sync panel
 * offers to resolve. A new name saves another scenario.
 */
export function SaveScenarioPanel({ context, online, mayCreate, mayUpdate, opened, saved, build }: Props) {
  const id = useId();
  const [name, setName] = useState(opened?.name ?? '');
  const [base, setBase] = useState<ScenarioTarget | null>(opened);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const updating = base !== null && sameScenarioName(name, base.name);
  const allowed = updating ? mayUpdate : mayCreate;

  const submit = () => {
    setNameError(null);
    setFormError(null);
    const trimmed = name.trim();
    if (!trimmed) return setNameError(SCENARIO_TEXT.nameRequired);
    if (trimmed.length > 120) return setNameError(SCENARIO_TEXT.nameTooLong);
    const built = build(trimmed);
    if (!built.ok) return setFormError(built.message);
    if (saved.some((s) => sameScenarioName(s.name, trimmed) && !(updating && String(s.id) === String(base?.id)))) return setNameError(SCENARIO_TEXT.nameTaken);
    const key = formatContext(context);
    const notice = online ? undefined : SAVE_TEXT.queued;
    // Once the server has a save, a save again is of what it made: its real id and its new version.
    // (Saves queued meanwhile are based on it by the outbox; someone else's save in between is a
    // conflict the sync panel offers to resolve, never silently overwritten.)
    const follow = (tmpOrId: number | string, queued: Promise<{ id: string }>) =>
      void queued.then((command) => {
        successToast(SAVE_TEXT.saved, notice ?? trimmed);
        return whenSettled(command.id);
      }).then(({ applied, data }) => {
        const copy = data as ScenarioView | null;
        if (applied && copy && typeof copy.id === 'number') setBase((now) => (now && String(now.id) === String(tmpOrId) ? { id: copy.id, version: copy.version, name: copy.name } : now));
      });
    if (updating && base) {
      follow(base.id, saveScenarioAgain(key, base, built.body));
      setBase({ ...base, name: trimmed });
      return;
    }
    const made = saveNewScenario(key, built.body);
    setBase({ id: made.id, version: 1, name: trimmed });
    follow(made.id, made.queued);
  };

  if (!mayCreate && !(opened && mayUpdate)) return null;
  return (
    <section className="card planner-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Save scenario</h2>
      <form className="planner-amount" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <div className="planner-amount__row">
          <div className="field planner-amount__field">
            <label htmlFor={`${id}-name`}>Scenario name</label>
            <input
              id={`${id}-name`} type="text" maxLength={120} value={name}
              onChange={(e) => { setName(e.target.value); setNameError(null); }}
              {...fieldErrorProps(id, 'name', nameError)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={!allowed}>Save scenario</button>
        </div>
        <FieldError id={id} field="name" message={nameError} />
        {formError ? <p className="form-error" role="alert">{formError}</p> : null}
        <p className="field__hint">
          {!allowed ? (updating ? SAVE_TEXT.noUpdate : SAVE_TEXT.noCreate)
            : updating ? 'Saves this scenario again under its name; a new name saves another.'
              : 'Saves the split as shown (the optimised one after Optimise), the total budget and the min and max spends.'}
          {online ? '' : ` ${SAVE_TEXT.queued}`}
        </p>
      </form>
    </section>
  );
}
