import { CATEGORY_ORDER, DEMO_COMPANY_ID, type Category } from '../constants';
import type { PermissionSet } from '../permissions';
import type { ToolboxUnit } from '../schemas/toolbox';
import { checkArea, type Area, type FeatureFlags } from './access';
import { featureDisplayName, highlightedFeature } from './format';
import { contextFromPath, isAdminPath } from './url-context';

/** External pages the navigation and cards link to (their real addresses are not in the spec). */
export const EXTERNAL_PAGES = {
  pathToPurchase: 'https://insights.example.com/path-to-purchase',
  nlrr: 'https://insights.example.com/new-lapsing-retained-reactivated',
  siteVisitation: 'https://insights.example.com/site-visitation',
  learnMore: 'https://insights.example.com/learn-more',
  helpCenter: 'https://help.example.com/',
  requestSupport: 'https://support.example.com/request',
  requestAccess: 'https://support.example.com/request-access',
} as const;

export type NavTarget =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; url: string };

/** The navigation's groups: the spec's categories, and the way back to the admin index on admin pages. */
export type NavCategory = Category | 'admin';

export interface NavEntry {
  id: string;
  category: NavCategory;
  feature: string;
  label: string;
  target: NavTarget;
}

export interface NavGroup {
  category: NavCategory;
  /** The category as the user reads it ("Insights"). */
  label: string;
  entries: NavEntry[];
}

/** Data checks the navigation depends on; a failed check counts as unavailable. */
export interface DataAvailability {
  bestCustomer: boolean;
  customerAttrition: boolean;
  siteVisitation: boolean;
  customerSegmentation: boolean;
}

export const NO_DATA: DataAvailability = {
  bestCustomer: false,
  customerAttrition: false,
  siteVisitation: false,
  customerSegmentation: false,
};

export interface NavInput {
  client: { slug: string; feature_flags: FeatureFlags; conversant_company_id: number | null };
  region?: { id: number; slug: string };
  /** "client/region/brand/product" when a product is in context, else null. */
  productPath: string | null;
  /** Home of the current context level. */
  homePath: string;
  permissions: PermissionSet | undefined;
  units: readonly ToolboxUnit[];
  availability: DataAvailability;
}

interface FeatureDef {
  category: Category;
  feature: string;
  /** Path under the product context. */
  path: string;
  area?: Area;
  visible?: (input: NavInput) => boolean;
  external?: (input: NavInput) => string | null;
}

function companyId(input: NavInput, demo = false): number {
  return demo ? DEMO_COMPANY_ID : (input.client.conversant_company_id ?? DEMO_COMPANY_ID);
}

const FEATURES: readonly FeatureDef[] = [
  { category: 'insights', feature: 'explore', path: 'insights/explore', area: 'explore' },
  { category: 'insights', feature: 'overlap', path: 'insights/overlap', area: 'overlap' },
  { category: 'insights', feature: 'grow', path: 'insights/grow', area: 'grow' },
  { category: 'insights', feature: 'journey', path: 'insights/journey', area: 'journey' },
  { category: 'insights', feature: 'customer-value', path: 'insights/customer-value', area: 'customer-value' },
  {
    category: 'insights', feature: 'site-visitation', path: 'insights/site-visitation', area: 'site-visitation',
    external: (i) => (i.availability.siteVisitation ? null : EXTERNAL_PAGES.siteVisitation),
  },
  {
    category: 'insights', feature: 'best-customer', path: 'insights/best-customer', area: 'best-customer',
    visible: (i) => i.availability.bestCustomer,
  },
  {
    category: 'insights', feature: 'customer-attrition', path: 'insights/customer-attrition', area: 'customer-attrition',
    visible: (i) => i.availability.customerAttrition,
  },
  { category: 'insights', feature: 'buyer-retention', path: 'insights/buyer-retention', area: 'buyer-retention' },
  {
    category: 'insights', feature: 'path-to-purchase', path: '',
    visible: (i) => i.client.feature_flags.path_to_purchase === true,
    external: (i) => `${EXTERNAL_PAGES.pathToPurchase}?company_id=${companyId(i)}`,
  },
  { category: 'audiences', feature: 'overview', path: 'audiences/overview', area: 'audiences' },
  {
    category: 'audiences', feature: 'nlrr', path: 'audiences/builder?set_hierarchy=nlrr',
    visible: (i) => i.client.feature_flags.nlrr === true && i.availability.customerSegmentation,
  },
  { category: 'audiences', feature: 'ams', path: 'audiences/activations', area: 'ams' },
  { category: 'plans', feature: 'scenario-planner', path: 'plans', area: 'plans' },
  { category: 'plans', feature: 'scenario-planner-management', path: 'plans/admin', area: 'plans-admin' },
  { category: 'outcomes', feature: 'measure', path: 'outcomes/measure', area: 'measure' },
  { category: 'toolbox', feature: 'toolbox', path: 'toolbox', area: 'toolbox' },
];

