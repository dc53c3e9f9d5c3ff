import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { withRetryEdits } from '@shared/rules/refusals';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import type { StoredCommand } from '../../lib/offline/db';
import { retryFieldsOf, sendEditedAgain } from '../../lib/offline/outbox-actions';

/**
 * "Edit and retry" for an edit the server refused (issue 27): what the user typed is shown again,
 * the server's reason under the field it is about, and the edit goes again, in its place in the
 * queue, with what they change. Nothing of it is lost; Discard stays in the sync panel.
 */
export function EditAndRetryDialog({ command, onClose }: { command: StoredCommand; onClose: () => void }) {
  const id = useId();
  const fields = retryFieldsOf(command);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.path, String(f.value)])));
  const messages = command.error?.fields ?? {};
  // The reason is shown once: under its field when it names one, above the fields otherwise.
  const underAField = fields.some((f) => messages[f.path] === command.error?.message);
  // One sentence whether or not the server's message ends with a full stop ("…in use" or "…in use.").
  const reason = underAField ? '' : (command.error?.message ?? '').trim().replace(/\.$/, '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void sendEditedAgain(command.id, withRetryEdits(command.body, values, fields)).then(onClose);
  };
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{TEXT.editAndRetry}</Dialog.Title>
          <Dialog.Description>
            {command.label}: not saved{reason ? `: ${reason}` : ''}. Change it and send it again; the rest of your edit is kept as it was.
          </Dialog.Description>
          <form onSubmit={submit} noValidate aria-label={`Edit and retry ${command.label}`}>
            {fields.map((f) => (
              <div className="field" key={f.path}>
                <label htmlFor={`${id}-${f.path}`}>{f.label}</label>
                <input
                  id={`${id}-${f.path}`} type={f.kind === 'number' ? 'number' : 'text'} value={values[f.path] ?? ''} autoComplete="off"
                  onChange={(e) => setValues((v) => ({ ...v, [f.path]: e.target.value }))}
                  {...fieldErrorProps(id, f.path, values[f.path] === String(f.value) ? messages[f.path] : null)}
                />
                <FieldError id={id} field={f.path} message={values[f.path] === String(f.value) ? messages[f.path] : null} />
              </div>
            ))}
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary">{TEXT.sendAgain}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
