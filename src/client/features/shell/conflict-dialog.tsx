import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { conflictRows, laterOnEntity } from '@shared/rules/outbox';
import type { StoredCommand } from '../../lib/offline/db';
import { comparableCopy, keepMyChange, takeTheirChange } from '../../lib/offline/outbox-client';

/**
 * A queued edit met a newer version saved elsewhere (409): the user keeps theirs (sent again over
 * the new version) or takes the server's. One conflict at a time, oldest first.
 */
export function ConflictDialog({ commands }: { commands: readonly StoredCommand[] }) {
  const queryClient = useQueryClient();
  const conflict = commands.find((c) => c.state === 'conflict');
  if (!conflict) return null;
  const rows = conflictRows(conflict.body, comparableCopy(conflict));
  // Edits made on top of this one go with it if the user takes the server's version.
  const later = laterOnEntity(commands, conflict).length;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()}>
          <Dialog.Title>Someone else changed this</Dialog.Title>
          <Dialog.Description>
            {conflict.label}: {conflict.error?.message ?? 'A newer version was saved in another session.'}
          </Dialog.Description>
          {rows.length > 0 ? (
            <table className="conflict-table">
              <thead>
                <tr><th scope="col">Field</th><th scope="col">Yours</th><th scope="col">Theirs</th></tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.field}><th scope="row">{r.field}</th><td>{r.mine}</td><td>{r.theirs}</td></tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {later > 0 ? (
            <p className="dialog__note">
              {later === 1 ? 'Your later edit to it waits for this choice; taking theirs discards it too.' : `Your ${later} later edits to it wait for this choice; taking theirs discards them too.`}
            </p>
          ) : null}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => void takeTheirChange(queryClient, conflict.id)}>
              {TEXT.conflictTakeTheirs}
            </button>
            <button type="button" className="button button--primary" onClick={() => void keepMyChange(conflict.id)}>
              {TEXT.conflictKeepMine}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