function featureEntries(input: NavInput): NavEntry[] {
  const base = input.productPath;
  // Navigation features need a product in context (spec 1 §5).
  if (!base) return [];
  return FEATURES.filter((def) => {
    if (def.area && !checkArea(def.area, input.client.feature_flags, input.permissions).ok) return false;
    return def.visible ? def.visible(input) : true;
  }).map((def) => {
    const url = def.external?.(input);
    return {
      id: `${def.category}/${def.feature}`,
      category: def.category,
      feature: def.feature,
      label: featureDisplayName(def.feature),
      target: url ? { kind: 'external', url } : { kind: 'internal', path: `/${base}/${def.path}` },
    };
  });
}

/** Toolbox units shown in the navigation (spec 1 §5). */
export function visibleUnits(
  units: readonly ToolboxUnit[],
  regionId: number | undefined,
  productSelected: boolean,
): ToolboxUnit[] {
  return units.filter(
    (u) =>
      u.status &&
      (u.region_ids.includes('all') || (regionId !== undefined && u.region_ids.includes(String(regionId)))) &&
      (!u.use_client_hierarchy || productSelected),
  );
}

function unitEntries(input: NavInput): NavEntry[] {
  if (!input.region) return [];
  const base = input.productPath ?? `${input.client.slug}/${input.region.slug}`;
  return visibleUnits(input.units, input.region.id, input.productPath !== null).map((u) => ({
    id: `toolbox/unit:${u.name}`,
    category: 'toolbox' as const,
    feature: u.name,
    label: u.name,
    target: u.iframed
      ? { kind: 'internal' as const, path: `/${base}/toolbox-app/${encodeURIComponent(u.name)}` }
      : { kind: 'external' as const, url: u.url },
  }));
}

/** Home's one entry, linking to `path`. */
const homeEntry = (path: string): NavEntry => ({ id: 'home/home', category: 'home', feature: 'home', label: 'Home', target: { kind: 'internal', path } });

/** The navigation's home group alone: what the shell shows outside a context. */
export const homeGroup = (path: string): NavGroup => ({ category: 'home', label: featureDisplayName('home'), entries: [homeEntry(path)] });

/** The left navigation: categories in CATEGORY_ORDER, empty ones left out, home always last. */
export function buildNavigation(input: NavInput): NavGroup[] {
  const entries = [...featureEntries(input), ...unitEntries(input), homeEntry(input.homePath)];
  return CATEGORY_ORDER.map((category) => ({
    category,
    label: featureDisplayName(category),
    entries: entries.filter((e) => e.category === category),
  })).filter((g) => g.entries.length > 0);
}

/**
 * `{hierarchy}/insights` (spec 1 §2.1): the path, under the product, of the first insights feature
 * in navigation order that the client has and the user may read; null when there is none.
 */
export function firstInsightsPath(flags: FeatureFlags, permissions: PermissionSet | undefined): string | null {
  const first = FEATURES.find((def) => def.category === 'insights' && def.area && checkArea(def.area, flags, permissions).ok);
  return first ? first.path : null;
}

export const ADMIN_INDEX_PATH = '/global/admin';

/** On an admin page, the navigation leads back to the admin index (issue 27 item 16), before home. */
export function withAdminIndex(groups: NavGroup[], pathname: string): NavGroup[] {
  if (!isAdminPath(pathname)) return groups;
  const admin: NavGroup = {
    category: 'admin',
    label: 'Admin',
    entries: [{ id: 'admin/index', category: 'admin', feature: 'admin', label: 'Admin', target: { kind: 'internal', path: ADMIN_INDEX_PATH } }],
  };
  const home = groups.findIndex((g) => g.category === 'home');
  return home < 0 ? [...groups, admin] : [...groups.slice(0, home), admin, ...groups.slice(home)];
}

/** The id of the entry to highlight for a path (spec 1 §2.5 highlight rule), if any. */
export function activeEntryId(pathname: string): string | null {
  const segments = pathname.split('?')[0]!.split('/').filter(Boolean);
  if (segments[0] === 'global') return segments.length === 2 && segments[1] === 'admin' ? 'admin/index' : null;
  const ctx = contextFromPath(pathname);
  const depth = ctx ? [ctx.client, ctx.region, ctx.brand, ctx.product].filter(Boolean).length : 0;
  const [category, feature] = segments.slice(depth);
  if (!category) return null;
  if (category === 'home') return 'home/home';
  if (category === 'plans') return feature === 'admin' ? 'plans/scenario-planner-management' : 'plans/scenario-planner';
  if (category === 'toolbox') return 'toolbox/toolbox';
  if (category === 'toolbox-app') return feature ? `toolbox/unit:${decodeURIComponent(feature)}` : null;
  if (!feature) return null;
  return `${category}/${highlightedFeature(category, feature)}`;
}
