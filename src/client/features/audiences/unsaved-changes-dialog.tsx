import { AlertDialog } from 'radix-ui';
import { BUILDER_TEXT } from './builder-mode';

/** 'You have unsaved changes' (the journey builder's wording, spec 3 §2.4), asked before leaving the builder. */
export function UnsavedChangesDialog({ onDiscard, onStay }: { onDiscard(): void; onStay(): void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onStay())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{BUILDER_TEXT.unsavedTitle}</AlertDialog.Title>
          <AlertDialog.Description>{BUILDER_TEXT.unsavedText}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onDiscard}>{BUILDER_TEXT.discard}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
