/**
 * Roles, users and hierarchy permissions (issue 19; spec admin §6, §7; shell §6): what the
 * resources are called, who may grant what, and what a valid role, user and invitation is, with
 * the exact messages. Pure, so the forms and the server agree.
 */
import * as z from 'zod/mini';
import { ACTIONS, RESOURCES, type Action, type Actions, type PermissionSet, type Resource } from '../permissions';

export type ResourceGroup = 'insights' | 'administration';

/** Every resource's label and group, as the role editor lists them (a new resource fails the typecheck here). */
export const RESOURCE_INFO: Record<Resource, { label: string; group: ResourceGroup }> = {
  explore: { label: 'Explore and personas', group: 'insights' },
  request_motivation_audiences: { label: 'Motivation audiences', group: 'insights' },
  comparisons: { label: 'Overlap comparisons', group: 'insights' },
  mekkos: { label: 'Grow', group: 'insights' },
  journeys: { label: 'Journeys', group: 'insights' },
  customer_value: { label: 'Customer value', group: 'insights' },
  site_visitation: { label: 'Site visitation', group: 'insights' },
  best_customer: { label: 'Best customer', group: 'insights' },
  customer_attrition: { label: 'Customer attrition', group: 'insights' },
  buyer_retention: { label: 'Buyer retention', group: 'insights' },
  outcomes: { label: 'Outcomes', group: 'insights' },
  outcome_timeframes: { label: 'Outcome timeframes', group: 'insights' },
  index_report: { label: 'Index reports', group: 'insights' },
  audiences: { label: 'Audiences', group: 'insights' },
  ams_activation: { label: 'Activations', group: 'insights' },
  molecula_access: { label: 'Data source switch', group: 'insights' },
  toolbox_client_configuration: { label: 'Toolbox', group: 'insights' },
  report_task_admin: { label: 'Report history', group: 'administration' },
  curves: { label: 'Scenario planner curves', group: 'administration' },
  plans: { label: 'Scenario planner plans', group: 'administration' },
  clients: { label: 'Clients', group: 'administration' },
  regions: { label: 'Regions', group: 'administration' },
  brands: { label: 'Brands', group: 'administration' },
  products: { label: 'Products', group: 'administration' },
  upload: { label: 'Uploads', group: 'administration' },
  upload_mekkos: { label: 'Grow widget uploads', group: 'administration' },
  upload_surveys: { label: 'Survey uploads', group: 'administration' },
  upload_discussions: { label: 'Discussion uploads', group: 'administration' },
  upload_journeys: { label: 'Journey widget uploads', group: 'administration' },
  upload_personas: { label: 'Explore widget uploads', group: 'administration' },
  roles: { label: 'Roles', group: 'administration' },
  users: { label: 'Users', group: 'administration' },
  impersonation: { label: 'View as another user', group: 'administration' },
  id_env_product_slugs: { label: 'ID environment product slugs', group: 'administration' },
};

/** GET /api/resources: every resource in the matrix's order, with its label, group and actions. */
export function resourceList() {
  return RESOURCES.map((resource) => ({ resource, ...RESOURCE_INFO[resource], actions: [...ACTIONS] }));
}

/** How an action reads in a message ("destroy" is what the user knows as delete). */
export const ACTION_LABELS: Record<Action, string> = { create: 'create', read: 'read', update: 'update', destroy: 'delete' };

export const NO_ACTIONS: Actions = { create: false, read: false, update: false, destroy: false };

export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 500;
export const USER_NAME_MAX = 100;
export const EMAIL_MAX = 320;
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 1024;
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
/** The most hierarchy slugs one user may hold. */
export const SLUGS_MAX = 500;

