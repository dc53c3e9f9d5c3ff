import { useQuery } from '@tanstack/react-query';
import { safeReturnUrl, ssoLoginHref } from '@shared/rules/format';
import { providersQueryOptions } from '../../lib/session-queries';

/** Single sign-on, shown only when the server has an identity provider configured. */
export function SsoButton({ returnUrl }: { returnUrl?: string }) {
  const { data } = useQuery(providersQueryOptions());
  const sso = data?.sso;
  if (!sso) return null;
  return (
    <a className="button button--primary button--block" href={ssoLoginHref(sso.loginUrl, safeReturnUrl(returnUrl) ?? '/home')}>
      Log in with single sign-on
    </a>
  );
}
