import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_MESSAGES, validateUser, type RuleIssue, type UserField } from '@shared/rules/roles';
import type { AdminUser } from '@shared/schemas/users';
import { SlideInPanel } from '../../components/slide-in-panel';
import { sessionKeys } from '../../lib/session-queries';
import { showToast } from '../../lib/ui-store';
import { ACCESS_TEXT } from './access-text';
import { accessKeys, hierarchyPermissionsQueryOptions, saveHierarchyPermissions, updateUser } from './access-queries';
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

/** Edit a user's names and roles (PUT /api/users/{id}) and hierarchy slugs (PUT /api/user-hierarchy-permissions/{id}). */
export function EditUserPanel({ user, form, self, onClose }: Props) {
  const permissions = useQuery(hierarchyPermissionsQueryOptions(user.id));
  const title = `Edit user ${user.first_name} ${user.last_name}`;
  return (
    <SlideInPanel title={title} widthPx={650} onClose={onClose}>
      {permissions.isPending ? <p role="status">Loading…</p> : null}
      {permissions.isError ? <p role="alert">{ACCESS_TEXT.loadFailed("user's hierarchy access")}</p> : null}
      {permissions.data ? <EditUserForm user={user} slugs={permissions.data.slugs} form={form} self={self} onClose={onClose} /> : null}
    </SlideInPanel>
  );
}

const same = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((x) => b.includes(x));

function EditUserForm({ user, slugs, form, self, onClose }: Props & { slugs: string[] }) {
  const queryClient = useQueryClient();
  const start: UserValues = { first_name: user.first_name, last_name: user.last_name, email: user.email, role_ids: [...user.role_ids], slugs };
  const [values, setValues] = useState<UserValues>(start);
  const [issues, setIssues] = useState<RuleIssue<UserField>[]>([]);
  // What the server has now: after the user's own write succeeded and the slugs' failed, a retry sends only the slugs.
  const saved = useRef({ values: start, version: user.version });
  const save = useMutation({
    mutationFn: async () => {
      const next = { ...values, first_name: values.first_name.trim(), last_name: values.last_name.trim() };
      const base = saved.current;
      if (next.first_name !== base.values.first_name || next.last_name !== base.values.last_name || !same(next.role_ids, base.values.role_ids)) {
        const updated = await updateUser(user.id, { user: { first_name: next.first_name, last_name: next.last_name, role_ids: next.role_ids }, version: base.version });
        saved.current = { values: { ...base.values, first_name: updated.first_name, last_name: updated.last_name, role_ids: updated.role_ids }, version: updated.version };
      }
      if (!same(next.slugs, saved.current.values.slugs)) {
        const result = await saveHierarchyPermissions({ user_id: user.id, slugs: next.slugs });
        saved.current = { ...saved.current, values: { ...saved.current.values, slugs: result.slugs } };
      }
      return next;
    },
    meta: { handlesErrors: true },
    onSettled: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: accessKeys.users }),
      queryClient.invalidateQueries({ queryKey: accessKeys.roles }),
      queryClient.invalidateQueries({ queryKey: accessKeys.userPermissions(user.id) }),
      self ? queryClient.invalidateQueries({ queryKey: sessionKeys.permissions }) : null,
      self ? queryClient.invalidateQueries({ queryKey: sessionKeys.hierarchy }) : null,
    ]),
    onSuccess: (next) => {
      showToast(USER_MESSAGES.updated(`${next.first_name} ${next.last_name}`));
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
    <form onSubmit={submit} noValidate className="access-form">
      <UserFields values={values} issues={issues} emailReadOnly {...form} onChange={setValues} />
      <SaveBar error={save.isError ? save.error : null} pending={save.isPending} label="Save" onCancel={onClose} />
    </form>
  );
}
