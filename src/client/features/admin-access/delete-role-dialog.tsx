import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLE_MESSAGES } from '@shared/rules/roles';
import type { AdminRole } from '@shared/schemas/roles';
import { showToast } from '../../lib/ui-store';
import { accessKeys, deleteRole } from './access-queries';
import { ConfirmDialog } from './confirm-dialog';

/** Delete a role after confirmation; a refusal (users hold it) is shown in the dialog as the server words it. */
export function DeleteRoleDialog({ role, onClose }: { role: AdminRole; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteRole(role.id),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      showToast(ROLE_MESSAGES.deleted(role.name));
      onClose();
      await queryClient.invalidateQueries({ queryKey: accessKeys.roles });
    },
  });
  return (
    <ConfirmDialog
      title={`Delete role ${role.name}?`} description="The role and its permissions are removed. This cannot be undone."
      confirmLabel="Delete" danger pending={remove.isPending} error={remove.isError ? remove.error : null}
      onConfirm={() => remove.mutate()} onClose={onClose}
    />
  );
}
