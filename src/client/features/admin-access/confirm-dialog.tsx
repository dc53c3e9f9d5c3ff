import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { writeFailureMessage } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';

interface Props {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger: boolean;
  pending: boolean;
  /** The failed write, shown in the dialog as the server words it (or why it could not be sent). */
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** A confirmation that stays open while its write runs and to show a refusal (so not AlertDialog.Action). */
export function ConfirmDialog({ title, description, confirmLabel, danger, pending, error, onConfirm, onClose }: Props) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          {error ? <p role="alert" className="form-error">{writeFailureMessage(error, ACCESS_TEXT.offline)}</p> : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">{error ? 'Close' : 'Cancel'}</AlertDialog.Cancel>
            <button type="button" className={`button ${danger ? 'button--danger' : 'button--primary'}`} disabled={pending} onClick={onConfirm}>{confirmLabel}</button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
