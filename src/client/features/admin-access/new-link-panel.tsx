import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@shared/schemas/users';
import { SlideInPanel } from '../../components/slide-in-panel';
import { writeFailureMessage } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';
import { accessKeys, reinviteUser } from './access-queries';
import { InvitationLink } from './invitation-link';

/**
 * A new one-time link for a user who has not set a password (the first expired, or was never
 * passed on): made when the panel opens; the older link stops working.
 */
export function NewLinkPanel({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  const name = `${user.first_name} ${user.last_name}`;
  const reinvite = useMutation({
    mutationFn: () => reinviteUser(user.id),
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessKeys.users }),
  });
  // Once per opening: a second request would void the link the first one showed.
  const asked = useRef(false);
  const { mutate } = reinvite;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);
  return (
    <SlideInPanel title="New invitation link" widthPx={650} onClose={onClose}>
      {reinvite.isPending ? <p role="status">Making a new link for {name}…</p> : null}
      {reinvite.isError ? (
        <>
          <p role="alert" className="form-error">{writeFailureMessage(reinvite.error, ACCESS_TEXT.offline)}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => reinvite.mutate()}>Try again</button>
            <button type="button" className="button button--primary" onClick={onClose}>Close</button>
          </div>
        </>
      ) : null}
      {reinvite.data ? <InvitationLink name={name} invitation={reinvite.data.invitation} onDone={onClose} /> : null}
    </SlideInPanel>
  );
}
