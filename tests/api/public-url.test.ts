import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { ADMIN, ANALYST, buildTestApp, DEMO_PASSWORD, login } from './helper';
import { buildAppOn } from './support';

const PUBLIC_URL = 'https://insights.example.test';

describe('PUBLIC_URL (issue 26)', () => {
  it('defaults to the address start-up prints, and keeps only an http(s) origin', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicUrl).toBe('http://0.0.0.0:9000');
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://Insights.Example.com/' }).publicUrl).toBe('https://insights.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://insights.example.com:443' }).publicUrl).toBe('https://insights.example.com');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    // A path, query or credentials would be dropped from every link, so they are refused at start.
    for (const bad of ['insights.example.com', 'ftp://insights.example.com', 'javascript:alert(1)', 'https://insights.example.com/app', 'https://insights.example.com/?a=1', 'https://insights.example.com/#x', 'https://u:p@insights.example.com']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL must be an absolute http\(s\) address/);
    }
  });
});

describe('links from configuration, and no credentials in the log (issue 26)', async () => {
  const { database } = await buildTestApp({}, { counts: false, jobs: false });
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = await buildAppOn(database, { PUBLIC_URL: `${PUBLIC_URL}/` }, { logger: { level: 'trace', stream } });
  const [admin, analyst] = await Promise.all([login(app, ADMIN), login(app, ANALYST)]);
  const viewerRoleId = Number(((await database.db.execute(sql`select id from roles where name = 'Viewer'`)) as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
  const linkOf = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { invitation: { url: string } }).invitation.url;
  };

  it('builds invitation links on PUBLIC_URL whatever Host the request names, and logs no link, token or SSO token', async () => {
    const created = await admin.request({
      method: 'POST',
      url: '/api/users',
      headers: { ...forged, 'x-request-id': randomUUID() },
      payload: { user: { first_name: 'Lee', last_name: 'Park', email: 'lee.park@acme.test', role_ids: [viewerRoleId], slugs: ['acme'] } },
    });
    const first = linkOf(created);
    expect(first).toMatch(new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/invite/[A-Za-z0-9_-]{43}$`));
    const id = (created.json() as { data: { id: number } }).data.id;
    const again = linkOf(await admin.request({ method: 'POST', url: `/api/users/${id}/invitation`, headers: { ...forged, 'x-request-id': randomUUID() } }));
    expect(again.startsWith(`${PUBLIC_URL}/invite/`)).toBe(true);
    const tokens = [first, again].map((url) => url.split('/').pop()!);

    // The invited user opens the link (the page, then the API behind it) and sets a password.
    const token = tokens[1]!;
    await app.inject({ method: 'GET', url: `/invite/${token}` });
    expect((await app.inject({ method: 'GET', url: `/api/auth/invitations/${token}` })).statusCode).toBe(200);
    const accepted = await app.inject({ method: 'POST', url: `/api/auth/invitations/${token}`, payload: { password: 'correct horse battery' } });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // An embedded unit's server checks a token the new way (header) and the old way (query).
    const issued = await analyst.request({ method: 'GET', url: '/api/auth/sso-token' });
    const sso = String(issued.headers['sso-token']);
    const [, signature] = sso.split('.') as [string, string];
    expect((await app.inject({ method: 'GET', url: '/api/auth/sso-token/validate', headers: { authorization: `Bearer ${sso}` } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/auth/sso-token/validate?token=${encodeURIComponent(sso)}` })).statusCode).toBe(200);
    // A misspelt parameter is no token (400), and its value is still kept out of the log.
    expect((await app.inject({ method: 'GET', url: `/api/auth/sso-token/validate?x=1&TOKEN=${sso}` })).statusCode).toBe(400);

    const log = lines.join('\n');
    // The calls were logged (so the absence below means something), with the secrets redacted.
    expect(log).toContain('"url":"/api/auth/sso-token/validate?token=[REDACTED]"');
    expect(log).toContain('"url":"/api/auth/invitations/[REDACTED]"');
    expect(log).toContain('"url":"/invite/[REDACTED]"');
    expect(log).toContain('invitation link made');
    for (const secret of [...tokens, first, again, sso, signature, DEMO_PASSWORD, 'correct horse battery']) {
      expect(log.includes(secret), `the log holds ${secret}`).toBe(false);
    }
    expect(log).not.toContain('evil.example/invite');
  });
});
