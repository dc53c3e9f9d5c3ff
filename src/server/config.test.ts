import { describe, expect, it } from 'vitest';
import { loadConfig, securityWarnings } from './config';

const warningsFor = (env: NodeJS.ProcessEnv) => securityWarnings(loadConfig(env));

describe('securityWarnings', () => {
  it('says nothing for the default host (loopback) without SECURE_COOKIES', () => {
    expect(warningsFor({})).toEqual([]);
  });

  it.each(['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST'])('says nothing for the loopback host %s', (host) => {
    expect(warningsFor({ HOST: host })).toEqual([]);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'app.example.com', 'localhost.example.com'])(
    'warns once when %s is reachable from other machines and SECURE_COOKIES is unset',
    (host) => {
      const warnings = warningsFor({ HOST: host });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(`HOST=${host}`);
      expect(warnings[0]).toContain('SECURE_COOKIES=1');
    },
  );

  it('warns when SECURE_COOKIES is set to anything but 1', () => {
    expect(warningsFor({ HOST: '0.0.0.0', SECURE_COOKIES: 'true' })).toHaveLength(1);
  });

  it('says nothing for any host once SECURE_COOKIES=1 (HSTS and Secure cookies are on)', () => {
    expect(warningsFor({ HOST: '0.0.0.0', SECURE_COOKIES: '1' })).toEqual([]);
  });
});
