import { useQuery } from '@tanstack/react-query';
import { encodeRelayState, safeReturnUrl } from '@shared/rules/format';
import { providersQueryOptions } from '../../lib/session-queries';

/** Single sign-on, shown only when the server has an identity provider configured. */
export function SsoButton({ returnUrl }: { returnUrl?: string }) {
  const { data } = useQuery(providersQueryOptions());
  const sso = data?.sso;
  if (!sso) return null;
  const relay = encodeRelayState(safeReturnUrl(returnUrl) ?? '/home');
  return (
    <a className="button button--primary button--block" href={`${sso.loginUrl}?RelayState=${encodeURIComponent(relay)}`}>
      Log in with single sign-on
    </a>
  );
}