export const ROLE_MESSAGES = {
  nameRequired: 'Role name is required.',
  nameTooLong: `A role name can be at most ${ROLE_NAME_MAX} characters.`,
  nameTaken: (name: string) => `A role named "${name}" already exists.`,
  descriptionTooLong: `A description can be at most ${ROLE_DESCRIPTION_MAX} characters.`,
  unknownResource: (resource: string) => `"${resource}" is not a resource.`,
  cannotGrant: (resource: Resource, actions: readonly Action[]) =>
    `You cannot grant ${RESOURCE_INFO[resource].label} (${actions.map((a) => ACTION_LABELS[a]).join(', ')}): you do not hold it yourself.`,
  adminOnly: 'Only an administrator can give a role administrator rights.',
  adminRoleOnly: 'Only an administrator can change or delete an administrator role.',
  globalOnly: 'Only a user with access to everything (*) can create, change or delete a global role (one that changes clients, regions or roles).',
  heldOutside: (name: string) => `${name} is also held by users outside your clients: only a user with access to everything (*) can change or delete it.`,
  inUse: (name: string, count: number) => `${name} cannot be deleted: ${count === 1 ? '1 user has' : `${count} users have`} this role.`,
  deleted: (name: string) => `${name} deleted successfully.`,
  created: (name: string) => `Successfully created ${name}.`,
  updated: (name: string) => `Successfully updated ${name}.`,
} as const;

export const USER_MESSAGES = {
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooLong: `A name can be at most ${USER_NAME_MAX} characters.`,
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'A user with this email address already exists.',
  /** For an address taken by a user outside the caller's reach: it must not say that the address exists. */
  emailNotInvitable: 'This email address cannot be invited. Ask a global administrator.',
  rolesRequired: 'Choose at least one role.',
  unknownRole: (id: number) => `Role ${id} does not exist.`,
  cannotGiveRole: (name: string) => `You cannot give or take away the role ${name}: it grants more than you hold.`,
  cannotGiveGlobalRole: (name: string) => `Only a user with access to everything (*) can give or take away the role ${name}: it is a global role.`,
  slugsRequired: 'Choose at least one client, region, brand or product.',
  tooManySlugs: `A user can hold at most ${SLUGS_MAX} hierarchy permissions.`,
  slugInvalid: (slug: string) => `"${slug}" is not a hierarchy slug (client, client/region or client/region/brand/product).`,
  slugUnknown: (slug: string) => `"${slug}" is not in the hierarchy.`,
  slugOutside: (slug: string) => `You cannot give or take away access to "${slug}": it is outside your own.`,
  allOnlyByGlobal: 'Only a user with access to everything (*) can give access to everything.',
  lastAdmin: 'This is the last active global administrator: keep at least one active user with an administrator role and access to everything (*).',
  cannotDeactivateSelf: 'You cannot deactivate yourself.',
  passwordTooShort: `A password must be at least ${PASSWORD_MIN} characters.`,
  passwordTooLong: `A password can be at most ${PASSWORD_MAX} characters.`,
  invitationInvalid: 'This invitation link is not valid or has expired.',
  created: (name: string) => `Successfully created ${name}. Send them the invitation link.`,
  updated: (name: string) => `Successfully updated ${name}.`,
} as const;

/** A grant the caller asked for but does not hold. */
export interface GrantProblem {
  resource: Resource;
  actions: Action[];
  message: string;
}

const isResource = (r: string): r is Resource => (RESOURCES as readonly string[]).includes(r);

/**
 * What `requested` grants that `caller` does not hold, one entry per resource (empty: nothing).
 * With `before` (an update), only what changes counts: taking away a grant needs it too, and a
 * grant the role already had and keeps is no one's business.
 */
export function grantProblems(caller: PermissionSet, requested: PermissionSet, before: PermissionSet = {}): GrantProblem[] {
  const problems: GrantProblem[] = [];
  for (const resource of RESOURCES) {
    const want = requested[resource] ?? NO_ACTIONS;
    const had = before[resource] ?? NO_ACTIONS;
    const held = caller[resource] ?? NO_ACTIONS;
    const actions = ACTIONS.filter((a) => want[a] !== had[a] && !held[a]);
    if (actions.length > 0) problems.push({ resource, actions, message: ROLE_MESSAGES.cannotGrant(resource, actions) });
  }
  return problems;
}

/** Whether `inner` grants nothing beyond `outer`. */
export const permissionsWithin = (inner: PermissionSet, outer: PermissionSet) => grantProblems(outer, inner).length === 0;

/** Resources in a permission map that are not resources (a stale form, a typo). */
export const unknownResources = (permissions: Record<string, unknown>) => Object.keys(permissions).filter((r) => !isResource(r));

