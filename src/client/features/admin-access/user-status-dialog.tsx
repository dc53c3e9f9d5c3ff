import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES } from '@shared/rules/roles';
import type { AdminUser } from '@shared/schemas/users';
import { successToast } from '../../lib/ui-store';
import { accessKeys, updateUser } from './access-queries';
import { ActionAlert } from '../../components/action-alert';
import { writeFailureMessage } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';

/** Deactivate (their sessions end) or reactivate a user after confirmation; a refusal is shown as the server words it. */
export function UserStatusDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const name = `${user.first_name} ${user.last_name}`;
  const change = useMutation({
    mutationFn: () => updateUser(user.id, { user: { active: !user.active }, version: user.version }),
    meta: { handlesErrors: true },
    onSuccess: async () => {
      successToast(USER_MESSAGES.updated(name));
      onClose();
      await queryClient.invalidateQueries({ queryKey: accessKeys.users });
    },
  });
  const verb = user.active ? 'Deactivate' : 'Reactivate';
  return (
    <ActionAlert
      title={`${verb} ${name}?`}
      message={user.active ? `${name} can no longer log in, and any session they have open ends now.` : `${name} can log in again with their roles and hierarchy access as they are.`}
      confirm={{ label: verb, onConfirm: () => change.mutate(), pending: change.isPending, danger: user.active, retry: true }}
      refusal={change.isError ? writeFailureMessage(change.error, ACCESS_TEXT.offline) : null} onClose={onClose}
    />
  );
}
