import { proxy, ref } from 'valtio';
import type { AudienceRules } from '@shared/schemas/audience-rules';

/** An audience a report describes or compares with: its name, its rule and its segments' names. */
export interface ReportAudience {
  name: string;
  rules: AudienceRules;
  /** Segment names by id, for the rule in words. */
  labels: Readonly<Record<string, string>>;
}

/** What the index report drawer is opened with: Grow's selection now, Explore's persona later. */
export interface IndexReportRequest {
  /** X-Context (client/region/brand/product) the report is asked in. */
  context: string;
  audience: ReportAudience;
  /** Audiences it may be compared with, besides everyone in the region. */
  bases: ReportAudience[];
  tab: 'person_level' | 'market_level';
  /** Where it was asked from, for the cover sheet ("Grow: Fizz Original Market Map"). */
  origin: string;
}

/**
 * The index report drawer's state (UI state: valtio). Grow and Explore open it through here and
 * the route mounts the drawer (features/reports), so no feature imports another.
 */
export const indexReportForm = proxy({ request: null as IndexReportRequest | null });

export function openIndexReportForm(request: IndexReportRequest): void {
  // Kept as given: the drawer reads it, nothing writes into it.
  indexReportForm.request = ref(request);
}

export function closeIndexReportForm(): void {
  indexReportForm.request = null;
}
