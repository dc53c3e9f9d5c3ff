/**
 * Toolbox unit rules (spec 1 §2.11, §4, §5): what a valid unit is, with the exact messages,
 * and what creating and hiding do to one. Pure, so the form and the server agree.
 */

export const UNIT_NAME_MAX = 100;
export const UNIT_URL_MAX = 2048;
/** region_ids may hold this instead of (or beside) region ids. */
export const ALL_REGIONS = 'all';

export const TOOLBOX_MESSAGES = {
  nameRequired: 'Enter a name for the unit.',
  nameTooLong: `A unit name can be at most ${UNIT_NAME_MAX} characters.`,
  nameTaken: (name: string) => `A unit named "${name}" already exists.`,
  urlInvalid: 'Enter an absolute URL that starts with https:// or http://.',
  urlTooLong: `A URL can be at most ${UNIT_URL_MAX} characters.`,
  iframedNeedsHttps: 'An iframed unit needs a URL that starts with https://.',
  regionsRequired: 'Choose at least one region, or all regions.',
  regionUnknown: (id: string) => `"${id}" is not a region of this client.`,
  categoryUnknown: (name: string) => `"${name}" is not a toolbox category of this client.`,
} as const;

/** The fields the rules look at. */
export interface UnitDraft {
  name: string;
  url: string;
  iframed: boolean;
  status: boolean;
  region_ids: readonly string[];
  feature_module_category: string | null;
}

export interface FieldIssue {
  field: 'name' | 'url' | 'region_ids' | 'feature_module_category';
  message: string;
}

/**
 * The draft as it is stored: name, url and category trimmed (an empty category is none),
 * region ids without repeats, and a hidden unit without category and not iframed (spec 1 §4).
 */
export function normalizeUnit<T extends UnitDraft>(draft: T): T {
  const category = draft.feature_module_category?.trim() || null;
  const out = { ...draft, name: draft.name.trim(), url: draft.url.trim(), region_ids: [...new Set(draft.region_ids)], feature_module_category: category };
  return draft.status ? out : { ...out, feature_module_category: null, iframed: false };
}

/** Creating clears the id and forces status true (spec 1 §5). */
export function unitForCreate<T extends Omit<UnitDraft, 'status'> & { id?: number | null; status?: boolean }>(
  draft: T,
): Omit<T, 'id' | 'status'> & { status: true } {
  const { id: _id, status: _status, ...rest } = draft;
  return { ...rest, status: true };
}

function urlProtocol(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.hostname ? parsed.protocol : null;
  } catch {
    return null;
  }
}

/**
 * Everything wrong with a normalized draft, in field order; empty when it is valid.
 * @param known the client's region ids (as strings), the names of its other units and of its
 *   toolbox categories (a unit's category must be one of them, or none)
 */
