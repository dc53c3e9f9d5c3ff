import { AlertDialog } from 'radix-ui';

interface AlertProps {
  title: string;
  message: string;
  onClose: () => void;
  /** A destructive confirmation's button (deleting a chart, market, audience or journey); without it, a message and Close. */
  confirm?: { label: string; onConfirm: () => void };
}

/**
 * An alert with Close (Grow's 'Cannot Filter By This Audience!', 'Invalid Audiences Selected!',
 * spec 3 §8), or a destructive confirmation with Cancel and its action (deleting a chart, market,
 * audience or journey).
 */
export function ActionAlert({ title, message, onClose, confirm }: AlertProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{message}</AlertDialog.Description>
          <div className="dialog__actions">
            {confirm ? (
              <>
                <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className="button button--danger" onClick={confirm.onConfirm}>{confirm.label}</AlertDialog.Action>
              </>
            ) : (
              <AlertDialog.Action className="button button--primary" onClick={onClose}>Close</AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
