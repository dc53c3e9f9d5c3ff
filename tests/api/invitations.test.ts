import { Writable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../src/shared/rules/roles';
import { ADMIN, buildTestApp, login } from './helper';
import { auditRows, INVITED } from './roles-support';
import { buildAppOn, expectError } from './support';

describe('invitations', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  // The embedded default logs at info; the link is a credential, so it is never among the lines.
  const logged = await buildAppOn(database, { PUBLIC_URL: 'https://insights.example.test:8443/' }, { logger: { level: 'info', stream } });
  const admin = await login(logged, ADMIN);
  const viewerRoleId = Number(((await database.db.execute(sql`select id from roles where name = 'Viewer'`)) as unknown as { rows: { id: number }[] }).rows[0]?.id);
  const invite = async (email: string) => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/users',
      headers: { 'x-request-id': randomUUID(), host: 'evil.example' },
      payload: { user: { first_name: 'Robin', last_name: 'Hale', email, role_ids: [viewerRoleId], slugs: ['acme'] } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = (res.json() as { invitation: { url: string } }).invitation.url;
    return { url, token: url.split('/').pop()!, id: (res.json() as { data: { id: number } }).data.id };
  };
  const describeLink = (token: string) => app.inject({ method: 'GET', url: `/api/auth/invitations/${token}` });
  const accept = (token: string, password: string) => app.inject({ method: 'POST', url: `/api/auth/invitations/${token}`, payload: { password } });

  it('end to end: create the user, follow the link, set a password, log in; the link works once', async () => {
    const { url, token, id } = await invite('robin.hale@acme.test');
    // On PUBLIC_URL, whatever Host the request named; in the answer only, never the log.
    expect(url).toBe(`https://insights.example.test:8443/invite/${token}`);
    expect(lines.some((line) => line.includes('invitation link made'))).toBe(true);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);

    // Before: no password, no login.
    await expect(login(app, 'robin.hale@acme.test', 'anything-at-all')).rejects.toThrow(/401/);
    const info = await describeLink(token);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({ email: 'robin.hale@acme.test', first_name: 'Robin' });

    expectError(await accept(token, 'short'), 422, 'VALIDATION_FAILED', USER_MESSAGES.passwordTooShort);
    expect((await accept(token, 'correct horse battery')).statusCode).toBe(200);
    const s = await login(app, 'robin.hale@acme.test', 'correct horse battery');
    expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).json().data.user.email).toBe('robin.hale@acme.test');

    expectError(await describeLink(token), 404, 'NOT_FOUND', USER_MESSAGES.invitationInvalid);
    expectError(await accept(token, 'another long password'), 404, 'NOT_FOUND', USER_MESSAGES.invitationInvalid);
    expect((await auditRows(database, 'user.invitation.accept', `user:${id}`)).length).toBe(1);
    const users = (await admin.request({ method: 'GET', url: '/api/users' })).json().data as { email: string; invited: boolean }[];
    expect(users.find((u) => u.email === 'robin.hale@acme.test')?.invited).toBe(false);
  });

  it('refuses unknown, expired and superseded links, and links of deactivated users', async () => {
    expectError(await describeLink('not-a-token'), 404, 'NOT_FOUND', USER_MESSAGES.invitationInvalid);
    const { token, id } = await invite('late.comer@acme.test');
    await database.db.execute(sql`update invitations set expires_at = now() - interval '1 second' where user_id = ${id}`);
    expectError(await describeLink(token), 404, 'NOT_FOUND', USER_MESSAGES.invitationInvalid);
    expectError(await accept(token, 'a long enough password'), 404, 'NOT_FOUND');

    // A new link for a pending user: the old one stops working.
    const again = await admin.request({ method: 'POST', url: `/api/users/${id}/invitation`, headers: { 'x-request-id': randomUUID() } });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = (again.json() as { invitation: { url: string } }).invitation.url.split('/').pop()!;
    const third = await admin.request({ method: 'POST', url: `/api/users/${id}/invitation`, headers: { 'x-request-id': randomUUID() } });
    expectError(await describeLink(fresh), 404, 'NOT_FOUND');
    const newest = (third.json() as { invitation: { url: string } }).invitation.url.split('/').pop()!;
    expect((await describeLink(newest)).statusCode).toBe(200);

    // Deactivated: the link is dead.
    const version = Number(((await database.db.execute(sql`select version from users where id = ${id}`)) as unknown as { rows: { version: number }[] }).rows[0]?.version);
    const off = await admin.request({ method: 'PUT', url: `/api/users/${id}`, headers: { 'x-request-id': randomUUID() }, payload: { user: { active: false }, version } });
    expect(off.statusCode, off.body).toBe(200);
    expectError(await describeLink(newest), 404, 'NOT_FOUND');
  });

  it('the seeded invited user cannot log in until they set a password through a new link', async () => {
    await expect(login(app, INVITED, 'demo-password')).rejects.toThrow(/401/);
    const id = Number(((await database.db.execute(sql`select id from users where email = ${INVITED}`)) as unknown as { rows: { id: number }[] }).rows[0]?.id);
    const res = await admin.request({ method: 'POST', url: `/api/users/${id}/invitation`, headers: { 'x-request-id': randomUUID() } });
    expect(res.statusCode, res.body).toBe(201);
    const token = (res.json() as { invitation: { url: string } }).invitation.url.split('/').pop()!;
    expect((await accept(token, 'jordans-new-password')).statusCode).toBe(200);
    expect((await login(app, INVITED, 'jordans-new-password')).cookie).toBeTruthy();
    // A user who has a password gets no new link.
    expectError(await admin.request({ method: 'POST', url: `/api/users/${id}/invitation`, headers: { 'x-request-id': randomUUID() } }), 409, 'CONFLICT');
  });
});
