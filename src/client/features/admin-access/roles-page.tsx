import './admin-access.css';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { can, type PermissionSet } from '@shared/permissions';
import { isGlobalRole } from '@shared/rules/roles';
import type { AdminRole } from '@shared/schemas/roles';
import type { SessionUser } from '@shared/schemas/auth';
import { PageHeader } from '../../components/page-header';
import { ACCESS_TEXT } from './access-text';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { resourcesQueryOptions, rolesQueryOptions } from './access-queries';
import { DeleteRoleDialog } from './delete-role-dialog';
import { RoleFormPanel } from './role-form-panel';
import { SortableHead, sortableFeatures } from '../../components/sortable-head';

interface Props {
  permissions: PermissionSet;
  session: SessionUser;
}

const helper = createColumnHelper<typeof sortableFeatures, AdminRole>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name', sortFn: 'alphanumeric' }),
  helper.accessor('description', { header: 'Description', enableSorting: false }),
  helper.accessor('user_count', { header: 'Users', sortFn: 'basic' }),
]);
const EMPTY: AdminRole[] = [];

/** Roles (issue 19; admin §6, §7): the list, a role's grants in a panel, and delete (refused while users hold it). */
export function RolesPage({ permissions, session }: Props) {
  if (!can(permissions, 'roles', 'read')) return <PermissionDeniedPage title="Roles" />;
  return <RolesList permissions={permissions} session={session} />;
}

function RolesList({ permissions, session }: Props) {
  const roles = useQuery(rolesQueryOptions());
  const resources = useQuery(resourcesQueryOptions());
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [editing, setEditing] = useState<AdminRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminRole | null>(null);
  const table = useTable({ features: sortableFeatures, columns, data: roles.data ?? EMPTY, state: { sorting }, onSortingChange: setSorting });
  const may = { create: can(permissions, 'roles', 'create'), update: can(permissions, 'roles', 'update'), destroy: can(permissions, 'roles', 'destroy') };
  const callerIsAdmin = useMemo(
    () => (roles.data ?? []).some((r) => r.is_admin && session.user.role_ids.includes(r.id)),
    [roles.data, session.user.role_ids],
  );
  const ready = roles.data && resources.data;

  return (
    <div className="page access-page">
      <PageHeader title="Roles">
        {may.create ? <button type="button" className="button button--primary" disabled={!ready} onClick={() => setEditing('new')}>Create role</button> : null}
      </PageHeader>
      {roles.isPending || resources.isPending ? <p role="status">Loading roles…</p> : null}
      {(roles.isError && !roles.data) || (resources.isError && !resources.data) ? <p role="alert">{ACCESS_TEXT.loadFailed('roles')}</p> : null}
      {roles.data ? (
        <table className="data-table access-table" aria-label="Roles">
          <SortableHead table={table} actions />
          <tbody>
            {table.getRowModel().rows.map(({ original: role }) => (
              <tr key={role.id}>
                <td>
                  {role.name}
                  {role.built_in ? <span className="access-badge">Built-in</span> : null}
                  {role.is_admin ? <span className="access-badge">Administrator</span> : null}
                  {isGlobalRole(role.permissions) ? <span className="access-badge" title={ACCESS_TEXT.globalRole}>Global</span> : null}
                </td>
                <td>{role.description}</td>
                <td>{role.user_count}</td>
                <td className="access-table__actions">
                  <button type="button" className="button button--ghost" disabled={!ready} aria-label={`${may.update ? 'Edit' : 'View'} role ${role.name}`} onClick={() => setEditing(role)}>
                    {may.update ? 'Edit' : 'View'}
                  </button>
                  {may.destroy ? <button type="button" className="button button--ghost" aria-label={`Delete role ${role.name}`} onClick={() => setDeleting(role)}>Delete</button> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {editing && resources.data && roles.data ? (
        <RoleFormPanel
          role={editing === 'new' ? null : editing}
          resources={resources.data}
          otherNames={roles.data.filter((r) => editing === 'new' || r.id !== editing.id).map((r) => r.name)}
          held={permissions}
          callerIsAdmin={callerIsAdmin}
          readOnly={editing !== 'new' && !may.update}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}
