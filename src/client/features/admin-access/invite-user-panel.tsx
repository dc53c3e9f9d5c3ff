import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, validateUser, type RuleIssue, type UserField } from '@shared/rules/roles';
import { SlideInPanel } from '../../components/slide-in-panel';
import { successToast } from '../../lib/ui-store';
import { accessKeys, createUser } from './access-queries';
import { InvitationLink } from './invitation-link';
import { SaveBar } from './save-bar';
import { UserFields, type UserValues } from './user-fields';
import type { UserFormContext } from './user-form-context';

const EMPTY: UserValues = { first_name: '', last_name: '', email: '', role_ids: [], slugs: [] };

/** Invite a user: once created, the panel shows the one-time link to send them. */
export function InviteUserPanel({ form, onClose }: { form: UserFormContext; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<UserValues>(EMPTY);
  const [issues, setIssues] = useState<RuleIssue<UserField>[]>([]);
  const create = useMutation({
    mutationFn: () => createUser({ user: { ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim() } }),
    meta: { handlesErrors: true },
    onSuccess: async ({ data }) => {
      successToast(USER_MESSAGES.created(`${data.first_name} ${data.last_name}`));
      await Promise.all([queryClient.invalidateQueries({ queryKey: accessKeys.users }), queryClient.invalidateQueries({ queryKey: accessKeys.roles })]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateUser(values);
    setIssues(found);
    if (found.length === 0) create.mutate();
  };
  const created = create.data;
  return (
    <SlideInPanel title="Invite user" widthPx={650} onClose={onClose}>
      {created ? (
        <InvitationLink name={`${created.data.first_name} ${created.data.last_name}`} invitation={created.invitation} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate className="access-form">
          <UserFields values={values} issues={issues} emailReadOnly={false} {...form} onChange={setValues} />
          <SaveBar error={create.isError ? create.error : null} pending={create.isPending} label="Invite user" onCancel={onClose} />
        </form>
      )}
    </SlideInPanel>
  );
}
