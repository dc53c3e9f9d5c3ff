import { INDEX_REPORT_LIMITS } from '../schemas/index-reports';
import { indexReportBlocker, type IndexReportGate } from './index-report';

/**
 * The index report form's wording and defaults (issue 14). The refusals are the API's own
 * (`indexReportBlocker`, spec 3 §5), in the same words; the form adds only what the API cannot
 * see: that nothing is selected yet.
 */
export const INDEX_REPORT_TEXT = {
  create: 'Create Index Report',
  submit: 'Create Report',
  noAudience: 'Select audiences in the chart to create an index report.',
  preparing: 'Your index report is being prepared',
  preparingBody: 'It appears in notifications when it is ready to download.',
  populationBase: 'Everyone in the region',
} as const;

/** Why "Create Index Report" is disabled, or null when it may be used: the API's refusals, then no audience. */
export function indexReportBlock(gate: IndexReportGate & { hasAudience: boolean }): string | null {
  return indexReportBlocker(gate) ?? (gate.hasAudience ? null : INDEX_REPORT_TEXT.noAudience);
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
