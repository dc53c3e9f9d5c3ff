import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { normalizeCategoryName, validateCategoryName } from '@shared/rules/toolbox';
import type { ToolboxCategory } from '@shared/schemas/toolbox';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { writeFailureMessage } from '../../lib/api-error';

interface Props {
  /** The category to rename, or null to add one. */
  category: ToolboxCategory | null;
  /** The names of the client's other categories. */
  otherNames: readonly string[];
  /** Saves on the server; a refusal's message is shown in the dialog, which keeps the name. */
  onSave(name: string): Promise<void>;
  onClose(): void;
}

const UNREACHABLE = 'The category could not be saved: the server could not be reached. Check the network and try again.';

/** Add or rename a toolbox category; the rules' messages before it is sent, the server's after. */
export function CategoryNameDialog({ category, otherNames, onSave, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(category?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const normalized = normalizeCategoryName(name);
    const message = validateCategoryName(normalized, otherNames);
    setError(message);
    if (message !== null) return;
    setSaving(true);
    try {
      await onSave(normalized);
    } catch (err) {
      setError(writeFailureMessage(err, UNREACHABLE));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{category ? `Rename category ${category.name}` : 'Add a category'}</Dialog.Title>
          <Dialog.Description>{category ? 'Its units move with it.' : 'It is added after the other categories.'}</Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate>
            <div className="field">
              <label htmlFor={`${id}-name`}>Category name</label>
              <input
                id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off"
                {...fieldErrorProps(id, 'name', error)}
              />
              <FieldError id={id} field="name" message={error} />
            </div>
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary" disabled={saving}>{category ? 'Rename' : 'Add category'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
