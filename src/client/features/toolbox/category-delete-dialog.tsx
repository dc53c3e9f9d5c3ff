import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { categoryTitle } from '@shared/rules/toolbox';
import type { ToolboxCategory } from '@shared/schemas/toolbox';
import { writeFailureMessage } from '../../lib/api-error';

interface Props {
  category: ToolboxCategory;
  clientName: string;
  /** Deletes on the server; a refusal (a category that holds units: 409 IN_USE) is shown in the dialog. */
  onDelete(): Promise<void>;
  onClose(): void;
}

const UNREACHABLE = 'The category could not be deleted: the server could not be reached. Check the network and try again.';

/** Confirms a category's deletion; the server refuses while units are in it, and the dialog says so. */
export function CategoryDeleteDialog({ category, clientName, onDelete, onClose }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } catch (err) {
      setRefusal(writeFailureMessage(err, UNREACHABLE));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete category {categoryTitle(category.name)}?</AlertDialog.Title>
          <AlertDialog.Description>It disappears from the toolbox for everyone in {clientName}. A category that holds units cannot be deleted.</AlertDialog.Description>
          {refusal ? <p className="field__error" role="alert">{refusal}</p> : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">{refusal ? 'Close' : 'Cancel'}</AlertDialog.Cancel>
            {refusal ? null : (
              // Not AlertDialog.Action: that closes the dialog before the answer can be shown.
              <button type="button" className="button button--danger" disabled={deleting} onClick={() => void confirm()}>Delete</button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