/** The permission map with every resource and action spelled out, and all-false resources dropped. */
export function normalizePermissions(permissions: Partial<Record<string, Partial<Actions>>>): PermissionSet {
  const out: PermissionSet = {};
  for (const resource of RESOURCES) {
    const given = permissions[resource];
    if (!given) continue;
    const actions: Actions = { create: !!given.create, read: !!given.read, update: !!given.update, destroy: !!given.destroy };
    if (ACTIONS.some((a) => actions[a])) out[resource] = actions;
  }
  return out;
}

export interface RoleDraft {
  name: string;
  description: string;
}

export interface RuleIssue<F extends string> {
  field: F;
  message: string;
}

/** A role's own fields; `otherNames` are the other roles' names (compared case-insensitively). */
export function validateRole(draft: RoleDraft, otherNames: readonly string[]): RuleIssue<'name' | 'description'>[] {
  const issues: RuleIssue<'name' | 'description'>[] = [];
  const name = draft.name.trim();
  if (name === '') issues.push({ field: 'name', message: ROLE_MESSAGES.nameRequired });
  else if ([...name].length > ROLE_NAME_MAX) issues.push({ field: 'name', message: ROLE_MESSAGES.nameTooLong });
  else if (otherNames.some((n) => n.toLowerCase() === name.toLowerCase())) issues.push({ field: 'name', message: ROLE_MESSAGES.nameTaken(name) });
  if ([...draft.description.trim()].length > ROLE_DESCRIPTION_MAX) issues.push({ field: 'description', message: ROLE_MESSAGES.descriptionTooLong });
  return issues;
}

/**
 * The login's own check (z.email() in schemas/auth.ts uses this pattern): an address invited here
 * must be one its owner can log in with, so no unicode or single-letter top-level domain the login refuses.
 */
export const isEmail = (email: string) => z.regexes.email.test(email.trim()) && email.trim().length <= EMAIL_MAX;

/** A slug segment: lowercase letters, digits and '-' (as clients, regions, brands and products are made). */
const SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** '*', or 1 to 4 segments: client, client/region, client/region/brand, client/region/brand/product. */
export function isHierarchySlug(slug: string): boolean {
  if (slug === '*') return true;
  const parts = slug.split('/');
  return parts.length >= 1 && parts.length <= 4 && parts.every((p) => SEGMENT.test(p));
}

/** Whether `slug` lies within one of `own` (the caller's hierarchy slugs): '*' only within '*'. */
export function slugWithin(slug: string, own: readonly string[]): boolean {
  if (own.includes('*')) return true;
  if (slug === '*') return false;
  return own.some((p) => slug === p || slug.startsWith(`${p}/`));
}

/**
 * Whether a user lies within the caller's reach: a holder of '*' reaches everyone; anyone else
 * reaches a user who holds at least one slug and only slugs within the caller's own (so never a
 * holder of '*', nor a user of acme and globex for an acme administrator). The one rule for
 * managing a user, viewing as them and being told that their email address is taken.
 */
export function withinReach(callerSlugs: readonly string[], userSlugs: readonly string[]): boolean {
  if (callerSlugs.includes('*')) return true;
  return userSlugs.length > 0 && userSlugs.every((s) => slugWithin(s, callerSlugs));
}

/** The slugs both lists reach: each one of either list that lies within the other ('*' only when both hold it). */
export function intersectSlugs(a: readonly string[], b: readonly string[]): string[] {
  const both = new Set([...a.filter((s) => slugWithin(s, b)), ...b.filter((s) => slugWithin(s, a))]);
  return [...both].sort();
}

/** The actions both sets grant (resources granting nothing dropped). */
export function intersectPermissions(a: PermissionSet, b: PermissionSet): PermissionSet {
  const out: PermissionSet = {};
  for (const resource of RESOURCES) {
    const x = a[resource];
    const y = b[resource];
    if (!x || !y) continue;
    const actions: Actions = { create: x.create && y.create, read: x.read && y.read, update: x.update && y.update, destroy: x.destroy && y.destroy };
    if (ACTIONS.some((act) => actions[act])) out[resource] = actions;
  }
  return out;
}

