import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { TEXT } from '@shared/constants';
import { safeReturnUrl } from '@shared/rules/return-url';
import { loginBodySchema } from '@shared/schemas/auth';
import { isApiError } from '../../lib/api-error';
import { login } from '../../lib/session-actions';

interface PasswordFormProps {
  returnUrl?: string;
  initialEmail?: string;
  /** Beside single sign-on the password is the other choice: its button must not look like the first. */
  secondary?: boolean;
}

/** The password login: shows the server's message on failure (401, 429 throttled, 503 password checks full). */
export function PasswordForm({ returnUrl, initialEmail, secondary = false }: PasswordFormProps) {
  const router = useRouter();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: login,
    meta: { handlesErrors: true },
    onSuccess: () => router.navigate({ href: safeReturnUrl(returnUrl) ?? '/home', replace: true }),
    onError: (e) => setError(isApiError(e) ? e.message : TEXT.genericError),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = loginBodySchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? TEXT.loginFailed);
      return;
    }
    setError(null);
    mutation.mutate(parsed.data);
  };

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="login-email">Email</label>
        <input id="login-email" name="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="login-password">Password</label>
        <input id="login-password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
      <button className={`button ${secondary ? 'button--secondary' : 'button--primary'} button--block`} type="submit" disabled={mutation.isPending}>
        Log in
      </button>
    </form>
  );
}
