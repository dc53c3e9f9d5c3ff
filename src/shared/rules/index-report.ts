import type { AudienceRules } from '../schemas/audience-rules';
import { twoProportionZ, widgetFlags } from './insights';

/**
 * Index reports (issue 14; spec 3 §2.1 "create index report", §5): when one may be asked for,
 * what its file is called, how its numbers are made and how its cells are written. The drawer
 * shows the same refusals the API gives, in the same words.
 */

export const INDEX_REPORT_REFUSALS = {
  permission: 'You do not have permission to create index reports.',
  lite: 'Index reports are not available for lite clients.',
  marketLevel: 'Index reports are not available at the Market Level tab. Switch to Person Level to create one.',
  invalidIdentifiers: 'Index reports are not available while the audience names invalid or deleted segments. Remove them first.',
} as const;

export interface IndexReportGate {
  tab: 'person_level' | 'market_level';
  /** Segment ids of the audience (or base) that the region does not have or has deleted. */
  invalidIdentifiers: readonly number[];
  lite: boolean;
  canCreate: boolean;
}

/** Why an index report cannot be asked for here (spec 3 §5), or null when it can. The first reason wins. */
export function indexReportBlocker({ tab, invalidIdentifiers, lite, canCreate }: IndexReportGate): string | null {
  if (!canCreate) return INDEX_REPORT_REFUSALS.permission;
  if (lite) return INDEX_REPORT_REFUSALS.lite;
  if (tab === 'market_level') return INDEX_REPORT_REFUSALS.marketLevel;
  if (invalidIdentifiers.length > 0) return INDEX_REPORT_REFUSALS.invalidIdentifiers;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a moment, in UTC (the server's files name days the same wherever they are made). */
export const isoDay = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;

/** Characters no file name on Windows, macOS or Linux may hold, and control characters. */
const UNSAFE_FILE_CHARS = /[\\/:*?"<>|\p{Cc}]/gu;
const MAX_FILE_STEM = 80;

/** The workbook's file name: the report name made safe for any file system, then the day: `Fizz buyers_index_report_2026-11-24.xlsx`. */
export function indexReportFileName(reportName: string, at: Date): string {
  const stem = reportName.replace(UNSAFE_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, MAX_FILE_STEM).trim();
  return `${stem || 'Index report'}_index_report_${isoDay(at)}.xlsx`;
}

/** Report History's file name (spec 1 §2.8, §9): `{yyyy-MM-dd}_{env}_past_downloads_report.xlsx`. */
export function reportHistoryFileName(env: string, at: Date): string {
  const safeEnv = env.replace(/[^A-Za-z0-9_-]/g, '') || 'env';
  return `${isoDay(at)}_${safeEnv}_past_downloads_report.xlsx`;
}

/**
 * Text a spreadsheet program could take for a formula: beginning with =, +, - or @ (and tab or
 * carriage return, which OWASP lists too, since some programs strip them before parsing).
 */
export function isFormulaLike(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/**
 * A text cell that is never a formula (DESIGN "Security model"). The text is kept as it is, with
 * no apostrophe added, and written as a string cell (type 's', a shared string) with no formula
 * part, which Excel, LibreOffice and Numbers show as text and never evaluate. Formula-like text
 * also gets the quotePrefix style (what Excel itself sets when you type a leading apostrophe),
 * so editing the cell and pressing Enter keeps it text too.
 */
export function safeCell(text: string): { t: 's'; v: string; quotePrefix: boolean } {
  return { t: 's', v: text, quotePrefix: isFormulaLike(text) };
}

/** Where an index stands out (the same thresholds as the insights panel's emphasis). */
export const INDEX_BANDS = { high: 120, low: 80 } as const;
export type IndexBand = 'high' | 'low' | null;

/**
 * The band an index cell is coloured by: high (green) at or above 120, low (red) at or below
 * 80, only when the difference is significant; otherwise none.
 */
export function indexBand(index: number | null, significant: boolean): IndexBand {
  if (index === null || !significant) return null;
  if (index >= INDEX_BANDS.high) return 'high';
  if (index <= INDEX_BANDS.low) return 'low';
  return null;
}

/** People with a value among a group of people. */
export interface Part {
  count: number;
  size: number;
}

/**
 * One value of an index report. `base` is the compare base (everyone, or a base audience);
 * `overlap` is the audience's part inside the base. The z-score tests the audience against the
 * base's people outside it: with everyone as base, overlap is the audience itself and this is
 * exactly `widgetMaths` (POST /api/insights/widgets), so the report and the panel agree.
 */
export function indexMaths(audience: Part, base: Part, overlap: Part) {
  const share = audience.size === 0 ? 0 : audience.count / audience.size;
  const baseShare = base.size === 0 ? 0 : base.count / base.size;
  const zScore = twoProportionZ(audience.count, audience.size, base.count - overlap.count, base.size - overlap.size);
  return { share, base_share: baseShare, index: baseShare === 0 ? null : (100 * share) / baseShare, z_score: zScore, ...widgetFlags(audience.count, zScore) };
}

/** People in both audiences: every OR-group of each, minus either's excludes. */
export function intersectRules(a: AudienceRules, b: AudienceRules): AudienceRules {
  return { include: { and: [...a.include.and, ...b.include.and] }, exclude: [...new Set([...a.exclude, ...b.exclude])], values: [...a.values, ...b.values] };
}

/** Every segment id a rule names, each once. */
export function ruleSegmentIds(rules: AudienceRules): number[] {
  return [...new Set([...rules.include.and.flat(), ...rules.exclude])];
}

/**
 * An audience rule in words, with segment names and demographic values as 'Category: Value':
 * `(A or B) and C and (Gender: Female or Gender: Male), excluding D or E`.
 */
export function rulesInWords(rules: AudienceRules, nameOf: (id: number) => string | undefined, valueNameOf: (id: number) => string | undefined = () => undefined): string {
  const name = (id: number) => nameOf(id) ?? `segment ${id}`;
  const valueName = (id: number) => valueNameOf(id) ?? `value ${id}`;
  const all = [...rules.include.and.map((group) => group.map(name)), ...(rules.values ?? []).map((group) => group.map(valueName))];
  const groups = all.map((words) => (words.length > 1 && all.length > 1 ? `(${words.join(' or ')})` : words.join(' or ')));
  const included = groups.join(' and ');
  return rules.exclude.length ? `${included}, excluding ${rules.exclude.map(name).join(' or ')}` : included;
}
