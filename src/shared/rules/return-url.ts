/**
 * Where a login may send the user afterwards. Shared by the login page (password and SSO) and the
 * server's SAML endpoints, so both honour the same paths: a returnUrl is only ever a path of this
 * origin, or a login would be an open redirect.
 */

/** Longer is no page of the product; the server stores the returnUrl of a pending SSO login. */
export const RETURN_URL_MAX_LENGTH = 2048;

// Any origin would do: only whether a path stays on it matters.
const BASE = 'http://return-url.invalid';

/**
 * The returnUrl when it is a same-origin path worth returning to, else null (the caller's default).
 * Browsers drop tabs and newlines from a URL, so "/\t/evil.test" becomes "//evil.test" (another
 * host): control characters and backslashes are refused outright, and the path is checked again
 * as the browser resolves it ("/.//evil.test" is "//evil.test" once dot segments are gone).
 */
export function safeReturnUrl(value: string | undefined | null): string | null {
  if (!value || value.length > RETURN_URL_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let resolved: URL;
  try {
    resolved = new URL(value, BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== BASE || resolved.pathname.startsWith('//')) return null;
  // The root and the login page are not worth returning to (spec 1 §2.2).
  if (resolved.pathname === '/' || resolved.pathname === '/login' || resolved.pathname.startsWith('/login/')) return null;
  return value;
}

/**
 * The address the SSO button opens: the server's login URL with the returnUrl as a query
 * parameter (the server checks it again and turns it into an opaque RelayState of its own).
 * Without a returnUrl worth keeping the server's own default applies.
 */
export function ssoLoginHref(loginUrl: string, returnUrl: string | undefined | null): string {
  const safe = safeReturnUrl(returnUrl);
  if (safe === null) return loginUrl;
  const [base, hash] = loginUrl.split('#', 2) as [string, string | undefined];
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}returnUrl=${encodeURIComponent(safe)}${hash === undefined ? '' : `#${hash}`}`;
}
