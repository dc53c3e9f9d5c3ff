import './admin-access.css';
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, useTable, type SortingState } from '@tanstack/react-table';
import { can, type PermissionSet } from '@shared/permissions';
import type { SessionUser } from '@shared/schemas/auth';
import type { Hierarchy } from '@shared/schemas/hierarchy';
import type { AdminUser } from '@shared/schemas/users';
import { PageHeader } from '../../components/page-header';
import { ACCESS_TEXT } from './access-text';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { rolesQueryOptions, usersQueryOptions } from './access-queries';
import { EditUserPanel } from './edit-user-panel';
import { ALL, slugTree } from './hierarchy-tree-model';
import { InviteUserPanel } from './invite-user-panel';
import { NewLinkPanel } from './new-link-panel';
import { SortableHead, sortableFeatures } from '../../components/sortable-head';
import type { UserFormContext } from './user-form-context';
import { UserStatusDialog } from './user-status-dialog';

interface Props {
  permissions: PermissionSet;
  session: SessionUser;
  hierarchy: Hierarchy;
}

/** Active, Invited (no password set yet) or Deactivated. */
export const userStatus = (u: Pick<AdminUser, 'active' | 'invited'>) => (!u.active ? 'Deactivated' : u.invited ? 'Invited' : 'Active');
const fullName = (u: AdminUser) => `${u.first_name} ${u.last_name}`;
const slugText = (slugs: readonly string[]) => slugs.map((s) => (s === ALL ? 'Everything' : s)).join(', ');

const helper = createColumnHelper<typeof sortableFeatures, AdminUser>();
const columns = helper.columns([
  helper.accessor(fullName, { id: 'name', header: 'Name', sortFn: 'alphanumeric' }),
  helper.accessor('email', { header: 'Email', sortFn: 'alphanumeric' }),
  helper.display({ id: 'roles', header: 'Roles' }),
  helper.display({ id: 'hierarchy', header: 'Hierarchy' }),
  helper.accessor(userStatus, { id: 'status', header: 'Status', sortFn: 'alphanumeric' }),
]);

/** Users (issue 19): who may log in, with which roles and hierarchy access; invite, edit, deactivate. */
export function UsersPage(props: Props) {
  if (!can(props.permissions, 'users', 'read')) return <PermissionDeniedPage title="Users" />;
  return <UsersList {...props} />;
}

function UsersList({ permissions, session, hierarchy }: Props) {
  const users = useQuery(usersQueryOptions());
  const roles = useQuery({ ...rolesQueryOptions(), enabled: can(permissions, 'roles', 'read') });
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [relinking, setRelinking] = useState<AdminUser | null>(null);
  const roleName = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.name])), [roles.data]);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const all = users.data ?? [];
    if (!q) return all;
    return all.filter((u) => [fullName(u), u.email, ...u.role_ids.map((id) => roleName.get(id) ?? ''), ...u.slugs].some((t) => t.toLowerCase().includes(q)));
  }, [users.data, search, roleName]);
  const table = useTable({ features: sortableFeatures, columns, data: rows, state: { sorting }, onSortingChange: setSorting });
  const tree = useMemo(() => slugTree(hierarchy), [hierarchy]);
  // The caller is in the list (everyone they see includes themselves): their own '*' lets them give it.
  const mayGiveAll = users.data?.some((u) => u.id === session.user.id && u.slugs.includes(ALL)) ?? false;
  const form: UserFormContext | null = roles.data ? { roles: roles.data, held: permissions, tree, mayGiveAll } : null;
  const may = { create: can(permissions, 'users', 'create'), update: can(permissions, 'users', 'update') };

  return (
    <div className="page access-page">
      <PageHeader title="Users">
        {may.create ? <button type="button" className="button button--primary" disabled={!form} onClick={() => setEditing('new')}>Invite user</button> : null}
      </PageHeader>
      <div className="toolbar">
        <label htmlFor="user-search">Search users</label>
        <input id="user-search" type="search" value={search} placeholder="Name, email, role or slug" onChange={(e) => setSearch(e.target.value)} />
      </div>
      {users.isPending ? <p role="status">Loading users…</p> : null}
      {users.isError && !users.data ? <p role="alert">{ACCESS_TEXT.loadFailed('users')}</p> : null}
      {users.data ? (
        <table className="data-table access-table" aria-label="Users">
          <SortableHead table={table} actions />
          <tbody>
            {table.getRowModel().rows.length === 0 ? <tr><td colSpan={6}>No user matches “{search.trim()}”.</td></tr> : null}
            {table.getRowModel().rows.map(({ original: u }) => (
              <tr key={u.id}>
                <td>{fullName(u)}</td>
                <td>{u.email}</td>
                <td>{u.role_ids.map((id) => roleName.get(id) ?? `Role ${id}`).join(', ')}</td>
                <td>{slugText(u.slugs)}</td>
                <td><span className={`access-status access-status--${userStatus(u).toLowerCase()}`}>{userStatus(u)}</span></td>
                <td className="access-table__actions">
                  {may.update ? (
                    <>
                      <button type="button" className="button button--ghost" disabled={!form} aria-label={`Edit ${fullName(u)}`} onClick={() => setEditing(u)}>Edit</button>
                      {u.active && u.invited ? (
                        <button type="button" className="button button--ghost" aria-label={`New invitation link for ${fullName(u)}`} onClick={() => setRelinking(u)}>New link</button>
                      ) : null}
                      <button type="button" className="button button--ghost" aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${fullName(u)}`} onClick={() => setChanging(u)}>
                        {u.active ? 'Deactivate' : 'Reactivate'}
                      </button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {editing === 'new' && form ? <InviteUserPanel form={form} onClose={() => setEditing(null)} /> : null}
      {editing && editing !== 'new' && form ? <EditUserPanel user={editing} form={form} self={editing.id === session.user.id} onClose={() => setEditing(null)} /> : null}
      {relinking ? <NewLinkPanel user={relinking} onClose={() => setRelinking(null)} /> : null}
      {changing ? <UserStatusDialog user={changing} onClose={() => setChanging(null)} /> : null}
    </div>
  );
}
