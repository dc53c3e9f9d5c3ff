import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { changesLeft, takeTheirsOnly } from '@shared/rules/merge';
import { dependents } from '@shared/rules/outbox';
import { conflictRows } from '@shared/rules/outbox-answers';
import type { StoredCommand } from '../../lib/offline/db';
import { canRecreate, comparableCopy, keepMyChange, recreateGone, takeTheirChange } from '../../lib/offline/outbox-actions';

/**
 * A queued edit the server could not apply as it stands (issue 12), one at a time, oldest first:
 * - a field both sides changed: base, theirs and mine of that field; keep mine or take theirs;
 * - something someone else deleted: re-create it with my edits, or drop them.
 * Either way, the edits that go with a dropped one are listed by name before they go.
 */
export function ConflictDialog({ commands }: { commands: readonly StoredCommand[] }) {
  const conflict = commands.find((c) => c.state === 'conflict');
  if (!conflict) return null;
  const goingToo = dependents(commands, conflict);
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" onEscapeKeyDown={(e) => e.preventDefault()} onPointerDownOutside={(e) => e.preventDefault()}>
          {conflict.gone ? <DeletedElsewhere conflict={conflict} goingToo={goingToo} /> : <ChangedElsewhere conflict={conflict} goingToo={goingToo} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface Props {
  conflict: StoredCommand;
  goingToo: readonly StoredCommand[];
}

function ChangedElsewhere({ conflict, goingToo }: Props) {
  const queryClient = useQueryClient();
  const rows = conflictRows(conflict.body, comparableCopy(conflict), conflict.conflicts);
  // What "Take theirs" sends again: the rest of my edit, with theirs where both changed (issue 27).
  const rest = conflict.conflicts?.length ? takeTheirsOnly(conflict.body, conflict.conflicts) : null;
  const keepsRest = rest !== null && changesLeft(rest);
  const withBase = rows.some((r) => r.base !== null);
  return (
    <>
      <Dialog.Title>Someone else changed this</Dialog.Title>
      <Dialog.Description>
        {conflict.label}: {conflict.conflicts?.length ? clashText(conflict.conflicts.length, keepsRest) : (conflict.error?.message ?? 'A newer version was saved in another session.')}
      </Dialog.Description>
      {rows.length > 0 ? (
        <table className="conflict-table">
          <thead>
            <tr>
              <th scope="col">Field</th>
              {withBase ? <th scope="col">Before</th> : null}
              <th scope="col">Theirs</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.field}>
                <th scope="row">{r.field}</th>
                {withBase ? <td>{r.base ?? '—'}</td> : null}
                <td>{r.theirs}</td>
                <td>{r.mine}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {keepsRest ? null : <GoingToo goingToo={goingToo} action="Taking theirs" />}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => void takeTheirChange(queryClient, conflict.id)}>
          {TEXT.conflictTakeTheirs}
        </button>
        <button type="button" className="button button--primary" onClick={() => void keepMyChange(conflict.id)}>
          {TEXT.conflictKeepMine}
        </button>
      </div>
    </>
  );
}

/** What either choice does (issue 27): only the fields both changed are in question; the rest of my edit is kept. */
const clashText = (n: number, keepsRest: boolean) =>
  `you and someone else both changed ${n === 1 ? 'the field below' : 'the fields below'}. ${keepsRest ? 'Take theirs keeps their value there and sends the rest of your edit' : 'Take theirs drops your edit'}; Keep mine sends all of it.`;

function DeletedElsewhere({ conflict, goingToo }: Props) {
  const queryClient = useQueryClient();
  const sameItem = goingToo.filter((c) => c.item === conflict.item);
  const recreatable = canRecreate([conflict, ...sameItem]);
  const what = conflict.gone?.kind ?? 'item';
  return (
    <>
      <Dialog.Title>Deleted by someone else</Dialog.Title>
      <Dialog.Description>
        {conflict.label}: the {what} was deleted by someone else before your edit reached the server.
        {recreatable ? ` You can make the ${what} again with your edits, or drop them.` : ' Your edit cannot be applied.'}
      </Dialog.Description>
      <GoingToo goingToo={goingToo} action="Dropping your edit" />
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => void takeTheirChange(queryClient, conflict.id)}>
          Drop my edit
        </button>
        {recreatable ? (
          <button type="button" className="button button--primary" onClick={() => void recreateGone(conflict.id)}>
            Re-create it
          </button>
        ) : null}
      </div>
    </>
  );
}

/** The edits that go with the one dropped, by name, before they go. */
function GoingToo({ goingToo, action }: { goingToo: readonly StoredCommand[]; action: string }) {
  if (goingToo.length === 0) return null;
  return (
    <div className="dialog__note">
      <p>{action} also drops {goingToo.length === 1 ? 'this edit, made on top of it' : `these ${goingToo.length} edits, made on top of it`}:</p>
      <ul aria-label="Edits dropped with it">
        {goingToo.map((c) => <li key={c.id}>{c.label}</li>)}
      </ul>
    </div>
  );
}
