import { useState } from 'react';
import { categoryTitle } from '@shared/rules/toolbox';
import type { ToolboxCategory } from '@shared/schemas/toolbox';
import { ActionAlert } from '../../components/action-alert';
import { writeFailureMessage } from '../../lib/api-error';

interface Props {
  category: ToolboxCategory;
  clientName: string;
  /** Deletes on the server; a refusal (a category that holds units: 409 IN_USE) is shown in the dialog. */
  onDelete(): Promise<void>;
  onClose(): void;
}

const UNREACHABLE = 'The category could not be deleted: the server could not be reached. Check the network and try again.';

/** Confirms a category's deletion; the server refuses while units are in it, and the dialog says so. */
export function CategoryDeleteDialog({ category, clientName, onDelete, onClose }: Props) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    try {
      await onDelete();
    } catch (err) {
      setRefusal(writeFailureMessage(err, UNREACHABLE));
    } finally {
      setDeleting(false);
    }
  };
  return (
    <ActionAlert
      title={`Delete category ${categoryTitle(category.name)}?`}
      message={`It disappears from the toolbox for everyone in ${clientName}. A category that holds units cannot be deleted.`}
      confirm={{ label: 'Delete', onConfirm: () => void confirm(), pending: deleting }}
      refusal={refusal} onClose={onClose}
    />
  );
}
