import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_MESSAGES } from '@shared/rules/roles';
import type { AdminRole } from '@shared/schemas/roles';
import { successToast } from '../../lib/ui-store';
import { accessKeys, deleteRole } from './access-queries';
import { ActionAlert } from '../../components/action-alert';
import { writeFailureMessage } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';

/** Delete a role after confirmation; a refusal (users hold it) is shown in the dialog as the server words it. */
export function DeleteRoleDialog({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteRole(role.id),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      successToast(ROLE_MESSAGES.deleted(role.name));
      onClose();
      await queryClient.invalidateQueries({ queryKey: accessKeys.roles });
    },
  });
  return (
    <ActionAlert
      title={`Delete role ${role.name}?`} message="The role and its permissions are removed. This cannot be undone."
      confirm={{ label: 'Delete', onConfirm: () => remove.mutate(), pending: remove.isPending, retry: true }}
      refusal={remove.isError ? writeFailureMessage(remove.error, ACCESS_TEXT.offline) : null} onClose={onClose}
    />
  );
}
