import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PermissionSet } from '@shared/permissions';
import { normalizePermissions, ROLE_DESCRIPTION_MAX, ROLE_MESSAGES, ROLE_NAME_MAX, validateRole, type RuleIssue } from '@shared/rules/roles';
import type { AdminRole, ResourceInfo } from '@shared/schemas/roles';
import { SlideInPanel } from '../../components/slide-in-panel';
import { sessionKeys } from '../../lib/session-queries';
import { successToast } from '../../lib/ui-store';
import { accessKeys, createRole, updateRole } from './access-queries';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { PermissionGrid } from './permission-grid';
import { grantsOf, permissionsOf, type Grants } from './permission-grid-model';
import { SaveBar } from './save-bar';

interface Props {
  /** The role to edit, or null to create one. */
  role: AdminRole | null;
  resources: readonly ResourceInfo[];
  otherNames: readonly string[];
  held: PermissionSet;
  /** Only an administrator may make (or change) an administrator role. */
  callerIsAdmin: boolean;
  readOnly: boolean;
  onClose: () => void;
}

type Field = 'name' | 'description';

/** Create or edit a role: name, description and its grants (online only; a refusal keeps the form as typed). */
export function RoleFormPanel({ role, resources, otherNames, held, callerIsAdmin, readOnly, onClose }: Props) {
  const id = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isAdmin, setIsAdmin] = useState(role?.is_admin ?? false);
  const [grants, setGrants] = useState<Grants>(() => grantsOf(resources, role?.permissions ?? {}));
  const [issues, setIssues] = useState<RuleIssue<Field>[]>([]);
  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), description: description.trim(), is_admin: isAdmin, permissions: normalizePermissions(permissionsOf(grants)) };
      return role ? updateRole(role.id, { role: body, version: role.version }) : createRole({ role: body });
    },
    meta: { handlesErrors: true },
    onSuccess: async (saved) => {
      successToast(role ? ROLE_MESSAGES.updated(saved.name) : ROLE_MESSAGES.created(saved.name));
      onClose();
      // The caller may hold this role: their own permissions are read again too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: accessKeys.roles }), queryClient.invalidateQueries({ queryKey: sessionKeys.permissions })]);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRole({ name, description }, otherNames);
    setIssues(found);
    if (found.length === 0) save.mutate();
  };
  const messageOf = (field: Field) => issues.filter((i) => i.field === field).map((i) => i.message).join(' ');
  const title = readOnly ? `Role ${role?.name ?? ''}` : role ? `Edit role ${role.name}` : 'Create a role';

  return (
    <SlideInPanel title={title} widthPx={800} onClose={onClose}>
      <form onSubmit={submit} noValidate className="access-form">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} value={name} maxLength={ROLE_NAME_MAX * 2} readOnly={readOnly} onChange={(e) => setName(e.target.value)} {...fieldErrorProps(id, 'name', messageOf('name'))} />
          <FieldError id={id} field="name" message={messageOf('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} rows={2} value={description} maxLength={ROLE_DESCRIPTION_MAX * 2} readOnly={readOnly} onChange={(e) => setDescription(e.target.value)} {...fieldErrorProps(id, 'description', messageOf('description'))} />
          <FieldError id={id} field="description" message={messageOf('description')} />
        </div>
        {callerIsAdmin || isAdmin ? (
          <label className="field field--inline">
            <input type="checkbox" checked={isAdmin} disabled={readOnly || !callerIsAdmin} onChange={(e) => setIsAdmin(e.target.checked)} /> Administrator role (a holder with access to everything is a global administrator)
          </label>
        ) : null}
        <fieldset className="field">
          <legend>Permissions</legend>
          <PermissionGrid resources={resources} grants={grants} held={held} readOnly={readOnly} onChange={setGrants} />
        </fieldset>
        {readOnly ? (
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>Close</button>
          </div>
        ) : <SaveBar error={save.isError ? save.error : null} pending={save.isPending} label={role ? 'Save' : 'Create role'} onCancel={onClose} />}
      </form>
    </SlideInPanel>
  );
}
