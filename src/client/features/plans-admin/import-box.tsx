import { useId, useState, type FormEvent } from 'react';
import { CURVE_TEXT, SCENARIO_PLAN_LIMITS } from '@shared/rules/curves';
import { FieldError, fieldErrorProps } from '../../components/field-error';

interface Props {
  online: boolean;
  onImport: (projectId: string) => void;
}

/** The import box (spec 2 §2, §5): a Project ID, and Import, disabled until one is typed. */
export function ImportBox({ online, onImport }: Props) {
  const id = useId();
  const [projectId, setProjectId] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = projectId.trim() === '';
  const message = touched && missing ? CURVE_TEXT.projectIdRequired : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (missing || !online) return;
    onImport(projectId.trim());
    setProjectId('');
    setTouched(false);
  };
  return (
    <form className="import-box" onSubmit={submit} aria-label="Import a plan">
      <div className="field import-box__field">
        <label htmlFor={`${id}-project`}>Project ID</label>
        <input
          id={`${id}-project`}
          value={projectId}
          maxLength={SCENARIO_PLAN_LIMITS.projectIdMax}
          autoComplete="off"
          onChange={(e) => setProjectId(e.target.value)}
          onBlur={() => setTouched(true)}
          {...fieldErrorProps(id, 'project', message)}
        />
        <FieldError id={id} field="project" message={message} />
      </div>
      <button type="submit" className="button button--primary" disabled={missing || !online}>Import</button>
    </form>
  );
}
