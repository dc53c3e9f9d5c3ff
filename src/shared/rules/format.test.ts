import { describe, expect, it } from 'vitest';
import {
  formatAsOf,
  formatClockSeconds,
  badgeText, decodeRelayState, encodeRelayState, featureDisplayName, formatPercent, highlightedFeature, safeReturnUrl, formatShortDate, ssoLoginHref,
} from './format';

describe('formatPercent', () => {
  it('gives nothing for empty values', () => {
    expect(formatPercent(null)).toBe('');
    expect(formatPercent(undefined)).toBe('');
    expect(formatPercent('')).toBe('');
    expect(formatPercent(Number.NaN)).toBe('');
  });
  it('trims a trailing .00 only', () => {
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(3.14159)).toBe('3.14%');
  });
});

describe('badgeText', () => {
  it('is empty at zero, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('featureDisplayName', () => {
  it('names the three special features', () => {
    expect(featureDisplayName('site-visitation')).toBe('Site Visitation');
    expect(featureDisplayName('best-customer')).toBe('Best Customer');
    expect(featureDisplayName('customer-attrition')).toBe('Customer Attrition');
  });
  it('replaces hyphens with spaces elsewhere', () => {
    expect(featureDisplayName('customer-value')).toBe('customer value');
    expect(featureDisplayName('grow')).toBe('grow');
  });
});

describe('highlightedFeature', () => {
  it('maps the builder pages to their parent entry', () => {
    expect(highlightedFeature('audiences', 'builder')).toBe('overview');
    expect(highlightedFeature('insights', 'journey-builder')).toBe('journey');
    expect(highlightedFeature('insights', 'builder')).toBe('builder');
    expect(highlightedFeature('insights', 'grow')).toBe('grow');
  });
});

describe('relay state', () => {
  it('is base64 JSON holding returnUrl and round-trips', () => {
    const state = encodeRelayState('/acme/us/b/p/insights/grow?x=é');
    expect(JSON.parse(Buffer.from(state, 'base64').toString('utf8'))).toEqual({ returnUrl: '/acme/us/b/p/insights/grow?x=é' });
    expect(decodeRelayState(state)).toEqual({ returnUrl: '/acme/us/b/p/insights/grow?x=é' });
  });
  it('decodes garbage to null', () => {
    expect(decodeRelayState('%%%')).toBeNull();
    expect(decodeRelayState(btoa('{"other":1}'))).toBeNull();
    expect(decodeRelayState(btoa('[1]'))).toBeNull();
  });
});

describe('safeReturnUrl', () => {
  it('keeps same-origin paths', () => {
    expect(safeReturnUrl('/acme/home')).toBe('/acme/home');
  });
  it('refuses empty, root, login, protocol-relative and absolute urls', () => {
    for (const v of [undefined, null, '', '/', '/login', '/login?x', '//evil.test', 'https://evil.test', '/\\evil', 'home']) {
      expect(safeReturnUrl(v)).toBeNull();
    }
  });
});

describe('formatShortDate', () => {
  it('writes MM/dd/yy', () => {
    expect(formatShortDate('2026-03-07T12:00:00')).toBe('03/07/26');
    expect(formatShortDate('2025-12-31T23:00:00')).toBe('12/31/25');
  });
  it('gives the input back when it is no date', () => {
    expect(formatShortDate('not a date')).toBe('not a date');
  });
});

describe('ssoLoginHref', () => {
  const relayOf = (href: string) => decodeRelayState(new URL(href).searchParams.get('RelayState') ?? '');

  it('adds the RelayState (base64 JSON {returnUrl}) as the query', () => {
    const href = ssoLoginHref('https://idp.example.com/sso/login', '/acme/us/b/p/home');
    expect(href.startsWith('https://idp.example.com/sso/login?RelayState=')).toBe(true);
    expect(relayOf(href)).toEqual({ returnUrl: '/acme/us/b/p/home' });
  });

  it('keeps a query the login URL already has, and its fragment', () => {
    const href = ssoLoginHref('https://idp.example.com/sso?app=insights#top', '/home');
    const url = new URL(href);
    expect(url.searchParams.get('app')).toBe('insights');
    expect(url.hash).toBe('#top');
    expect(relayOf(href)).toEqual({ returnUrl: '/home' });
    expect(ssoLoginHref('https://idp.example.com/sso?', '/home')).toMatch(/\/sso\?RelayState=/);
  });
});

describe('formatAsOf', () => {
  const now = new Date(2026, 10, 22, 15, 30).getTime();
  const morning = new Date(2026, 10, 22, 9, 5).getTime();
  const evening = new Date(2026, 10, 22, 17, 45).getTime();

  it('writes the clock in the locale given: 12 hours in the US, 24 in the UK', () => {
    expect(formatAsOf(morning, now, 'en-US')).toBe('9:05 AM');
    expect(formatAsOf(evening, now, 'en-US')).toBe('5:45 PM');
    expect(formatAsOf(morning, now, 'en-GB')).toBe('09:05');
    expect(formatAsOf(evening, now, 'en-GB')).toBe('17:45');
    expect(formatAsOf(evening, now, 'de-DE')).toBe('17:45');
  });

  it('puts the short date before the clock when it is not today', () => {
    expect(formatAsOf(new Date(2026, 10, 20, 17, 45).getTime(), now, 'en-US')).toBe('11/20/26 5:45 PM');
    expect(formatAsOf(new Date(2026, 10, 20, 17, 45).getTime(), now, 'en-GB')).toBe('11/20/26 17:45');
    // Just before midnight yesterday is not today.
    expect(formatAsOf(new Date(2026, 10, 21, 23, 59).getTime(), now, 'en-GB')).toBe('11/21/26 23:59');
  });

  it('uses the runtime\'s locale when none is given (the browser\'s, in the app)', () => {
    const runtime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(evening);
    expect(formatAsOf(evening, now)).toBe(runtime);
  });

  it('writes a time to the second in the same locale', () => {
    const at = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(formatClockSeconds(at, 'en-US')).toBe('9:05:07 AM');
    expect(formatClockSeconds(at, 'en-GB')).toBe('09:05:07');
  });
});
