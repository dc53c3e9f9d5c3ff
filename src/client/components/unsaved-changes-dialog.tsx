import { AlertDialog } from 'radix-ui';
import { JOURNEY_TEXT } from '@shared/rules/journey';

/** 'You have unsaved changes' (the journey builder's wording, spec 3 §2.4), asked before leaving a builder with changes: the journey and audience builders. */
export function UnsavedChangesDialog({ onDiscard, onStay }: { onDiscard(): void; onStay(): void }) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onStay())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{JOURNEY_TEXT.discardTitle}</AlertDialog.Title>
          <AlertDialog.Description>{JOURNEY_TEXT.discardText}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onDiscard}>{JOURNEY_TEXT.discard}</AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