export function validateUnit(
  draft: UnitDraft,
  known: { regionIds: readonly string[]; otherNames: readonly string[]; categories: readonly string[] },
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (draft.name === '') issues.push({ field: 'name', message: TOOLBOX_MESSAGES.nameRequired });
  else if (draft.name.length > UNIT_NAME_MAX) issues.push({ field: 'name', message: TOOLBOX_MESSAGES.nameTooLong });
  else if (known.otherNames.includes(draft.name)) issues.push({ field: 'name', message: TOOLBOX_MESSAGES.nameTaken(draft.name) });

  const protocol = urlProtocol(draft.url);
  if (draft.url.length > UNIT_URL_MAX) issues.push({ field: 'url', message: TOOLBOX_MESSAGES.urlTooLong });
  else if (protocol !== 'https:' && protocol !== 'http:') issues.push({ field: 'url', message: TOOLBOX_MESSAGES.urlInvalid });
  else if (draft.iframed && protocol !== 'https:') issues.push({ field: 'url', message: TOOLBOX_MESSAGES.iframedNeedsHttps });

  if (draft.region_ids.length === 0) issues.push({ field: 'region_ids', message: TOOLBOX_MESSAGES.regionsRequired });
  const unknown = draft.region_ids.find((id) => id !== ALL_REGIONS && !known.regionIds.includes(id));
  if (unknown !== undefined) issues.push({ field: 'region_ids', message: TOOLBOX_MESSAGES.regionUnknown(unknown) });

  const category = draft.feature_module_category;
  if (category !== null && findCategoryName(known.categories, category) === null) {
    issues.push({ field: 'feature_module_category', message: TOOLBOX_MESSAGES.categoryUnknown(category) });
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Categories (spec 1 §2.11, §3, §5): a client's named sections of the toolbox, in priority order.
// A unit names its category in feature_module_category; the names are unique per client whatever
// their case, so a unit's category is found case-insensitively and stored as the category spells it.

export const CATEGORY_NAME_MAX = 50;

export const CATEGORY_MESSAGES = {
  nameRequired: 'Enter a name for the category.',
  nameTooLong: `A category name can be at most ${CATEGORY_NAME_MAX} characters.`,
  nameTaken: (name: string) => `A category named "${name}" already exists.`,
  inUse: (name: string, count: number) =>
    `The category "${name}" still holds ${count === 1 ? '1 unit' : `${count} units`}. Move ${count === 1 ? 'it' : 'them'} to another category or delete ${count === 1 ? 'it' : 'them'} first.`,
  notFound: (id: number) => `There is no toolbox category ${id} in this client: it may have been deleted.`,
  bulkRepeated: (id: number) => `Category ${id} is listed more than once.`,
  bulkMissingMoved: (id: number) => `The list must include category ${id}, the one moved.`,
} as const;

/** What the category rules look at: a category as the API gives it. */
export interface CategoryLike {
  id: number;
  name: string;
  priority: number;
}

const folded = (name: string) => name.trim().toLocaleLowerCase('en-US');

/** A category name as it is stored: trimmed, inner runs of white space made one space. */
export const normalizeCategoryName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** The category of these names that `name` means (case-insensitive), as it is spelled there; null when none. */
export function findCategoryName(categories: readonly string[], name: string): string | null {
  const wanted = folded(name);
  return categories.find((c) => folded(c) === wanted) ?? null;
}

/** What is wrong with a normalized category name, or null. @param otherNames the client's other categories */
export function validateCategoryName(name: string, otherNames: readonly string[]): string | null {
  if (name === '') return CATEGORY_MESSAGES.nameRequired;
  if ([...name].length > CATEGORY_NAME_MAX) return CATEGORY_MESSAGES.nameTooLong;
  const taken = findCategoryName(otherNames, name);
  return taken === null ? null : CATEGORY_MESSAGES.nameTaken(taken);
}

/** How a category name reads as a heading: its first letter upper case ("plans" is "Plans"). */
export const categoryTitle = (name: string) => `${name.charAt(0).toLocaleUpperCase('en-US')}${name.slice(1)}`;

/** Categories in priority order (ties by id: the older first). */
export function sortCategories<T extends CategoryLike>(categories: readonly T[]): T[] {
  return [...categories].sort((a, b) => a.priority - b.priority || a.id - b.id);
}

/**
 * The priorities after moving category `fromId` to position `toIndex` (clamped) of the list in
 * priority order: every category, priority = its new position. Unchanged order for an unknown id.
 */
export function reorder(categories: readonly CategoryLike[], fromId: number, toIndex: number): { id: number; priority: number }[] {
  const order = sortCategories(categories);
  const from = order.findIndex((c) => c.id === fromId);
  if (from >= 0) {
    const [moved] = order.splice(from, 1);
    const to = Math.max(0, Math.min(order.length, Math.trunc(toIndex)));
    if (moved) order.splice(to, 0, moved);
  }
  return order.map((c, priority) => ({ id: c.id, priority }));
}

/** The priority a new category gets: after every other. */
export const nextPriority = (categories: readonly Pick<CategoryLike, 'priority'>[]) =>
  categories.reduce((max, c) => Math.max(max, c.priority + 1), 0);

export type UnitGroup<C, U> =
  | { kind: 'category'; category: C; units: U[] }
  | { kind: 'none'; units: U[] }
  | { kind: 'hidden'; units: U[] };

/**
 * The toolbox's sections: every category in priority order with its shown units (a category
 * may be empty), then the shown units without a (known) category, then the hidden units; those
 * two only when they hold a unit. Units keep the order they are given in.
 */
export function groupUnits<C extends CategoryLike, U extends { status: boolean; feature_module_category: string | null }>(
  categories: readonly C[],
  units: readonly U[],
): UnitGroup<C, U>[] {
  const groups = sortCategories(categories).map((category) => ({ kind: 'category' as const, category, units: [] as U[] }));
  const byName = new Map(groups.map((g) => [folded(g.category.name), g]));
  const none: U[] = [];
  const hidden: U[] = [];
  for (const unit of units) {
    if (!unit.status) hidden.push(unit);
    else {
      const group = unit.feature_module_category === null ? undefined : byName.get(folded(unit.feature_module_category));
      (group ? group.units : none).push(unit);
    }
  }
  return [
    ...groups,
    ...(none.length > 0 ? [{ kind: 'none' as const, units: none }] : []),
    ...(hidden.length > 0 ? [{ kind: 'hidden' as const, units: hidden }] : []),
  ];
}

// ---------------------------------------------------------------------------------------------
// Single sign-on for iframed units (spec 1 §2.11): the messages the product and a unit exchange.

export const SSO_VALIDATE_PATH = '/api/auth/sso-token/validate';

/** Sent to the unit on load and on every context change: the context's slugs. */
export interface ClientContextChangeMessage {
  type: 'clientContextChange';
  client: string;
  region: string | null;
  brand: string | null;
  product: string | null;
}

/**
 * Sent to the unit with a fresh token, and the address its server checks it at: a GET with
 * `Authorization: Bearer <token>`, so the token travels in no URL that a proxy or server logs.
 */
export interface SsoMessage {
  type: 'sso';
  token: string;
  validationUrl: string;
}

/** What a unit sends to ask for a fresh token. */
export const SSO_TOKEN_REQUEST = 'request-sso-token';

export function clientContextChangeMessage(slugs: { client: string; region?: string | null; brand?: string | null; product?: string | null }): ClientContextChangeMessage {
  return { type: 'clientContextChange', client: slugs.client, region: slugs.region ?? null, brand: slugs.brand ?? null, product: slugs.product ?? null };
}

/** The sso message; the validation address is absolute, on the product's own origin. */
export function ssoMessage(token: string, productOrigin: string): SsoMessage {
  return { type: 'sso', token, validationUrl: new URL(SSO_VALIDATE_PATH, productOrigin).href };
}

/** Whether a message's data is a token request (`'request-sso-token'` or `{ type: 'request-sso-token' }`). */
export function isSsoTokenRequest(data: unknown): boolean {
  if (data === SSO_TOKEN_REQUEST) return true;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SSO_TOKEN_REQUEST;
}

/** A unit's origin, the only one its messages go to and come from; null for a URL without one. */
export function unitOrigin(unitUrl: string): string | null {
  try {
    const origin = new URL(unitUrl).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** A token request is answered only when it comes from the unit's own origin (never an opaque 'null' one). */
export function mayAnswerTokenRequest(eventOrigin: string, unitUrl: string): boolean {
  const origin = unitOrigin(unitUrl);
  return origin !== null && eventOrigin === origin;
}
