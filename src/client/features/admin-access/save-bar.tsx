import { useOnline } from '../../lib/offline/freshness';
import { ACCESS_TEXT } from './access-text';
import { writeFailureMessage } from '../../lib/api-error';

/** A form's foot: why it cannot save (offline, a refusal as the server words it), Cancel and the submit button. */
export function SaveBar({ error, pending, label, onCancel }: { error: unknown; pending: boolean; label: string; onCancel: () => void }) {
  const online = useOnline();
  return (
    <>
      {!online ? <p role="status" className="access-form__note">{ACCESS_TEXT.offlineNote}</p> : null}
      {error ? <p role="alert" className="form-error">{writeFailureMessage(error, ACCESS_TEXT.offline)}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={pending}>{label}</button>
      </div>
    </>
  );
}
