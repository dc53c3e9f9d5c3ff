import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { impersonableUsersQueryOptions } from '../../lib/session-queries';
import { impersonate } from '../../lib/session-actions';

/** "View as...": an administrator picks a user to view the product as. */
export function ViewAsDialog({ onClose }: { onClose: () => void }) {
  const [filter, setFilter] = useState('');
  const users = useQuery(impersonableUsersQueryOptions());
  const start = useMutation({ mutationFn: (id: number) => impersonate(id) });
  const needle = filter.trim().toLowerCase();
  const shown = (users.data ?? []).filter((u) => `${u.first_name} ${u.last_name} ${u.email}`.toLowerCase().includes(needle));
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>View as...</Dialog.Title>
          <Dialog.Description>Choose a user to see the product as they see it.</Dialog.Description>
          <div className="field">
            <label htmlFor="view-as-filter">Search users</label>
            <input id="view-as-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </div>
          {users.isPending ? <p role="status">Loading…</p> : null}
          <ul className="user-list">
            {shown.map((u) => (
              <li key={u.id}>
                <button type="button" className="button button--ghost" disabled={start.isPending} onClick={() => start.mutate(u.id)}>
                  {u.first_name} {u.last_name} <span className="subtitle">{u.email}</span>
                </button>
              </li>
            ))}
          </ul>
          <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