/**
 * Resources whose changes reach every client at once: clients (a new one), regions (one list for
 * all clients) and roles (a role is held in every client it is given).
 */
export const GLOBAL_RESOURCES = ['clients', 'regions', 'roles'] as const satisfies readonly Resource[];

/**
 * A global role: one that may change a global resource (create, update or delete). Only a holder
 * of '*' gives it, takes it away, creates it, edits it or deletes it. Reading them is not global
 * (a client's administrator reads the roles to give them).
 */
export function isGlobalRole(permissions: PermissionSet): boolean {
  return GLOBAL_RESOURCES.some((r) => {
    const a = permissions[r];
    return !!a && (a.create || a.update || a.destroy);
  });
}

/**
 * What a session may do with its slugs: a new client and any change to the one list of regions
 * reach beyond every client the session is given, so they take effect only for a holder of '*'.
 * An Admin granted on acme alone still reads both and edits the clients it reaches (the service
 * scopes that), but neither creates a client nor renames a region; the route guards and the
 * client's menus both see the narrowed set (issue 26). Roles stay: a scoped admin edits the roles
 * held only in its clients (roles-service checks which).
 */
export function permissionsInReach(permissions: PermissionSet, slugs: readonly string[]): PermissionSet {
  if (slugs.includes('*')) return permissions;
  const out: PermissionSet = { ...permissions };
  const narrow = (resource: Resource, keep: Partial<Actions>) => {
    const a = out[resource];
    if (!a) return;
    const next: Actions = { create: false, read: a.read, update: !!keep.update && a.update, destroy: !!keep.destroy && a.destroy };
    if (ACTIONS.some((act) => next[act])) out[resource] = next;
    else delete out[resource];
  };
  narrow('clients', { update: true, destroy: true });
  narrow('regions', {});
  return out;
}

/** The client part of a slug ('*' for everything). */
export const slugClient = (slug: string) => (slug === '*' ? '*' : (slug.split('/')[0] ?? slug));

/** Whether the user is a global administrator: an administrator role and access to everything. */
export function isGlobalAdmin(roles: readonly { is_admin: boolean }[], slugs: readonly string[]): boolean {
  return roles.some((r) => r.is_admin) && slugs.includes('*');
}

export interface UserDraft {
  first_name: string;
  last_name: string;
  email: string;
  role_ids: readonly number[];
  slugs: readonly string[];
}

export type UserField = 'first_name' | 'last_name' | 'email' | 'role_ids' | 'slugs';

/** The fields' own rules (not the caller's rights nor the hierarchy: the server checks those). */
export function validateUser(draft: Partial<UserDraft>): RuleIssue<UserField>[] {
  const issues: RuleIssue<UserField>[] = [];
  for (const field of ['first_name', 'last_name'] as const) {
    const value = draft[field];
    if (value === undefined) continue;
    const required = field === 'first_name' ? USER_MESSAGES.firstNameRequired : USER_MESSAGES.lastNameRequired;
    if (value.trim() === '') issues.push({ field, message: required });
    else if ([...value.trim()].length > USER_NAME_MAX) issues.push({ field, message: USER_MESSAGES.nameTooLong });
  }
  if (draft.email !== undefined && !isEmail(draft.email)) issues.push({ field: 'email', message: USER_MESSAGES.emailInvalid });
  if (draft.role_ids !== undefined && draft.role_ids.length === 0) issues.push({ field: 'role_ids', message: USER_MESSAGES.rolesRequired });
  if (draft.slugs !== undefined) {
    const message = slugsProblem(draft.slugs);
    if (message) issues.push({ field: 'slugs', message });
  }
  return issues;
}

/** What is wrong with a list of hierarchy slugs on its own, or null. */
export function slugsProblem(slugs: readonly string[]): string | null {
  if (slugs.length === 0) return USER_MESSAGES.slugsRequired;
  if (slugs.length > SLUGS_MAX) return USER_MESSAGES.tooManySlugs;
  const bad = slugs.find((s) => !isHierarchySlug(s));
  return bad === undefined ? null : USER_MESSAGES.slugInvalid(bad);
}

/** The invitation's password rule (it is compared as typed: never trimmed). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return USER_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX) return USER_MESSAGES.passwordTooLong;
  return null;
}
