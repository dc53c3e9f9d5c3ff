import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { PASSWORD_MAX, passwordProblem, USER_MESSAGES } from '@shared/rules/roles';
import { isApiError, writeFailureMessage } from '../../lib/api-error';
import { ACCESS_TEXT } from './access-text';
import { acceptInvitation, invitationQueryOptions } from './access-queries';
import { FieldError, fieldErrorProps } from '../../components/field-error';

/** The invitation link (public): the invited user sets their password, then logs in with their email filled in. */
export function InvitePage({ token }: { token: string }) {
  const invitation = useQuery(invitationQueryOptions(token));
  const notValid = invitation.isError && isApiError(invitation.error) && invitation.error.status === 404;
  return (
    <main className="login" id="main">
      <section className="login__card" aria-labelledby="invite-title">
        <h1 id="invite-title" className="login__title">Audience Insights</h1>
        {invitation.isPending ? <p role="status">Loading your invitation…</p> : null}
        {notValid ? <p role="alert">{USER_MESSAGES.invitationInvalid}</p> : null}
        {invitation.isError && !notValid ? <p role="alert">{writeFailureMessage(invitation.error, ACCESS_TEXT.offline)}</p> : null}
        {invitation.isError ? <a className="button button--secondary" href="/login">Go to login</a> : null}
        {invitation.data ? <PasswordChoice token={token} email={invitation.data.email} firstName={invitation.data.first_name} /> : null}
      </section>
    </main>
  );
}

function PasswordChoice({ token, email, firstName }: { token: string; email: string; firstName: string }) {
  const id = useId();
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problems, setProblems] = useState<{ password: string; repeat: string }>({ password: '', repeat: '' });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token, password),
    meta: { handlesErrors: true },
    onSuccess: () => router.navigate({ to: '/login', search: { llUsername: email, passwordSet: true }, replace: true }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { password: passwordProblem(password) ?? '', repeat: password === repeat ? '' : ACCESS_TEXT.passwordsDiffer };
    setProblems(found);
    if (!found.password && !found.repeat) accept.mutate();
  };
  return (
    <form className="login-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Welcome, {firstName}</h2>
      <p>Choose a password for <strong>{email}</strong>. You will log in with this email and password.</p>
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor={`${id}-password`}>New password</label>
        <input
          id={`${id}-password`} type="password" autoComplete="new-password" value={password} maxLength={PASSWORD_MAX}
          onChange={(e) => setPassword(e.target.value)} {...fieldErrorProps(id, 'password', problems.password)}
        />
        <FieldError id={id} field="password" message={problems.password} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-repeat`}>Repeat the password</label>
        <input
          id={`${id}-repeat`} type="password" autoComplete="new-password" value={repeat} maxLength={PASSWORD_MAX}
          onChange={(e) => setRepeat(e.target.value)} {...fieldErrorProps(id, 'repeat', problems.repeat)}
        />
        <FieldError id={id} field="repeat" message={problems.repeat} />
      </div>
      {accept.isError ? <p className="form-error" role="alert">{writeFailureMessage(accept.error, ACCESS_TEXT.offline)}</p> : null}
      <button className="button button--primary button--block" type="submit" disabled={accept.isPending}>Set password</button>
    </form>
  );
}
