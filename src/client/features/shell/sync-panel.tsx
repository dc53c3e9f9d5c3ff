import { useState, type ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { formatClockSeconds } from '@shared/rules/format';
import { heldBack } from '@shared/rules/outbox';
import type { StoredCommand } from '../../lib/offline/db';
import { MakeAvailableOffline } from './make-available-offline';
import { dependentEdits, discardCommand, retryAction, retryAll, sendEditedAgain } from '../../lib/offline/outbox-actions';
import { EditAndRetryDialog } from './edit-and-retry-dialog';

function stateText(command: StoredCommand, online: boolean, waitsOn: StoredCommand | undefined, serverGone: boolean): string {
  if (waitsOn) return `Waiting on: ${waitsOn.label}`;
  switch (command.state) {
    case 'pending':
      return !online ? 'Waiting for the network' : serverGone ? 'Waiting for the server' : 'Sending…';
    case 'waiting':
      if (!online) return 'Waiting for the network';
      // Issue 27: it goes the moment the server's health check answers, not at a retry time.
      if (serverGone) return 'Waiting for the server';
      return command.nextAttemptAt ? `Trying again at ${formatClockSeconds(command.nextAttemptAt)}` : 'Trying again soon';
    case 'conflict':
      return command.gone ? 'Deleted by someone else: re-create it or drop your edit' : 'Changed by someone else: choose which to keep';
    case 'rejected':
      return `Not saved: ${command.error?.message ?? 'the server refused it'}`;
    case 'done':
      return 'Saved';
  }
}

/** "Discard" for a refused edit: the edits that depend on it are named before they go with it. */
function DiscardButton({ command }: { command: StoredCommand }) {
  const [goingToo, setGoingToo] = useState<StoredCommand[] | null>(null);
  if (goingToo === null) {
    return (
      <button
        type="button" className="button button--ghost"
        onClick={() => void dependentEdits(command.id).then((found) => (found.length === 0 ? discardCommand(command.id) : setGoingToo(found)))}
      >
        Discard
      </button>
    );
  }
  return (
    <div className="sync-panel__confirm" role="group" aria-label={`Discard ${command.label}`}>
      <p>Discarding it also discards {goingToo.length === 1 ? 'this edit, made on top of it' : `these ${goingToo.length} edits, made on top of it`}:</p>
      <ul>{goingToo.map((c) => <li key={c.id}>{c.label}</li>)}</ul>
      <button type="button" className="button button--ghost" onClick={() => setGoingToo(null)}>Keep them</button>
      <button type="button" className="button button--secondary" onClick={() => void discardCommand(command.id)}>Discard all {goingToo.length + 1}</button>
    </div>
  );
}

/** A refused edit is never left with Discard only (issue 27): its content can be changed and sent again. */
function RetryButton({ command, onEdit }: { command: StoredCommand; onEdit: (command: StoredCommand) => void }) {
  const action = retryAction(command);
  return (
    <button type="button" className="button button--secondary" aria-label={`${action}: ${command.label}`}
      onClick={() => (action === TEXT.editAndRetry ? onEdit(command) : void sendEditedAgain(command.id, command.body))}>
      {action}
    </button>
  );
}

function PendingEdits({ commands, online, serverGone, onEdit }: {
  commands: readonly StoredCommand[]; online: boolean; serverGone: boolean; onEdit: (command: StoredCommand) => void;
}) {
  const open = commands.filter((c) => c.state !== 'done');
  if (open.length === 0) return <p className="sync-panel__empty">Every edit is saved on the server.</p>;
  const held = heldBack(commands);
  const retrying = online && open.some((c) => c.state === 'waiting');
  return (
    <>
      <ul className="sync-panel__list" aria-label="Pending edits">
        {open.map((c) => (
          <li key={c.id} className={`sync-panel__item sync-panel__item--${held.has(c.id) ? 'held' : c.state}`}>
            <span className="sync-panel__label">{c.label}</span>
            <span className="sync-panel__state">{stateText(c, online, held.get(c.id), serverGone)}</span>
            {c.state === 'rejected' ? <RetryButton command={c} onEdit={onEdit} /> : null}
            {c.state === 'rejected' ? <DiscardButton command={c} /> : null}
          </li>
        ))}
      </ul>
      {retrying ? <button type="button" className="button button--secondary" onClick={() => void retryAll()}>Retry now</button> : null}
    </>
  );
}

export interface OfflineContext {
  contextKey: string;
  contextLabel: string;
  paths: readonly string[];
}

/** The sync panel: the edits not yet applied, and offline saving of the context. Loaded on first use. */
export function SyncPanel({ trigger, commands, online, serverGone, offline }: {
  trigger: ReactNode; commands: readonly StoredCommand[]; online: boolean; serverGone: boolean; offline: OfflineContext | null;
}) {
  const [open, setOpen] = useState(true);
  // Outside the popover, which closes when the dialog takes the focus.
  const [retrying, setRetrying] = useState<StoredCommand | null>(null);
  const edit = (command: StoredCommand) => {
    setOpen(false);
    setRetrying(command);
  };
  return (
    <>
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="sync-panel" align="end" sideOffset={6}>
          <h2 className="sync-panel__title">Edits</h2>
          <PendingEdits commands={commands} online={online} serverGone={serverGone} onEdit={edit} />
          {offline ? <MakeAvailableOffline {...offline} online={online} /> : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
    {retrying ? <EditAndRetryDialog command={retrying} onClose={() => setRetrying(null)} /> : null}
    </>
  );
}
