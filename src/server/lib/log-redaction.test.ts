import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('replaces credential query values, whatever their case or encoding, and keeps the rest as sent', () => {
    expect(redactUrl('/api/auth/sso-token/validate?token=abc.def')).toBe('/api/auth/sso-token/validate?token=[REDACTED]');
    expect(redactUrl('/acs?SAMLResponse=PHNhbWw%2B&RelayState=k1&x=1')).toBe('/acs?SAMLResponse=[REDACTED]&RelayState=[REDACTED]&x=1');
    expect(redactUrl('/x?%54oken=a&Password=b&page=2&token')).toBe('/x?%54oken=[REDACTED]&Password=[REDACTED]&page=2&token');
    expect(redactUrl('/x?token=a&token=b')).toBe('/x?token=[REDACTED]&token=[REDACTED]');
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
  });

  it('replaces the token of invitation links and of the invitation API', () => {
    expect(redactUrl('/invite/AbC_d-9')).toBe('/invite/[REDACTED]');
    expect(redactUrl('/api/auth/invitations/AbC_d-9')).toBe('/api/auth/invitations/[REDACTED]');
    expect(redactUrl('/api/auth/invitations/AbC_d-9/?x=1')).toBe('/api/auth/invitations/[REDACTED]/?x=1');
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/', '/home', '/api/users?page=2&sort=name', '/acme/us/insights/grow?tokens=3', '/api/users/4/invitation']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});
