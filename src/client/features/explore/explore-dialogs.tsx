import { AlertDialog } from 'radix-ui';
import { EXPLORE_TEXT } from '@shared/rules/explore';

/**
 * The invalid persona (spec 3 §4): it names segments the region no longer has, so it cannot be
 * shown. Not dismissible: Escape and a click outside do nothing; Close selects the all-data persona.
 */
export function InvalidPersonaDialog({ count, canEdit, canDelete, onEdit, onDelete, onClose }: {
  count: number;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onEscapeKeyDown={(e) => e.preventDefault()}>
          <AlertDialog.Title>{EXPLORE_TEXT.invalidTitle}</AlertDialog.Title>
          <AlertDialog.Description>{EXPLORE_TEXT.invalidBody(count)}</AlertDialog.Description>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={onClose}>Close</button>
            {canDelete ? <button type="button" className="button button--danger" onClick={onDelete}>Delete</button> : null}
            {canEdit ? <button type="button" className="button button--primary" onClick={onEdit}>Edit</button> : null}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** Delete asks first. */
export function DeletePersonaDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete persona</AlertDialog.Title>
          <AlertDialog.Description>Delete the persona “{name}”? This cannot be undone.</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onConfirm}>Delete</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
