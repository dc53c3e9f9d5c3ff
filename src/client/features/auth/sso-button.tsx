import { ssoLoginHref } from '@shared/rules/return-url';

/**
 * Single sign-on, the login page's first choice. A link, not a fetch: the browser itself goes to
 * the identity provider and comes back to the server, which sets the session and sends it on to
 * the returnUrl.
 */
export function SsoButton({ loginUrl, returnUrl }: { loginUrl: string; returnUrl?: string }) {
  return (
    <a className="button button--primary button--block" href={ssoLoginHref(loginUrl, returnUrl)}>
      Sign in with single sign-on
    </a>
  );
}
