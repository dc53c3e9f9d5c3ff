import { describe, expect, it } from 'vitest';
import { RESOURCES, type PermissionSet } from '../permissions';
import { loginBodySchema } from '../schemas/auth';
import {
  permissionsInReach,
  GLOBAL_RESOURCES,
  grantProblems,
  intersectPermissions,
  intersectSlugs,
  isEmail,
  isGlobalAdmin,
  isGlobalRole,
  isHierarchySlug,
  normalizePermissions,
  passwordProblem,
  PASSWORD_MIN,
  permissionsWithin,
  resourceList,
  RESOURCE_INFO,
  ROLE_MESSAGES,
  slugClient,
  slugsProblem,
  slugWithin,
  unknownResources,
  USER_MESSAGES,
  validateRole,
  validateUser,
  withinReach,
} from './roles';

const all = { create: true, read: true, update: true, destroy: true };
const readOnly = { create: false, read: true, update: false, destroy: false };

describe('resources', () => {
  it('lists every resource once with a label, a group and the four actions', () => {
    const list = resourceList();
    expect(list.map((r) => r.resource)).toEqual([...RESOURCES]);
    for (const r of list) {
      expect(r.label.length).toBeGreaterThan(0);
      expect(['insights', 'administration']).toContain(r.group);
      expect(r.actions).toEqual(['create', 'read', 'update', 'destroy']);
    }
    expect(RESOURCE_INFO.users.group).toBe('administration');
    expect(RESOURCE_INFO.mekkos.label).toBe('Grow');
  });
  it('finds names that are not resources', () => {
    expect(unknownResources({ mekkos: 1, nope: 2 })).toEqual(['nope']);
  });
  it('normalizes a permission map: every action spelled out, empty resources dropped', () => {
    expect(normalizePermissions({ mekkos: { read: true }, journeys: { create: false }, nope: { read: true } })).toEqual({ mekkos: readOnly });
  });
});

describe('grantProblems', () => {
  const caller: PermissionSet = { mekkos: all, brands: readOnly };
  it('allows what the caller holds', () => {
    expect(grantProblems(caller, { mekkos: all, brands: readOnly })).toEqual([]);
    expect(permissionsWithin({ mekkos: readOnly }, caller)).toBe(true);
  });
  it('names the resource and the actions the caller lacks', () => {
    const problems = grantProblems(caller, { brands: { create: true, read: true, update: false, destroy: true }, users: readOnly });
    expect(problems.map((p) => [p.resource, p.actions])).toEqual([
      ['brands', ['create', 'destroy']],
      ['users', ['read']],
    ]);
    expect(problems[0]?.message).toBe('You cannot grant Brands (create, delete): you do not hold it yourself.');
    expect(permissionsWithin({ users: readOnly }, caller)).toBe(false);
  });
  it('on an update counts only what changes, both ways', () => {
    const before: PermissionSet = { users: readOnly, mekkos: readOnly };
    // keeps users read (not held), adds mekkos create (held): fine
    expect(grantProblems(caller, { users: readOnly, mekkos: { ...readOnly, create: true } }, before)).toEqual([]);
    // takes users read away: needs it
    expect(grantProblems(caller, { mekkos: readOnly }, before).map((p) => p.resource)).toEqual(['users']);
  });
});

describe('role rules', () => {
  it('requires a name, bounds it and keeps names unique whatever the case', () => {
    expect(validateRole({ name: '  ', description: '' }, [])).toEqual([{ field: 'name', message: ROLE_MESSAGES.nameRequired }]);
    expect(validateRole({ name: 'x'.repeat(61), description: '' }, [])[0]?.message).toBe(ROLE_MESSAGES.nameTooLong);
    expect(validateRole({ name: 'analyst ', description: '' }, ['Analyst'])[0]?.message).toBe('A role named "analyst" already exists.');
    expect(validateRole({ name: 'Planner', description: 'd'.repeat(501) }, [])).toEqual([{ field: 'description', message: ROLE_MESSAGES.descriptionTooLong }]);
    expect(validateRole({ name: 'Planner', description: '' }, ['Analyst'])).toEqual([]);
  });
  it('words the in-use refusal by count', () => {
    expect(ROLE_MESSAGES.inUse('Viewer', 1)).toBe('Viewer cannot be deleted: 1 user has this role.');
    expect(ROLE_MESSAGES.inUse('Viewer', 3)).toBe('Viewer cannot be deleted: 3 users have this role.');
  });
});

