import { can, type Action, type PermissionSet, type Resource } from '../permissions';

/** Client features that gate an area (spec 1 §2.2, spec 3 §6). */
export const FEATURES = [
  'explore',
  'overlap',
  'grow',
  'journey',
  'customer-value',
  'site-visitation',
  'best-customer',
  'customer-attrition',
  'buyer-retention',
  'measure',
  'scenarios',
  'applications',
  'audiences',
  'ams',
] as const;
export type Feature = (typeof FEATURES)[number];

/** The product-scope areas that are guarded by feature and permission. */
export type Area =
  | 'explore'
  | 'explore-builder'
  | 'explore-builder-edit'
  | 'motivation-builder'
  | 'overlap'
  | 'grow'
  | 'journey'
  | 'journey-builder'
  | 'customer-value'
  | 'site-visitation'
  | 'best-customer'
  | 'customer-attrition'
  | 'buyer-retention'
  | 'measure'
  | 'plans'
  | 'plans-admin'
  | 'audiences'
  | 'ams'
  | 'toolbox';

export interface AreaRule {
  feature?: Feature;
  permissions: readonly (readonly [Resource, Action])[];
}

/** The permission matrix of spec 1 §6 and spec 3 §6, by area. */
export const AREA_RULES: Record<Area, AreaRule> = {
  explore: { feature: 'explore', permissions: [['explore', 'read']] },
  'explore-builder': { feature: 'explore', permissions: [['explore', 'create']] },
  'explore-builder-edit': { feature: 'explore', permissions: [['explore', 'update']] },
  'motivation-builder': { feature: 'explore', permissions: [['request_motivation_audiences', 'create']] },
  overlap: { feature: 'overlap', permissions: [['comparisons', 'read']] },
  grow: { feature: 'grow', permissions: [['mekkos', 'read']] },
  journey: { feature: 'journey', permissions: [['journeys', 'read']] },
  'journey-builder': {
    feature: 'journey',
    permissions: [
      ['journeys', 'create'],
      ['journeys', 'read'],
      ['journeys', 'update'],
    ],
  },
  'customer-value': { feature: 'customer-value', permissions: [['customer_value', 'read']] },
  'site-visitation': { feature: 'site-visitation', permissions: [['site_visitation', 'read']] },
  'best-customer': { feature: 'best-customer', permissions: [['best_customer', 'read']] },
  'customer-attrition': { feature: 'customer-attrition', permissions: [['customer_attrition', 'read']] },
  'buyer-retention': { feature: 'buyer-retention', permissions: [['buyer_retention', 'read']] },
  measure: { feature: 'measure', permissions: [['outcomes', 'read']] },
  plans: { feature: 'scenarios', permissions: [['plans', 'read']] },
  'plans-admin': {
    feature: 'scenarios',
    permissions: [
      ['curves', 'create'],
      ['curves', 'read'],
      ['curves', 'update'],
    ],
  },
  audiences: { feature: 'audiences', permissions: [['audiences', 'read']] },
  // Audiences > Ams (spec 1 §5, §6): the ams feature and ams_activation read.
  ams: { feature: 'ams', permissions: [['ams_activation', 'read']] },
  toolbox: { feature: 'applications', permissions: [['toolbox_client_configuration', 'read']] },
};

export type FeatureFlags = Record<string, boolean | undefined>;

export function hasFeature(flags: FeatureFlags | undefined, feature: Feature): boolean {
  return flags?.[feature] === true;
}

export type AccessDecision = { ok: true } | { ok: false; reason: 'feature' | 'permission' };

/** Feature access guard followed by permission guard for one area. */
export function checkArea(area: Area, flags: FeatureFlags | undefined, permissions: PermissionSet | undefined): AccessDecision {
  const rule = AREA_RULES[area];
  if (rule.feature && !hasFeature(flags, rule.feature)) return { ok: false, reason: 'feature' };
  if (!rule.permissions.every(([r, a]) => can(permissions, r, a))) return { ok: false, reason: 'permission' };
  return { ok: true };
}

/** Upload admin pages and the extra resource each needs with upload CRUD (spec 2 §6). */
export const UPLOAD_PAGES = {
  mekkos_upload: 'upload_mekkos',
  surveys_upload: 'upload_surveys',
  discussions_upload: 'upload_discussions',
  journeys_upload: 'upload_journeys',
  personas_upload: 'upload_personas',
} as const satisfies Record<string, Resource>;
export type UploadPage = keyof typeof UPLOAD_PAGES;

/** The three uploaders that feed the insight screens (issue 29); surveys and discussions come with issue 30. */
export type UploaderKey = 'grow' | 'journeys' | 'explore';

/** Which admin page carries which uploader (spec 1 §2.1, spec 2 §2; decision 020). */
export const UPLOADER_OF_PAGE = {
  mekkos_upload: 'grow',
  journeys_upload: 'journeys',
  personas_upload: 'explore',
} as const satisfies Partial<Record<UploadPage, UploaderKey>>;
export type UploaderPage = keyof typeof UPLOADER_OF_PAGE;

export function canOpenUploadPage(page: UploadPage, permissions: PermissionSet | undefined): boolean {
  const crud = (['create', 'read', 'update', 'destroy'] as const).every((a) => can(permissions, 'upload', a));
  return crud && can(permissions, UPLOAD_PAGES[page], 'read');
}

/** Brand admin needs read on brands; without it the page shows permission denied. */
export function canOpenBrandAdmin(permissions: PermissionSet | undefined): boolean {
  return can(permissions, 'brands', 'read');
}

/** Iframed-unit guard (spec 1 §2.2). */
export function canOpenIframedUnit(
  unit: { iframed: boolean; client_slug: string; region_ids: readonly string[]; status: boolean } | undefined,
  clientSlug: string,
  regionId: number | undefined,
): boolean {
  if (!unit || !unit.iframed || !unit.status) return false;
  if (unit.client_slug !== clientSlug) return false;
  return unit.region_ids.includes('all') || (regionId !== undefined && unit.region_ids.includes(String(regionId)));
}

export type BuildTier = 'standard' | 'tier3';

/** Tier-3 guard: in a tier-3 build the journey entries go to explore when explore is open. */
export function tier3Redirect(tier: BuildTier, area: Area, exploreOpen: boolean): 'explore' | null {
  if (tier !== 'tier3') return null;
  if ((area === 'journey' || area === 'journey-builder') && exploreOpen) return 'explore';
  return null;
}

/** The data-source toggle needs molecula_access read and more than one source. */
export function canToggleDataSource(permissions: PermissionSet | undefined, sourceCount: number): boolean {
  return can(permissions, 'molecula_access', 'read') && sourceCount > 1;
}

/** The customer-segmentation data check runs only for nlrr or nlrr_demo clients. */
export function needsCustomerSegmentationCheck(flags: FeatureFlags | undefined): boolean {
  return flags?.nlrr === true || flags?.nlrr_demo === true;
}
