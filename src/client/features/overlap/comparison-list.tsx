import { useId, useState } from 'react';
import { AlertDialog, Dialog } from 'radix-ui';
import type { ComparisonView } from './comparison-edits';
import { OVERLAP_TEXT } from './overlap-model';

interface Props {
  comparisons: readonly ComparisonView[];
  openId: number | string | undefined;
  loading: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  canCreate: boolean;
  onOpen(c: ComparisonView): void;
  onNew(): void;
  onRename(c: ComparisonView, name: string): void;
  onDelete(c: ComparisonView): void;
}

/** The saved comparisons (issue 16): open one, rename it, delete it (after a confirmation). */
export function ComparisonList({ comparisons, openId, loading, canUpdate, canDelete, canCreate, onOpen, onNew, onRename, onDelete }: Props) {
  const id = useId();
  const [renaming, setRenaming] = useState<ComparisonView | null>(null);
  const [deleting, setDeleting] = useState<ComparisonView | null>(null);
  return (
    <nav className="overlap-list" aria-labelledby={`${id}-title`}>
      <div className="overlap-list__head">
        <h2 id={`${id}-title`} className="overlap-section-title">Saved comparisons</h2>
        {canCreate ? <button type="button" className="button button--secondary" onClick={onNew}>New comparison</button> : null}
      </div>
      {loading ? <p role="status">Loading…</p> : null}
      <ul className="overlap-list__items">
        {comparisons.map((c) => {
          const current = String(c.id) === String(openId);
          return (
            <li key={c.id} className={current ? 'overlap-list__item overlap-list__item--open' : 'overlap-list__item'}>
              <button type="button" className="overlap-list__open" aria-current={current ? 'page' : undefined} onClick={() => onOpen(c)}>
                <span className="overlap-list__name">{c.name}</span>
                <span className="overlap-list__meta">{c.members.length} members{c.pending ? ' · Pending sync' : ''}</span>
              </button>
              {canUpdate ? <button type="button" className="button button--ghost overlap-list__action" aria-label={`Rename ${c.name}`} onClick={() => setRenaming(c)}>Rename</button> : null}
              {canDelete ? <button type="button" className="button button--ghost overlap-list__action" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>Delete</button> : null}
            </li>
          );
        })}
        {!loading && comparisons.length === 0 ? <li className="insight-note">No saved comparisons.</li> : null}
      </ul>
      {renaming ? (
        <RenameDialog
          name={renaming.name}
          onClose={() => setRenaming(null)}
          onSave={(name) => {
            onRename(renaming, name);
            setRenaming(null);
          }}
        />
      ) : null}
      {deleting ? (
        <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog-overlay" />
            <AlertDialog.Content className="dialog">
              <AlertDialog.Title>Delete comparison</AlertDialog.Title>
              <AlertDialog.Description>Delete the comparison “{deleting.name}”? This cannot be undone.</AlertDialog.Description>
              <div className="dialog__actions">
                <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action
                  className="button button--danger"
                  onClick={() => {
                    onDelete(deleting);
                    setDeleting(null);
                  }}
                >
                  Delete
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : null}
    </nav>
  );
}

function RenameDialog({ name, onSave, onClose }: { name: string; onSave(name: string): void; onClose(): void }) {
  const id = useId();
  const [value, setValue] = useState(name);
  const [tried, setTried] = useState(false);
  const empty = value.trim() === '';
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Rename comparison</Dialog.Title>
          <Dialog.Description className="visually-hidden">A new name for “{name}”.</Dialog.Description>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setTried(true);
              if (!empty) onSave(value.trim());
            }}
          >
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={value} maxLength={200} autoFocus aria-invalid={tried && empty} onChange={(e) => setValue(e.target.value)} />
              {tried && empty ? <p role="alert" className="field__error">{OVERLAP_TEXT.nameRequired}</p> : null}
            </div>
            <div className="dialog__actions">
              <Dialog.Close className="button button--ghost" type="button">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary">Save</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
