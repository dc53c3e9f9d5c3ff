import type { SessionUser } from '@shared/schemas/auth';

/** What the user menu button shows: initials and the name, or "Viewing as {first name}". */
export function UserMenuFace({ session, label }: { session: SessionUser; label: string }) {
  const { user } = session;
  return (
    <>
      <span className="avatar" aria-hidden="true">
        {user.first_name.charAt(0)}
        {user.last_name.charAt(0)}
      </span>
      <span>{label}</span>
    </>
  );
}

export function userMenuLabel(session: SessionUser): string {
  const { user, parentUser } = session;
  return parentUser ? `Viewing as ${user.first_name}` : `${user.first_name} ${user.last_name}`;
}
