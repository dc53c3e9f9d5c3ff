import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import type { AudienceSummary } from '@shared/schemas/audiences';
import { isApiError } from '../../lib/api-error';
import { successToast } from '../../lib/ui-store';
import { deleteAudience } from './audience-commands';

interface Props {
  context: string;
  audience: Pick<AudienceSummary, 'id' | 'name' | 'kind' | 'read_only'>;
  onDeleted: () => void;
  onClose: () => void;
}

/**
 * Delete asks first. The server refuses (409) when a chart, journey or activation uses the
 * audience: its message names them and their users, shown here; nothing is lost.
 */
export function DeleteAudienceDialog({ context, audience, onDeleted, onClose }: Props) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const confirm = () => {
    setState({ busy: true, error: null });
    deleteAudience(context, audience).then(
      (message) => {
        successToast(message);
        onDeleted();
      },
      (error: unknown) => setState({ busy: false, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete audience</AlertDialog.Title>
          <AlertDialog.Description>
            {audience.read_only
              ? `Remove the shared audience “${audience.name}” from this client? The client that shared it keeps it.`
              : `Delete the audience “${audience.name}”? This cannot be undone.`}
          </AlertDialog.Description>
          {state.error ? <p role="alert" className="field__error">{state.error}</p> : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--ghost">{state.error ? 'Close' : 'Cancel'}</AlertDialog.Cancel>
            {/* Not an Action: the dialog stays open for the server's answer. */}
            <button type="button" className="button button--danger" disabled={state.busy} aria-busy={state.busy} onClick={confirm}>Delete</button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
