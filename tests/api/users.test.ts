import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../src/shared/rules/roles';
import { userCreatedResponseSchema } from '../../src/shared/schemas/users';
import { ADMIN, ANALYST, DEMO_PASSWORD, login, VIEWER } from './helper';
import { adminKit, auditRows, CLIENT_ADMIN, fieldsOf, INVITED } from './roles-support';
import { expectError } from './support';

const person = (email: string, roleIds: number[], slugs: string[]) => ({ user: { first_name: 'Alex', last_name: 'Kim', email, role_ids: roleIds, slugs } });

describe('users and hierarchy permissions', async () => {
  const kit = await adminKit();
  const { app, db, database, admin, clientAdmin, analyst, write, read, role, users, user } = kit;
  const viewerRole = await role('Viewer');
  const adminRole = await role('Admin');
  const clientAdminRole = await role('Client Admin');

  it('lists every user to a global admin, with roles, slugs and the pending invitation', async () => {
    const list = await users();
    expect(list.map((u) => u.email)).toEqual(expect.arrayContaining([ADMIN, ANALYST, VIEWER, CLIENT_ADMIN, INVITED]));
    expect(list.find((u) => u.email === INVITED)).toMatchObject({ invited: true, active: true, slugs: ['acme/us'], role_ids: [viewerRole.id] });
    expect(list.find((u) => u.email === ADMIN)).toMatchObject({ invited: false, slugs: ['*'], role_ids: [adminRole.id] });
    expect(list.find((u) => u.email === CLIENT_ADMIN)).toMatchObject({ first_name: 'Casey', last_name: 'Morgan', slugs: ['acme'] });
  });

  it("scopes the list to the caller's clients: acme's admin sees acme's users only", async () => {
    const emails = (await users(clientAdmin)).map((u) => u.email);
    expect(emails).toEqual(expect.arrayContaining([ANALYST, CLIENT_ADMIN, INVITED]));
    expect(emails).not.toContain(ADMIN);
    expect(emails).not.toContain(VIEWER);
    const globex = await user(VIEWER);
    expectError(await read(clientAdmin, `/api/user-hierarchy-permissions/${globex.id}`), 404, 'NOT_FOUND');
    expectError(await write(clientAdmin, 'PUT', `/api/users/${globex.id}`, { user: { first_name: 'X' }, version: globex.version }), 404, 'NOT_FOUND');
    expectError(await read(analyst, '/api/users'), 403, 'FORBIDDEN');
  });

  it('creates an invited user with a one-time link, audited', async () => {
    const res = await write(clientAdmin, 'POST', '/api/users', person(' New.Person@Acme.test ', [viewerRole.id], ['acme/us', 'acme/uk/fizz-cola/fizz-original']));
    expect(res.statusCode, res.body).toBe(201);
    const { data, invitation } = userCreatedResponseSchema.parse(res.json());
    expect(data).toMatchObject({ email: 'new.person@acme.test', invited: true, active: true, role_ids: [viewerRole.id], version: 1 });
    expect(data.slugs).toEqual(['acme/uk/fizz-cola/fizz-original', 'acme/us']);
    // On PUBLIC_URL (its default here), not on the request's Host (inject's localhost:80).
    expect(invitation.url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    expect(invitation.url.slice(0, invitation.url.lastIndexOf('/invite/'))).toBe(app.config.publicUrl);
    const days = (Date.parse(invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    // Only the token's sha256 is stored.
    const token = invitation.url.split('/').pop()!;
    const stored = await db.execute(sql`select token_hash from invitations where user_id = ${data.id}`);
    const hashes = (stored as unknown as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).not.toContain(token);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await auditRows(database, 'user.create', `user:${data.id}`);
    expect(audit?.details).toMatchObject({ after: { email: 'new.person@acme.test', role_ids: [viewerRole.id] } });
    expectError(await write(admin, 'POST', '/api/users', person('NEW.person@acme.test', [viewerRole.id], ['acme'])), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailTaken);
  });

  it('checks every field with its message', async () => {
    const res = await write(admin, 'POST', '/api/users', { user: { first_name: ' ', last_name: '', email: 'nope', role_ids: [], slugs: [] } });
    expect(fieldsOf(res)).toEqual({
      first_name: USER_MESSAGES.firstNameRequired,
      last_name: USER_MESSAGES.lastNameRequired,
      email: USER_MESSAGES.emailInvalid,
      role_ids: USER_MESSAGES.rolesRequired,
      slugs: USER_MESSAGES.slugsRequired,
    });
    expect(fieldsOf(await write(admin, 'POST', '/api/users', person('a@b.co', [viewerRole.id], ['Acme'])))).toEqual({ slugs: USER_MESSAGES.slugInvalid('Acme') });
    expect(fieldsOf(await write(admin, 'POST', '/api/users', person('a@b.co', [viewerRole.id], ['acme/zz'])))).toEqual({ slugs: USER_MESSAGES.slugUnknown('acme/zz') });
    expect(fieldsOf(await write(admin, 'POST', '/api/users', person('a@b.co', [999_999], ['acme'])))).toEqual({ role_ids: USER_MESSAGES.unknownRole(999_999) });
    // An address the login refuses (schemas/auth.ts) is refused here too: its owner could never log in.
    for (const email of ['jürgen@münchen.de', 'x@y.z']) {
      expect(fieldsOf(await write(admin, 'POST', '/api/users', person(email, [viewerRole.id], ['acme']))), email).toEqual({ email: USER_MESSAGES.emailInvalid });
    }
  });

  it('nobody gives what they do not hold: other clients, *, or roles beyond their own', async () => {
    const outside = fieldsOf(await write(clientAdmin, 'POST', '/api/users', person('g@acme.test', [viewerRole.id], ['globex'])));
    expect(outside).toEqual({ slugs: USER_MESSAGES.slugOutside('globex') });
    expect(fieldsOf(await write(clientAdmin, 'POST', '/api/users', person('g@acme.test', [viewerRole.id], ['*'])))).toEqual({ slugs: USER_MESSAGES.allOnlyByGlobal });
    expect(fieldsOf(await write(clientAdmin, 'POST', '/api/users', person('g@acme.test', [adminRole.id], ['acme'])))).toEqual({ role_ids: USER_MESSAGES.cannotGiveGlobalRole('Admin') });
    // Its own role it holds: fine.
    const ok = await write(clientAdmin, 'POST', '/api/users', person('deputy@acme.test', [clientAdminRole.id], ['acme']));
    expect(ok.statusCode, ok.body).toBe(201);
    // Taking away a slug outside its own is refused as well (a user of acme/us handled by an admin of acme/us only).
    const analystUser = await user(ANALYST);
    const grow = await write(admin, 'PUT', `/api/users/${analystUser.id}`, { user: { slugs: ['acme'] }, version: analystUser.version });
    expect(grow.statusCode, grow.body).toBe(200);
  });

  it('a change to roles, slugs or activity takes effect on the next request and is audited with before and after', async () => {
    const a = await user(ANALYST);
    expectError(await read(analyst, '/api/users'), 403, 'FORBIDDEN'); // the analyst's session is cached now
    const promoted = await write(clientAdmin, 'PUT', `/api/users/${a.id}`, { user: { role_ids: [clientAdminRole.id] }, version: a.version });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().data).toMatchObject({ role_ids: [clientAdminRole.id], version: a.version + 1 });
    expect((await read(analyst, '/api/users')).statusCode).toBe(200);

    const narrowed = await write(clientAdmin, 'PUT', `/api/user-hierarchy-permissions/${a.id}`, { user_id: a.id, slugs: ['acme/uk'] });
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().data).toEqual({ user_id: a.id, slugs: ['acme/uk'] });
    expect((await read(clientAdmin, `/api/user-hierarchy-permissions/${a.id}/slugs`)).json()).toEqual({ data: ['acme/uk'] });
    // The analyst's hierarchy is acme/uk only now, at once.
    const tree = (await read(analyst, '/api/clients/hierarchy')).json() as { data: { regions: { slug: string }[] }[] };
    expect(tree.data.flatMap((c) => c.regions.map((r) => r.slug))).toEqual(['uk']);
    expectError(await write(clientAdmin, 'PUT', `/api/user-hierarchy-permissions/${a.id}`, { user_id: a.id + 1, slugs: ['acme'] }), 400, 'BAD_REQUEST');

    const back = await user(ANALYST);
    const restored = await write(admin, 'PUT', `/api/users/${a.id}`, { user: { role_ids: a.role_ids, slugs: ['acme'] }, version: back.version });
    expect(restored.statusCode, restored.body).toBe(200);
    // The last three updates of the analyst: promoted, narrowed, restored.
    const audit = (await auditRows(database, 'user.update', `user:${a.id}`)).slice(-3);
    expect(audit.map((r) => r.details)).toMatchObject([
      { before: { role_ids: a.role_ids, slugs: ['acme'] }, after: { role_ids: [clientAdminRole.id], slugs: ['acme'] } },
      { before: { slugs: ['acme'] }, after: { slugs: ['acme/uk'] } },
      { before: { role_ids: [clientAdminRole.id], slugs: ['acme/uk'] }, after: { role_ids: a.role_ids, slugs: ['acme'] } },
    ]);
    expect(audit.every((r) => r.requestId)).toBe(true);
  });

  it('deactivating ends the user’s sessions at once and refuses their login; activating lets them back', async () => {
    const s = await login(app, VIEWER);
    expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).statusCode).toBe(200);
    const v = await user(VIEWER);
    const off = await write(admin, 'PUT', `/api/users/${v.id}`, { user: { active: false }, version: v.version });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await s.request({ method: 'GET', url: '/api/auth/self.json' })).statusCode).toBe(401);
    expect((await db.execute(sql`select count(*)::int as n from sessions where user_id = ${v.id}`) as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await expect(login(app, VIEWER)).rejects.toThrow(/401/);
    expect((await auditRows(database, 'user.deactivate', `user:${v.id}`)).length).toBe(1);
    const on = await write(admin, 'PUT', `/api/users/${v.id}`, { user: { active: true }, version: v.version + 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect((await login(app, VIEWER)).cookie).toBeTruthy();
    expect(fieldsOf(await write(clientAdmin, 'PUT', `/api/users/${(await user(CLIENT_ADMIN)).id}`, { user: { active: false }, version: (await user(CLIENT_ADMIN)).version })))
      .toEqual({ active: USER_MESSAGES.cannotDeactivateSelf });
  });

  it('keeps the last active global administrator', async () => {
    const me = await user(ADMIN);
    expectError(await write(admin, 'PUT', `/api/user-hierarchy-permissions/${me.id}`, { user_id: me.id, slugs: ['acme'] }), 422, 'VALIDATION_FAILED', USER_MESSAGES.lastAdmin);
    expectError(await write(admin, 'PUT', `/api/users/${me.id}`, { user: { role_ids: [viewerRole.id] }, version: me.version }), 422, 'VALIDATION_FAILED', USER_MESSAGES.lastAdmin);
    expect(await user(ADMIN)).toMatchObject({ slugs: ['*'], role_ids: [adminRole.id], version: me.version });

    // A second global admin who has not set a password does not count yet...
    const res = await write(admin, 'POST', '/api/users', person('second.admin@demo.test', [adminRole.id], ['*']));
    expect(res.statusCode, res.body).toBe(201);
    expectError(await write(admin, 'PUT', `/api/users/${me.id}`, { user: { role_ids: [viewerRole.id] }, version: me.version }), 422, 'VALIDATION_FAILED', USER_MESSAGES.lastAdmin);
    // ...once they have, the first may step down, and the second is then the last.
    const token = (res.json() as { invitation: { url: string } }).invitation.url.split('/').pop();
    expect((await app.inject({ method: 'POST', url: `/api/auth/invitations/${token}`, payload: { password: 'a-long-password-1' } })).statusCode).toBe(200);
    const second = await login(app, 'second.admin@demo.test', 'a-long-password-1');
    const down = await write(admin, 'PUT', `/api/users/${me.id}`, { user: { role_ids: [viewerRole.id] }, version: me.version });
    expect(down.statusCode, down.body).toBe(200);
    const secondId = (await user('second.admin@demo.test', second)).id;
    expect(fieldsOf(await write(second, 'PUT', `/api/users/${secondId}`, { user: { active: false }, version: 2 }))).toEqual({ active: USER_MESSAGES.cannotDeactivateSelf });
    const meNow = await user(ADMIN, second);
    expectError(await write(second, 'PUT', `/api/user-hierarchy-permissions/${secondId}`, { user_id: secondId, slugs: ['acme'] }), 422, 'VALIDATION_FAILED', USER_MESSAGES.lastAdmin);
    const up = await write(second, 'PUT', `/api/users/${me.id}`, { user: { role_ids: [adminRole.id] }, version: meNow.version });
    expect(up.statusCode, up.body).toBe(200);
  });

  it('a stale version is a 409 with the current user', async () => {
    const c = await user(CLIENT_ADMIN);
    const res = await write(admin, 'PUT', `/api/users/${c.id}`, { user: { last_name: 'Morgan-Lee' }, version: c.version + 5 });
    expect(expectError(res, 409, 'VERSION_CONFLICT').error.details).toMatchObject({ current: { id: c.id, version: c.version } });
  });

  it('logs the demo password out of the picture: demo users still log in with it', async () => {
    expect((await login(app, CLIENT_ADMIN, DEMO_PASSWORD)).cookie).toBeTruthy();
  });
});
