import type { DataAvailabilityBody, DataStatus } from '../schemas/data-status';
import type { FeatureFlags } from './access';
import type { DataAvailability } from './navigation';

/**
 * The data-availability checks of spec 1 §5 / §7: which vendor data each check asks the
 * brand's client region for, and how the answers become a DataAvailability. Also when the
 * demo audience data is still being prepared (issue 3), since every check waits on it.
 */

export type DataCheck = keyof DataAvailability;

export interface VendorRef {
  vendor_name: string;
  vendor_type: string;
}

/** The one use case every check asks about (spec 1 §5). */
export const DATA_USE_CASE = 'create_audience_single';

/** The vendors whose data the analyses need; the synthetic data generator supplies these. */
export const ANALYSIS_VENDORS = {
  firstParty: { vendor_name: 'Adventure Works First Party', vendor_type: 'first_party' },
  panel: { vendor_name: 'Fabrikam Panels', vendor_type: 'panel' },
  modeled: { vendor_name: 'Tailspin Modeled', vendor_type: 'modeled' },
} as const satisfies Record<string, VendorRef>;
const { firstParty: FIRST_PARTY, panel: PANEL, modeled: MODELED } = ANALYSIS_VENDORS;

/** Transactions for the buyer analyses, panels for site visitation, modeled data for segmentation. */
export const DATA_CHECK_VENDORS: Readonly<Record<DataCheck, readonly VendorRef[]>> = {
  bestCustomer: [FIRST_PARTY],
  customerAttrition: [FIRST_PARTY],
  siteVisitation: [PANEL],
  customerSegmentation: [MODELED],
};

/** The checks a client runs: customer segmentation only with nlrr or nlrr_demo (spec 1 §2.2). */
export function dataChecksFor(flags: FeatureFlags): DataCheck[] {
  const segmentation = flags.nlrr === true || flags.nlrr_demo === true;
  const checks: DataCheck[] = ['bestCustomer', 'customerAttrition', 'siteVisitation'];
  return segmentation ? [...checks, 'customerSegmentation'] : checks;
}

/** The body of one check for a brand of the context client (parent_id names the brand). */
export function dataCheckBody(check: DataCheck, brandId: number): DataAvailabilityBody {
  return { parent_id: brandId, vendors: DATA_CHECK_VENDORS[check].map((v) => ({ ...v })), use_cases: [DATA_USE_CASE] };
}

export interface DataCheckRequest {
  /** The checks this one call answers (checks asking the same question share a call). */
  checks: DataCheck[];
  body: DataAvailabilityBody;
}

/** The calls to make for a client's checks on a brand, one per distinct question. */
export function dataCheckRequests(flags: FeatureFlags, brandId: number): DataCheckRequest[] {
  const byBody = new Map<string, DataCheckRequest>();
  for (const check of dataChecksFor(flags)) {
    const body = dataCheckBody(check, brandId);
    const key = JSON.stringify(body);
    const known = byBody.get(key);
    if (known) known.checks.push(check);
    else byBody.set(key, { checks: [check], body });
  }
  return [...byBody.values()];
}

/** Each check's answer: the returned data list, or null when the call failed. */
export type DataCheckAnswers = Partial<Record<DataCheck, readonly unknown[] | null>>;

/** Available when the check returned a non-empty list; failed or not run counts as unavailable. */
export function availabilityFrom(answers: DataCheckAnswers): DataAvailability {
  const ok = (check: DataCheck) => (answers[check]?.length ?? 0) > 0;
  return {
    bestCustomer: ok('bestCustomer'),
    customerAttrition: ok('customerAttrition'),
    siteVisitation: ok('siteVisitation'),
    customerSegmentation: ok('customerSegmentation'),
  };
}

// ---- the demo data being prepared --------------------------------------------------------

type DataState = DataStatus['state'];

export function isPreparing(state: DataState | undefined): boolean {
  return state === 'queued' || state === 'generating' || state === 'loading';
}

/** Keep asking for the status while any region of the client is queued, generating or loading. */
export function keepPollingStatus(statuses: readonly DataStatus[], client: string): boolean {
  return statuses.some((s) => s.client === client && isPreparing(s.state));
}

export type DataNotice =
  | { kind: 'generating' | 'loading'; where: string; percent: number }
  | { kind: 'failed'; where: string };

/** What to say about the current client region's data, if anything. */
export function dataNotice(statuses: readonly DataStatus[], client: string, region: string | undefined): DataNotice | null {
  const status = region ? statuses.find((s) => s.client === client && s.region === region) : undefined;
  if (!status) return null;
  const where = `${status.client}/${status.region}`;
  if (status.state === 'failed') return { kind: 'failed', where };
  if (isPreparing(status.state)) {
    const percent = Math.min(100, Math.max(0, Math.floor(status.progress * 100)));
    // A region waiting its turn is being prepared too, at 0 %.
    return { kind: status.state === 'loading' ? 'loading' : 'generating', where, percent };
  }
  return null;
}
