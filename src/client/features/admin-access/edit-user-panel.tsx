import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, validateUser, type RuleIssue, type UserField } from '@shared/rules/roles';
import type { AdminUser } from '@shared/schemas/users';
import { SlideInPanel } from '../../components/slide-in-panel';
import { sessionKeys } from '../../lib/session-queries';
import { successToast } from '../../lib/ui-store';
import { accessKeys, updateUser } from './access-queries';
import { SaveBar } from './save-bar';
import { UserFields, type UserValues } from './user-fields';
import type { UserFormContext } from './user-form-context';

interface Props {
  user: AdminUser;
  form: UserFormContext;
  /** The caller edits themselves: their own permissions and hierarchy are read again after a save. */
  self: boolean;
  onClose: () => void;
}

/**
 * Edit a user's names, roles and hierarchy slugs: one PUT /api/users/{id} (the users list already
 * holds their slugs and the version they were read at), so a save is all or nothing.
 */
export function EditUserPanel({ user, form, self, onClose }: Props) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<UserValues>({
    first_name: user.first_name, last_name: user.last_name, email: user.email, role_ids: [...user.role_ids], slugs: [...user.slugs],
  });
  const [issues, setIssues] = useState<RuleIssue<UserField>[]>([]);
  const save = useMutation({
    mutationFn: () => updateUser(user.id, {
      user: { first_name: values.first_name.trim(), last_name: values.last_name.trim(), role_ids: values.role_ids, slugs: values.slugs },
      version: user.version,
    }),
    meta: { handlesErrors: true },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: accessKeys.users }),
      queryClient.invalidateQueries({ queryKey: accessKeys.roles }),
      self ? queryClient.invalidateQueries({ queryKey: sessionKeys.permissions }) : null,
      self ? queryClient.invalidateQueries({ queryKey: sessionKeys.hierarchy }) : null,
    ]),
    onSuccess: (saved) => {
      successToast(USER_MESSAGES.updated(`${saved.first_name} ${saved.last_name}`));
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateUser({ first_name: values.first_name, last_name: values.last_name, role_ids: values.role_ids, slugs: values.slugs });
    setIssues(found);
    if (found.length === 0) save.mutate();
  };
  return (
    <SlideInPanel title={`Edit user ${user.first_name} ${user.last_name}`} widthPx={650} onClose={onClose}>
      <form onSubmit={submit} noValidate className="access-form">
        <UserFields values={values} issues={issues} emailReadOnly {...form} onChange={setValues} />
        <SaveBar error={save.isError ? save.error : null} pending={save.isPending} label="Save" onCancel={onClose} />
      </form>
    </SlideInPanel>
  );
}
