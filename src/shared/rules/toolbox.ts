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
  field: 'name' | 'url' | 'region_ids';
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
 * @param known the client's region ids (as strings) and the names of its other units
 */
export function validateUnit(
  draft: UnitDraft,
  known: { regionIds: readonly string[]; otherNames: readonly string[] },
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
  return issues;
}
