import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ROLE_MESSAGES, USER_MESSAGES } from '../../src/shared/rules/roles';
import { impersonableUsersResponseSchema } from '../../src/shared/schemas/auth';
import { sessions, userHierarchyPermissions, users as usersTable } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/lib/tokens';
import { forgetSession } from '../../src/server/modules/auth/session-cache';
import { ADMIN, ANALYST, login, VIEWER, type Session } from './helper';
import { adminKit, CLIENT_ADMIN, fieldsOf, INVITED } from './roles-support';
import { expectError } from './support';

const all = { create: true, read: true, update: true, destroy: true };
const readOnly = { create: false, read: true, update: false, destroy: false };
const person = (email: string, roleIds: number[], slugs: string[]) => ({ user: { first_name: 'Alex', last_name: 'Kim', email, role_ids: roleIds, slugs } });

/**
 * Issue 26, items 1 and 5: reach is never widened by impersonation or by granting, and inviting
 * an address says it exists only to a caller who may see its holder. The seeded admin@demo.test
 * holds Admin and '*'; each test makes the scoped administrators it needs through the API.
 */
describe('reach', async () => {
  const kit = await adminKit();
  const { app, db, admin, clientAdmin, write, read, role, user } = kit;
  const adminRole = await role('Admin');
  const viewerRole = await role('Viewer');
  const clientAdminRole = await role('Client Admin');

  /** A user made by the global admin through the API, who set a password from their link and logged in. */
  const member = async (email: string, roleIds: number[], slugs: string[]): Promise<{ id: number; session: Session }> => {
    const res = await write(admin, 'POST', '/api/users', person(email, roleIds, slugs));
    expect(res.statusCode, res.body).toBe(201);
    const token = (res.json() as { invitation: { url: string } }).invitation.url.split('/').pop();
    const set = await app.inject({ method: 'POST', url: `/api/auth/invitations/${token}`, payload: { password: 'a-long-password-1' } });
    expect(set.statusCode, set.body).toBe(200);
    return { id: (res.json() as { data: { id: number } }).data.id, session: await login(app, email, 'a-long-password-1') };
  };
  const newRole = async (name: string, permissions: Record<string, typeof all>, isAdmin = false) => {
    const res = await write(admin, 'POST', '/api/roles', { role: { name, description: '', is_admin: isAdmin, permissions } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { data: { id: number; version: number } }).data;
  };
  const impersonable = async (s: Session) => {
    const res = await read(s, '/api/auth/impersonable-users');
    expect(res.statusCode, res.body).toBe(200);
    return impersonableUsersResponseSchema.parse(res.json()).data.map((u) => u.email);
  };
  const viewAs = (s: Session, userId: number) => write(s, 'POST', '/api/auth/impersonate', { user_id: userId });
  const stopViewing = async (s: Session) => expect((await write(s, 'DELETE', '/api/auth/impersonate')).statusCode).toBe(200);
  /** What an impersonation made straight in the database does (a session from before the check, or a forged row). */
  const actAs = async (s: Session, userId: number | null) => {
    await db.update(sessions).set({ actingUserId: userId }).where(eq(sessions.tokenHash, hashToken(s.sid)));
    forgetSession(db, hashToken(s.sid)); // the kit caches sessions for a minute
  };
  const slugsInDb = async (userId: number) =>
    (await db.select({ slug: userHierarchyPermissions.slug }).from(userHierarchyPermissions).where(eq(userHierarchyPermissions.userId, userId))).map((r) => r.slug).sort();
  const self = async (s: Session) => (await read(s, '/api/auth/self.json')).json() as { data: { user: { email: string }; parentUser: { email: string } | null } };

  const adminId = (await user(ADMIN)).id;
  const viewerId = (await user(VIEWER)).id;
  const analystId = (await user(ANALYST)).id;
  // Item 1's attacker: the Admin role ("Everything, in every client it is given"), granted on acme only.
  const acmeAdmin = await member('acme.admin@acme.test', [adminRole.id], ['acme']);

  it('item 1, step by step: an Admin of acme lists, views as and grants nothing outside acme, and never holds *', async () => {
    const s = acmeAdmin.session;
    // 1. The list holds acme's users only: not the global admin, not globex's viewer.
    const listed = await impersonable(s);
    expect(listed).toEqual(expect.arrayContaining([ANALYST, CLIENT_ADMIN, INVITED]));
    expect(listed).not.toContain(ADMIN);
    expect(listed).not.toContain(VIEWER);
    expect(listed).not.toContain('acme.admin@acme.test');
    const everyone = await kit.users();
    for (const email of listed) expect(everyone.find((u) => u.email === email)?.slugs.every((slug) => slug === 'acme' || slug.startsWith('acme/')), email).toBe(true);

    // 2. Viewing as the global admin (or globex's viewer) is 404, the very answer an unknown user gets.
    const unknown = expectError(await viewAs(s, 999_999), 404, 'NOT_FOUND', 'No active user with id 999999.');
    const refused = expectError(await viewAs(s, adminId), 404, 'NOT_FOUND', `No active user with id ${adminId}.`);
    expect(Object.keys(refused.error)).toEqual(Object.keys(unknown.error));
    expectError(await viewAs(s, viewerId), 404, 'NOT_FOUND', `No active user with id ${viewerId}.`);
    expect((await self(s)).data.parentUser).toBeNull();

    // 3. Even acting as the global admin (a session made in the database), the session reaches acme only...
    await actAs(s, adminId);
    try {
      expect((await self(s)).data).toMatchObject({ user: { email: ADMIN }, parentUser: { email: 'acme.admin@acme.test' } });
      const tree = (await read(s, '/api/clients/hierarchy')).json() as { data: { slug: string }[] };
      expect(tree.data.map((c) => c.slug)).toEqual(['acme']);
      expect((await kit.users(s)).map((u) => u.email)).not.toContain(VIEWER);
      // ...so its own '*' is refused, by either route, and so is globex.
      const me = await user('acme.admin@acme.test');
      expectError(await write(s, 'PUT', `/api/users/${me.id}`, { user: { slugs: ['*'] }, version: me.version }), 422, 'VALIDATION_FAILED', USER_MESSAGES.allOnlyByGlobal);
      expectError(await write(s, 'PUT', `/api/user-hierarchy-permissions/${me.id}`, { user_id: me.id, slugs: ['acme', '*'] }), 422, 'VALIDATION_FAILED', USER_MESSAGES.allOnlyByGlobal);
      expect(fieldsOf(await write(s, 'PUT', `/api/users/${me.id}`, { user: { slugs: ['acme', 'globex'] }, version: me.version }))).toEqual({ slugs: USER_MESSAGES.slugOutside('globex') });
      // Nor can it switch to someone outside acme from there.
      expectError(await viewAs(s, viewerId), 404, 'NOT_FOUND');
    } finally {
      await actAs(s, null);
    }

    // 4. After all of it, and a new login, the user holds acme only.
    expect(await slugsInDb(acmeAdmin.id)).toEqual(['acme']);
    const again = await login(app, 'acme.admin@acme.test', 'a-long-password-1');
    const tree = (await read(again, '/api/clients/hierarchy')).json() as { data: { slug: string }[] };
    expect(tree.data.map((c) => c.slug)).toEqual(['acme']);
  });

  it('an Admin of acme creates no client and changes no region (both reach past acme); the global admin still does', async () => {
    const s = acmeAdmin.session;
    const perms = (await read(s, '/api/auth/authorize')).json() as { data: { permissions: Record<string, { create: boolean; read: boolean; update: boolean }> } };
    expect(perms.data.permissions.clients).toMatchObject({ create: false, read: true });
    expect(perms.data.permissions.regions).toEqual({ create: false, read: true, update: false, destroy: false });
    expectError(await write(s, 'POST', '/api/clients', { client: { name: 'Rogue', slug: 'rogue', regions: [] } }), 403, 'FORBIDDEN');
    expectError(await write(s, 'POST', '/api/regions', { region: { name: 'France', slug: 'fr' } }), 403, 'FORBIDDEN');
    const regions = (await read(s, '/api/regions')).json() as { data: { id: number; name: string; slug: string }[] };
    const us = regions.data.find((r) => r.slug === 'us');
    expect(us).toBeDefined();
    expectError(await write(s, 'PUT', `/api/regions/${us?.id}`, { region: { name: 'USA', slug: 'us' }, base: { name: us?.name, slug: 'us' } }), 403, 'FORBIDDEN');
    const made = await write(admin, 'POST', '/api/regions', { region: { name: 'France', slug: 'fr' } });
    expect(made.statusCode, made.body).toBe(201);
  });

  it('the global admin can still do all of it: list and view as anyone, grant *', async () => {
    const listed = await impersonable(admin);
    expect(listed).toEqual(expect.arrayContaining([ANALYST, VIEWER, CLIENT_ADMIN, INVITED, 'acme.admin@acme.test']));
    expect(listed).not.toContain(ADMIN);
    for (const id of [viewerId, acmeAdmin.id]) {
      const res = await viewAs(admin, id);
      expect(res.statusCode, res.body).toBe(200);
    }
    await stopViewing(admin);
    const a = await user('acme.admin@acme.test');
    const up = await write(admin, 'PUT', `/api/users/${a.id}`, { user: { slugs: ['*'] }, version: a.version });
    expect(up.statusCode, up.body).toBe(200);
    expect(await slugsInDb(a.id)).toEqual(['*']);
    // A global admin now, so the global admin's list is theirs too; then back to acme.
    expect(await impersonable(acmeAdmin.session)).toContain(ADMIN);
    const down = await write(admin, 'PUT', `/api/users/${a.id}`, { user: { slugs: ['acme'] }, version: a.version + 1 });
    expect(down.statusCode, down.body).toBe(200);
    expect(await impersonable(acmeAdmin.session)).not.toContain(ADMIN);
  });

  it('reach is by slug, not by client: an admin of acme/us neither lists, views as nor manages a user of all acme', async () => {
    const us = await member('us.admin@acme.test', [adminRole.id], ['acme/us']);
    const listed = await impersonable(us.session);
    expect(listed).toContain(INVITED); // acme/us
    expect(listed).not.toContain(ANALYST); // acme
    expect(listed).not.toContain(CLIENT_ADMIN);
    expectError(await viewAs(us.session, analystId), 404, 'NOT_FOUND', `No active user with id ${analystId}.`);
    expect(await kit.users(us.session).then((l) => l.map((u) => u.email))).not.toContain(ANALYST);
    const analyst = await user(ANALYST);
    expectError(await write(us.session, 'PUT', `/api/users/${analyst.id}`, { user: { active: false }, version: analyst.version }), 404, 'NOT_FOUND');
    const ok = await viewAs(us.session, (await user(INVITED)).id);
    expect(ok.statusCode, ok.body).toBe(200);
    await stopViewing(us.session);
  });

  it('viewing as a user who holds more lends nothing: permissions and administrator rights are what both hold', async () => {
    // A steward of acme: an administrator role with users and brands only (not global: no clients, regions or roles writes).
    const steward = await newRole('Acme Steward', { users: all, brands: all }, true);
    // A user of acme holding everything, including the global resources.
    const power = await newRole('Acme Power', { clients: all, regions: all, roles: all, users: all, brands: all, mekkos: all });
    const stewardUser = await member('steward@acme.test', [steward.id], ['acme']);
    const powerUser = await member('power@acme.test', [power.id], ['acme']);
    const s = stewardUser.session;

    const res = await viewAs(s, powerUser.id);
    expect(res.statusCode, res.body).toBe(200);
    const perms = (await read(s, '/api/auth/authorize')).json() as { data: { permissions: Record<string, unknown> } };
    expect(perms.data.permissions).toEqual({ users: all, brands: all });
    expectError(await write(s, 'POST', '/api/roles', { role: { name: 'Mine', description: '', permissions: { clients: all } } }), 403, 'FORBIDDEN');
    expectError(await write(s, 'POST', '/api/clients', { client: {} }), 403, 'FORBIDDEN');
    expectError(await write(s, 'POST', '/api/regions', { region: {} }), 403, 'FORBIDDEN');
    // Giving the power role (its own, through the viewed user) is refused: the steward does not hold it.
    const me = await user('steward@acme.test');
    expect(fieldsOf(await write(s, 'PUT', `/api/users/${me.id}`, { user: { role_ids: [steward.id, power.id] }, version: me.version })))
      .toEqual({ role_ids: USER_MESSAGES.cannotGiveGlobalRole('Acme Power') });
    await stopViewing(s);

    // The other way round: Casey (Client Admin, no administrator role) on a session acting as the steward
    // is no administrator, so the steward's administrator role is not theirs to give.
    await actAs(clientAdmin, stewardUser.id);
    try {
      const analyst = await user(ANALYST);
      expect(fieldsOf(await write(clientAdmin, 'PUT', `/api/users/${analyst.id}`, { user: { role_ids: [steward.id] }, version: analyst.version })))
        .toEqual({ role_ids: USER_MESSAGES.cannotGiveRole('Acme Steward') });
      expect((await read(clientAdmin, '/api/auth/authorize')).json().data.permissions).toEqual({ users: all, brands: all });
    } finally {
      await actAs(clientAdmin, null);
    }
  });

  it('an admin scoped to acme grants within acme only, never *, and never a global role', async () => {
    const s = acmeAdmin.session;
    expect(fieldsOf(await write(s, 'POST', '/api/users', person('x1@acme.test', [viewerRole.id], ['*'])))).toEqual({ slugs: USER_MESSAGES.allOnlyByGlobal });
    expect(fieldsOf(await write(s, 'POST', '/api/users', person('x1@acme.test', [viewerRole.id], ['globex'])))).toEqual({ slugs: USER_MESSAGES.slugOutside('globex') });
    // Admin writes clients, regions and roles: global, so theirs neither to give nor to take away.
    expect(fieldsOf(await write(s, 'POST', '/api/users', person('x1@acme.test', [adminRole.id], ['acme'])))).toEqual({ role_ids: USER_MESSAGES.cannotGiveGlobalRole('Admin') });
    const ok = await write(s, 'POST', '/api/users', person('x1@acme.test', [clientAdminRole.id], ['acme/us']));
    expect(ok.statusCode, ok.body).toBe(201);
    const peer = await member('acme.peer@acme.test', [adminRole.id], ['acme']);
    const p = await user('acme.peer@acme.test');
    expect(fieldsOf(await write(s, 'PUT', `/api/users/${peer.id}`, { user: { role_ids: [viewerRole.id] }, version: p.version })))
      .toEqual({ role_ids: USER_MESSAGES.cannotGiveGlobalRole('Admin') });

    // Roles: no global role created or edited, no role changed that users outside acme hold.
    expectError(await write(s, 'POST', '/api/roles', { role: { name: 'Regions', description: '', permissions: { regions: { ...readOnly, update: true } } } }), 403, 'FORBIDDEN', ROLE_MESSAGES.globalOnly);
    expectError(await write(s, 'PUT', `/api/roles/${adminRole.id}`, { role: { name: 'Admin', permissions: adminRole.permissions }, version: adminRole.version }), 403, 'FORBIDDEN', ROLE_MESSAGES.globalOnly);
    expectError(await write(s, 'PUT', `/api/roles/${viewerRole.id}`, { role: { name: 'Viewer', permissions: { ...viewerRole.permissions, mekkos: all } }, version: viewerRole.version }), 403, 'FORBIDDEN', ROLE_MESSAGES.heldOutside('Viewer'));
    expectError(await write(s, 'DELETE', `/api/roles/${viewerRole.id}`), 403, 'FORBIDDEN', ROLE_MESSAGES.heldOutside('Viewer'));
    expect(await role('Viewer')).toMatchObject({ version: viewerRole.version, permissions: viewerRole.permissions });
    // A role of its own, held in acme only, is its to make, edit, give and delete.
    const made = await write(s, 'POST', '/api/roles', { role: { name: 'Acme Planner', description: '', permissions: { mekkos: readOnly } } });
    expect(made.statusCode, made.body).toBe(201);
    const planner = (made.json() as { data: { id: number } }).data;
    const edited = await write(s, 'PUT', `/api/roles/${planner.id}`, { role: { name: 'Acme Planner', permissions: { mekkos: readOnly, journeys: readOnly } }, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await write(s, 'DELETE', `/api/roles/${planner.id}`)).statusCode).toBe(204);
    // The global admin still does all of it.
    const global = await write(admin, 'POST', '/api/roles', { role: { name: 'Regions', description: '', permissions: { regions: { ...readOnly, update: true } } } });
    expect(global.statusCode, global.body).toBe(201);
    const given = await write(admin, 'PUT', `/api/users/${peer.id}`, { user: { role_ids: [viewerRole.id] }, version: p.version });
    expect(given.statusCode, given.body).toBe(200);
  });

  it('item 5: a taken address is named only to a caller who may see its holder', async () => {
    const body = (email: string) => person(email, [viewerRole.id], ['acme']);
    // Globex's viewer and the global admin are outside acme: one neutral answer for both, and it says nothing of existing.
    const globex = expectError(await write(clientAdmin, 'POST', '/api/users', body(VIEWER)), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailNotInvitable);
    const global = expectError(await write(clientAdmin, 'POST', '/api/users', body(' Admin@Demo.test ')), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailNotInvitable);
    expect(globex).toEqual(global);
    expect(globex.error.details).toEqual({ fields: { email: USER_MESSAGES.emailNotInvitable } });
    expect(JSON.stringify(globex)).not.toMatch(/exist/i);
    // An acme user's address: they see that user anyway.
    expectError(await write(clientAdmin, 'POST', '/api/users', body(ANALYST)), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailTaken);
    // A holder of * is told the real reason wherever the holder is.
    expectError(await write(admin, 'POST', '/api/users', body(VIEWER)), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailTaken);
    expectError(await write(admin, 'POST', '/api/users', body(ANALYST)), 422, 'VALIDATION_FAILED', USER_MESSAGES.emailTaken);
    // Nothing was made, and a free address still works.
    const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(usersTable).where(sql`lower(${usersTable.email}) = ${VIEWER}`);
    expect(Number(n?.n)).toBe(1);
    const free = await write(clientAdmin, 'POST', '/api/users', body('brand.new@acme.test'));
    expect(free.statusCode, free.body).toBe(201);
  });
});