describe('user rules', () => {
  const ok = { first_name: 'Casey', last_name: 'Morgan', email: 'casey@acme.test', role_ids: [1], slugs: ['acme'] };
  it('accepts a complete user', () => expect(validateUser(ok)).toEqual([]));
  it('names every missing or malformed field', () => {
    expect(validateUser({ ...ok, first_name: ' ', last_name: '', email: 'casey@acme', role_ids: [], slugs: [] })).toEqual([
      { field: 'first_name', message: USER_MESSAGES.firstNameRequired },
      { field: 'last_name', message: USER_MESSAGES.lastNameRequired },
      { field: 'email', message: USER_MESSAGES.emailInvalid },
      { field: 'role_ids', message: USER_MESSAGES.rolesRequired },
      { field: 'slugs', message: USER_MESSAGES.slugsRequired },
    ]);
    expect(validateUser({ first_name: 'x'.repeat(101) })[0]?.message).toBe(USER_MESSAGES.nameTooLong);
  });
  it('checks only the fields sent (an update)', () => expect(validateUser({ last_name: 'Lee' })).toEqual([]));
  it('knows an email address', () => {
    expect(isEmail('a.b@c.co')).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@c.d', 'a@@c.d']) expect(isEmail(bad)).toBe(false);
  });
  it('takes exactly the addresses the login takes: an invited user must be able to log in with theirs', () => {
    const samples = ['a.b@c.co', 'O.Brien@Acme.Test', "o'brien@acme.test", 'jürgen@münchen.de', 'ünal@acme.test', 'x@y.z', 'a@b.c1', 'a..b@c.co', '.a@c.co', 'a+tag@c.co'];
    for (const email of samples) {
      const login = loginBodySchema.safeParse({ email, password: 'p' }).success;
      expect(isEmail(email), email).toBe(login);
    }
  });
  it('knows a hierarchy slug', () => {
    for (const good of ['*', 'acme', 'acme/us', 'acme/us/fizz-cola', 'acme/us/fizz-cola/fizz-zero']) expect(isHierarchySlug(good)).toBe(true);
    for (const bad of ['', 'Acme', 'acme/', '/acme', 'acme/us/a/b/c', 'acme/*', 'a--b', 'ac me']) expect(isHierarchySlug(bad)).toBe(false);
    expect(slugsProblem(['acme', 'Bad'])).toBe(USER_MESSAGES.slugInvalid('Bad'));
    expect(slugsProblem(['acme'])).toBeNull();
  });
  it('puts a password at the minimum length, taken as typed', () => {
    expect(passwordProblem('x'.repeat(PASSWORD_MIN - 1))).toBe(USER_MESSAGES.passwordTooShort);
    expect(passwordProblem(' '.repeat(PASSWORD_MIN))).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toBe(USER_MESSAGES.passwordTooLong);
  });
});

