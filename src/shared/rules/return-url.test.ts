import { describe, expect, it } from 'vitest';
import { RETURN_URL_MAX_LENGTH, safeReturnUrl, ssoLoginHref } from './return-url';

describe('safeReturnUrl', () => {
  it('keeps same-origin paths as they were given, query and fragment too', () => {
    expect(safeReturnUrl('/acme/home')).toBe('/acme/home');
    expect(safeReturnUrl('/acme/us/b/p/insights/grow?x=é#top')).toBe('/acme/us/b/p/insights/grow?x=é#top');
    expect(safeReturnUrl('/logins-report')).toBe('/logins-report');
  });

  it('refuses empty, root, login, protocol-relative and absolute urls', () => {
    for (const v of [undefined, null, '', '/', '/login', '/login?x', '/login/', '/?x=1', '//evil.test', 'https://evil.test', '/\\evil', 'home', 'javascript:alert(1)']) {
      expect(safeReturnUrl(v), String(v)).toBeNull();
    }
  });

  it('refuses what a browser would turn into another host or the login page', () => {
    for (const v of ['/\t/evil.test', '/\n/evil.test', '/\r\n/evil.test', '/.//evil.test', '/a/..//evil.test', '/%2e%2e//evil.test', '/./login', '/x/../login?y', '/\u0000x']) {
      expect(safeReturnUrl(v), JSON.stringify(v)).toBeNull();
    }
  });

  it('refuses a path longer than any page of the product', () => {
    expect(safeReturnUrl(`/${'a'.repeat(RETURN_URL_MAX_LENGTH - 1)}`)).not.toBeNull();
    expect(safeReturnUrl(`/${'a'.repeat(RETURN_URL_MAX_LENGTH)}`)).toBeNull();
  });
});

describe('ssoLoginHref', () => {
  it('adds the returnUrl as a query parameter', () => {
    const href = ssoLoginHref('/api/auth/saml/login', '/acme/us/b/p/home?tab=x&y=é');
    expect(href).toBe('/api/auth/saml/login?returnUrl=%2Facme%2Fus%2Fb%2Fp%2Fhome%3Ftab%3Dx%26y%3D%C3%A9');
    expect(new URL(href, 'http://x').searchParams.get('returnUrl')).toBe('/acme/us/b/p/home?tab=x&y=é');
  });

  it('keeps a query the login URL already has, and its fragment', () => {
    const href = ssoLoginHref('https://idp.example.com/sso?app=insights#top', '/acme/home');
    const url = new URL(href);
    expect(url.searchParams.get('app')).toBe('insights');
    expect(url.searchParams.get('returnUrl')).toBe('/acme/home');
    expect(url.hash).toBe('#top');
    expect(ssoLoginHref('https://idp.example.com/sso?', '/acme/home')).toBe('https://idp.example.com/sso?returnUrl=%2Facme%2Fhome');
  });

  it('leaves the login URL alone when the returnUrl is not worth keeping', () => {
    for (const v of [undefined, '', '/', '//evil.test', 'https://evil.test', '/\t/evil.test']) {
      expect(ssoLoginHref('/api/auth/saml/login', v)).toBe('/api/auth/saml/login');
    }
  });
});
