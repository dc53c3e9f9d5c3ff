import { AlertDialog } from 'radix-ui';

/** Asked before a logout (or a switch of user) would discard edits the server has not yet applied. */
export function UnsentEditsDialog({ count, action, onConfirm, onCancel }: { count: number; action: string; onConfirm: () => void; onCancel: () => void }) {
  const edits = count === 1 ? '1 edit has' : `${count} edits have`;
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onCancel())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Discard unsent edits?</AlertDialog.Title>
          <AlertDialog.Description>
            {edits} not reached the server yet. If you {action.toLowerCase()} now they are discarded. Stay to let them sync when the
            network is back.
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary">Stay</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onConfirm}>{`${action} and discard`}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
