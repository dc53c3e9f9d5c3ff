import type { ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { useThrottled } from './invalid-chart-dialog';

interface Confirm {
  label: string;
  onConfirm: () => void;
  /**
   * Given for an action the dialog waits for (an online-only admin write): the dialog stays open
   * while it runs (true: the button is busy, Cancel and Escape do nothing) and the caller closes
   * it on success, so a refusal can be shown in it. Without it, the button closes the dialog at once.
   */
  pending?: boolean;
  /** The button's words while pending ('Deleting…'); its label otherwise. */
  pendingLabel?: string;
  /** A destructive action (the default) is red; otherwise the primary button. */
  danger?: boolean;
  /** The button acts at most once per this many ms (admin §9: destructive actions). */
  throttleMs?: number;
  /** After a refusal the action is offered again (a write that may pass later, e.g. back online); otherwise only Close. */
  retry?: boolean;
}

interface AlertProps {
  title: string;
  message: ReactNode;
  onClose: () => void;
  /** A confirmation's button (deleting a chart, market, audience, journey, brand, role…); without it, a message and Close. */
  confirm?: Confirm;
  /** Why the server refused the action, in its words (or why it could not be sent); Cancel becomes Close. */
  refusal?: string | null;
  /** What still uses the thing (a refused delete, 409 IN_USE): listed under the message; Cancel becomes Close. */
  uses?: { label: string; items: readonly string[] };
}

/**
 * An alert with Close (Grow's 'Cannot Filter By This Audience!', 'Invalid Audiences Selected!',
 * spec 3 §8), or a confirmation with Cancel and its action: closing at once (deleting a chart,
 * market, audience or journey), or staying open while a write runs to show the server's refusal
 * and what uses the thing (administration).
 */
export function ActionAlert({ title, message, onClose, confirm, refusal = null, uses }: AlertProps) {
  const waits = confirm?.pending !== undefined;
  const busy = confirm?.pending === true;
  const act = useThrottled(confirm?.onConfirm ?? onClose, confirm?.throttleMs ?? 0);
  const refused = refusal !== null || (uses !== undefined && uses.items.length > 0);
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{message}</AlertDialog.Description>
          {uses && uses.items.length > 0 ? (
            <ul className="dialog__list" aria-label={uses.label}>
              {uses.items.map((item, i) => <li key={`${i}-${item}`}>{item}</li>)}
            </ul>
          ) : null}
          {refusal !== null ? <p role="alert" className="form-error">{refusal}</p> : null}
          <div className="dialog__actions">
            {!confirm ? (
              <AlertDialog.Action className="button button--primary" onClick={onClose}>Close</AlertDialog.Action>
            ) : waits ? (
              <>
                <AlertDialog.Cancel className="button button--secondary" disabled={busy}>{refused ? 'Close' : 'Cancel'}</AlertDialog.Cancel>
                {refused && !confirm.retry ? null : (
                  // Not AlertDialog.Action: that closes the dialog before the answer can be shown.
                  <button type="button" className={`button ${confirm.danger === false ? 'button--primary' : 'button--danger'}`} disabled={busy} onClick={act}>
                    {busy && confirm.pendingLabel ? confirm.pendingLabel : confirm.label}
                  </button>
                )}
              </>
            ) : (
              <>
                <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className={`button ${confirm.danger === false ? 'button--primary' : 'button--danger'}`} onClick={act}>{confirm.label}</AlertDialog.Action>
              </>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
