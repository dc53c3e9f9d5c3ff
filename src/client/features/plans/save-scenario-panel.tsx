import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ContextSlugs } from '@shared/rules/context';
import { SCENARIO_TEXT } from '@shared/rules/scenarios';
import { versionConflictMessage } from '@shared/schemas/error';
import type { Scenario, ScenarioBody } from '@shared/schemas/plans';
import { ActionAlert } from '../../components/action-alert';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { isApiError } from '../../lib/api-error';
import { scenarioKeys } from '../../lib/plan-queries';
import { errorToast, successToast } from '../../lib/ui-store';
import { conflictCurrent, createScenario, updateScenario } from './saved-scenarios-api';

interface Props {
  context: ContextSlugs;
  online: boolean;
  mayCreate: boolean;
  mayUpdate: boolean;
  /** The saved scenario the planner opened, if any: saving it under its name again updates it. */
  opened: Scenario | null;
  /** The body of the lines as shown (the optimised split after Optimise), or why they cannot be saved. */
  build: (name: string) => { ok: true; body: ScenarioBody } | { ok: false; message: string };
  /** Replace the planner with the scenario as someone else saved it. */
  onReload: (current: Scenario) => void;
}

export const SAVE_TEXT = {
  saved: 'Scenario saved',
  offline: 'You are offline: saving a scenario needs the server.',
  conflict: versionConflictMessage('scenario'),
  noUpdate: 'Saving this scenario again needs permission to update scenarios: give it a new name to save it as another.',
  noCreate: 'Saving a new scenario needs permission to create scenarios.',
} as const;

/** "Save scenario": a name and Save; an opened scenario saved under its name again is updated from its version. */
export function SaveScenarioPanel({ context, online, mayCreate, mayUpdate, opened, build, onReload }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(opened?.name ?? '');
  const [base, setBase] = useState<Pick<Scenario, 'id' | 'version' | 'name'> | null>(opened);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Scenario | null>(null);
  const updating = base !== null && name.trim() === base.name;
  const allowed = updating ? mayUpdate : mayCreate;

  const save = useMutation({
    mutationFn: (body: ScenarioBody) => (updating && base ? updateScenario(context, base.id, { ...body, version: base.version }) : createScenario(context, body)),
    meta: { handlesErrors: true },
    onSuccess: (scenario) => {
      setBase(scenario);
      setName(scenario.name);
      successToast(SAVE_TEXT.saved, scenario.name);
    },
    onError: (error) => {
      const current = conflictCurrent(error);
      if (current) return setConflict(current);
      if (isApiError(error) && error.status === 422) return setNameError(error.message);
      errorToast('The scenario could not be saved.', isApiError(error) ? error.message : SAVE_TEXT.offline);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scenarioKeys.list(context) }),
  });

  const submit = () => {
    setNameError(null);
    setFormError(null);
    const built = build(name.trim());
    if (!built.ok) return setFormError(built.message);
    if (!name.trim()) return setNameError(SCENARIO_TEXT.nameRequired);
    save.mutate(built.body);
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
          <button type="submit" className="button button--primary" disabled={!online || !allowed || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save scenario'}
          </button>
        </div>
        <FieldError id={id} field="name" message={nameError} />
        {formError ? <p className="form-error" role="alert">{formError}</p> : null}
        <p className="field__hint">
          {!online ? SAVE_TEXT.offline
            : !allowed ? (updating ? SAVE_TEXT.noUpdate : SAVE_TEXT.noCreate)
              : updating ? 'Saves this scenario again under its name; a new name saves another.'
                : 'Saves the split as shown (the optimised one after Optimise), the total budget and the min and max spends.'}
        </p>
      </form>
      {conflict ? (
        <ActionAlert
          title="Scenario changed"
          message={`${SAVE_TEXT.conflict} Reload theirs to see it (your changes here are dropped), or cancel and save yours under a new name.`}
          onClose={() => setConflict(null)}
          confirm={{ label: 'Reload theirs', danger: false, onConfirm: () => { const current = conflict; setConflict(null); onReload(current); } }}
        />
      ) : null}
    </section>
  );
}