describe('hierarchy scope', () => {
  it('slugWithin: a prefix by whole segments; * only within *', () => {
    expect(slugWithin('acme/us', ['acme'])).toBe(true);
    expect(slugWithin('acme', ['acme'])).toBe(true);
    expect(slugWithin('acme-labs', ['acme'])).toBe(false);
    expect(slugWithin('acme', ['acme/us'])).toBe(false);
    expect(slugWithin('globex', ['acme'])).toBe(false);
    expect(slugWithin('*', ['acme'])).toBe(false);
    expect(slugWithin('*', ['*'])).toBe(true);
    expect(slugWithin('globex/us', ['*'])).toBe(true);
    expect(slugWithin('acme', [])).toBe(false);
  });
  it('slugClient', () => {
    expect(slugClient('acme/us/b/p')).toBe('acme');
    expect(slugClient('*')).toBe('*');
  });
  it('withinReach: every slug of the user within the caller own; * reaches everyone, only * reaches *', () => {
    expect(withinReach(['*'], ['*'])).toBe(true);
    expect(withinReach(['*'], ['globex'])).toBe(true);
    expect(withinReach(['*'], [])).toBe(true);
    expect(withinReach(['acme'], ['acme'])).toBe(true);
    expect(withinReach(['acme'], ['acme/us', 'acme/uk/fizz-cola'])).toBe(true);
    expect(withinReach(['acme'], ['acme', 'globex'])).toBe(false);
    expect(withinReach(['acme'], ['*'])).toBe(false);
    expect(withinReach(['acme'], ['acme', '*'])).toBe(false);
    expect(withinReach(['acme'], ['acme-labs'])).toBe(false);
    // A user of no client belongs to no client administrator.
    expect(withinReach(['acme'], [])).toBe(false);
    // By region, not by client: an administrator of acme/us does not reach a user of all acme.
    expect(withinReach(['acme/us'], ['acme'])).toBe(false);
    expect(withinReach(['acme/us'], ['acme/us/fizz-cola'])).toBe(true);
    expect(withinReach(['acme/us', 'globex'], ['acme/us', 'globex/uk'])).toBe(true);
    expect(withinReach([], ['acme'])).toBe(false);
  });
  it('intersectSlugs: what both reach, * only when both hold it', () => {
    expect(intersectSlugs(['*'], ['acme'])).toEqual(['acme']);
    expect(intersectSlugs(['acme'], ['*'])).toEqual(['acme']);
    expect(intersectSlugs(['*'], ['*'])).toEqual(['*']);
    expect(intersectSlugs(['acme'], ['acme/us'])).toEqual(['acme/us']);
    expect(intersectSlugs(['acme', 'globex'], ['acme/us', 'globex', 'initech'])).toEqual(['acme/us', 'globex']);
    expect(intersectSlugs(['acme'], ['globex'])).toEqual([]);
    expect(intersectSlugs(['acme'], [])).toEqual([]);
    expect(intersectSlugs(['acme-labs'], ['acme'])).toEqual([]);
  });
  it('intersectPermissions: the actions both grant', () => {
    const a: PermissionSet = { users: all, clients: all, mekkos: readOnly };
    const b: PermissionSet = { users: { ...readOnly, update: true }, mekkos: all, roles: all };
    expect(intersectPermissions(a, b)).toEqual({ users: { ...readOnly, update: true }, mekkos: readOnly });
    expect(intersectPermissions(a, {})).toEqual({});
    expect(intersectPermissions({ explore: { ...readOnly, read: false, create: true } }, { explore: readOnly })).toEqual({});
  });
  it('isGlobalRole: any write on clients, regions or roles', () => {
    expect(GLOBAL_RESOURCES).toEqual(['clients', 'regions', 'roles']);
    expect(isGlobalRole(Object.fromEntries(RESOURCES.map((r) => [r, all])))).toBe(true);
    for (const resource of GLOBAL_RESOURCES) {
      for (const action of ['create', 'update', 'destroy'] as const) {
        expect(isGlobalRole({ [resource]: { ...readOnly, read: false, [action]: true } }), `${resource} ${action}`).toBe(true);
      }
      // Reading them is not: a client's administrator reads the roles to give them.
      expect(isGlobalRole({ [resource]: readOnly })).toBe(false);
    }
    expect(isGlobalRole({ users: all, brands: all, products: all, impersonation: all })).toBe(false);
    expect(isGlobalRole({})).toBe(false);
  });
  it('isGlobalAdmin needs an admin role and *', () => {
    expect(isGlobalAdmin([{ is_admin: true }], ['*'])).toBe(true);
    expect(isGlobalAdmin([{ is_admin: true }], ['acme'])).toBe(false);
    expect(isGlobalAdmin([{ is_admin: false }], ['*'])).toBe(false);
    expect(isGlobalAdmin([], ['*'])).toBe(false);
  });
});

describe('permissionsInReach', () => {
  const all = { create: true, read: true, update: true, destroy: true };
  const set: PermissionSet = { clients: all, regions: all, roles: all, brands: all };

  it("keeps every action for a holder of '*'", () => {
    expect(permissionsInReach(set, ['*'])).toEqual(set);
  });

  it('takes creating clients and changing regions from anyone scoped to some clients, and keeps the rest', () => {
    const scoped = permissionsInReach(set, ['acme']);
    expect(scoped.clients).toEqual({ create: false, read: true, update: true, destroy: true });
    expect(scoped.regions).toEqual({ create: false, read: true, update: false, destroy: false });
    expect(scoped.roles).toEqual(all);
    expect(scoped.brands).toEqual(all);
  });

  it('drops a client or region grant that had no read', () => {
    const scoped = permissionsInReach({ clients: { create: true, read: false, update: false, destroy: false } }, ['acme/us']);
    expect(scoped.clients).toBeUndefined();
  });
});
