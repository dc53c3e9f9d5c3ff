import { useState } from 'react';
import { formatShortDate } from '@shared/rules/format';
import type { InvitationLink as Link } from '@shared/schemas/users';
import { ACCESS_TEXT } from './access-text';

/** The one-time link of a new user, shown once: no mail server is configured, the admin sends it. */
export function InvitationLink({ name, invitation, onDone }: { name: string; invitation: Link; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  const copy = () => {
    navigator.clipboard.writeText(invitation.url).then(() => setCopied(ACCESS_TEXT.copied), () => setCopied(ACCESS_TEXT.copyFailed));
  };
  return (
    <section className="invitation-link" aria-labelledby="invitation-link-title">
      <h3 id="invitation-link-title">Invitation for {name}</h3>
      <p>{ACCESS_TEXT.noMailServer}</p>
      <div className="invitation-link__row">
        <input readOnly aria-label="Invitation link" value={invitation.url} onFocus={(e) => e.target.select()} />
        <button type="button" className="button button--secondary" onClick={copy}>Copy</button>
      </div>
      <p role="status">{copied}</p>
      <p className="access-form__note">The link expires on {formatShortDate(invitation.expires_at)}.</p>
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onDone}>Done</button>
      </div>
    </section>
  );
}
