import { INDEX_REPORT_LIMITS } from '../schemas/index-reports';

/**
 * The index report form's wording and defaults (issue 14; spec 3 §5: "Index reports are
 * unavailable at the Market Level tab and for invalid identifiers, and a lite-client flag
 * disables them"). Written on the client branch before the server's refusal rules existed;
 * the server refuses the same cases with its own messages, which the form shows as they come.
 */
export const INDEX_REPORT_TEXT = {
  create: 'Create Index Report',
  submit: 'Create Report',
  noPermission: 'You do not have permission to create index reports.',
  lite: 'Index reports are not available for this client.',
  marketLevel: 'Index reports are not available at the Market Level tab.',
  noAudience: 'Select audiences in the chart to create an index report.',
  invalid: 'The selection includes deleted segments. Remove them to create an index report.',
  preparing: 'Your index report is being prepared',
  preparingBody: 'It appears in notifications when it is ready to download.',
  populationBase: 'Everyone in the region',
} as const;

export interface IndexReportAvailability {
  /** index_report create. */
  canCreate: boolean;
  /** The client's lite flag. */
  lite: boolean;
  level: 'person' | 'market';
  /** Whether there is an audience to describe (a selection with segments, a persona). */
  hasAudience: boolean;
  /** Whether the audience names a deleted or missing segment. */
  invalidIdentifiers: boolean;
}

/** Why "Create Index Report" is disabled, or null when it may be used. */
export function indexReportBlock(a: IndexReportAvailability): string | null {
  if (!a.canCreate) return INDEX_REPORT_TEXT.noPermission;
  if (a.lite) return INDEX_REPORT_TEXT.lite;
  if (a.level === 'market') return INDEX_REPORT_TEXT.marketLevel;
  if (!a.hasAudience) return INDEX_REPORT_TEXT.noAudience;
  if (a.invalidIdentifiers) return INDEX_REPORT_TEXT.invalid;
  return null;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** Audience names limit of the request (`indexReportBodySchema`'s audience.name). */
export const AUDIENCE_NAME_MAX = 200;

/**
 * A Grow selection's name, as its rule reads: the audiences of one market are alternatives
 * ("or"), each market narrows the others ("and"). Market order is kept.
 */
export function selectionName(selected: readonly { market: string; audience: string }[]): string {
  const byMarket = new Map<string, string[]>();
  for (const { market, audience } of selected) {
    const names = byMarket.get(market) ?? [];
    if (!names.includes(audience)) names.push(audience);
    byMarket.set(market, names);
  }
  const groups = [...byMarket.values()].map((names) => names.join(' or '));
  return clip(groups.map((g) => (groups.length > 1 && g.includes(' or ') ? `(${g})` : g)).join(' and '), AUDIENCE_NAME_MAX);
}

/** The report name the form starts with: the audience's, within the request's limit. */
export function defaultReportName(audienceName: string): string {
  return clip(`${audienceName.trim()} index report`, INDEX_REPORT_LIMITS.name);
}

/** The categories chosen at first: all of the region's, as many as a report may have. */
export function defaultCategories(ids: readonly number[]): number[] {
  return ids.slice(0, INDEX_REPORT_LIMITS.categories);
}
