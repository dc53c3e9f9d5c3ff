import { can, type PermissionSet, type Resource } from '../permissions';
import { canOpenBrandAdmin, canOpenUploadPage, checkArea, UPLOAD_PAGES, type FeatureFlags, type UploadPage } from './access';
import { formatContext, slugsOf, type ResolvedContext } from './context';

/** One administration page as the admin index and the Admin menu list it. */
export interface AdminPage {
  title: string;
  to: string;
  about: string;
}

/** The upload admin pages' headings (spec 2 §2), by route segment. */
export const UPLOAD_PAGE_TITLES: Record<UploadPage, string> = {
  mekkos_upload: 'Grow / Widgets Upload',
  surveys_upload: 'Surveys Upload',
  discussions_upload: 'Discussions Upload',
  journeys_upload: 'Journeys / Widgets Upload',
  personas_upload: 'Explore / Widgets Upload',
};

const UPLOAD_ABOUT: Record<UploadPage, string> = {
  mekkos_upload: 'Demographic figures of Grow audiences, from a spreadsheet.',
  surveys_upload: 'A survey for this region, replaced by the upload.',
  discussions_upload: 'Discussion clusters and their word bubbles.',
  journeys_upload: 'Demographic figures, populations and segments of journey stages, from a spreadsheet.',
  personas_upload: 'Explore’s custom Market Level widgets, from a spreadsheet.',
};

/** The global screens, each with the resource whose read permission opens it. */
const GLOBAL: readonly (AdminPage & { resource: Resource })[] = [
  { title: 'Clients', to: '/global/admin/clients', resource: 'clients', about: 'Create and edit clients, their regions, currencies and feature access.' },
  { title: 'Regions', to: '/global/admin/regions', resource: 'regions', about: 'The regions clients can have.' },
  { title: 'Dashboard', to: '/global/admin/dashboard', resource: 'clients', about: 'Users, brands, products and work per client, and each region’s data.' },
  { title: 'Roles', to: '/global/admin/roles', resource: 'roles', about: 'Roles and what each may do.' },
  { title: 'Users', to: '/global/admin/users', resource: 'users', about: 'Users, their roles and what they may see.' },
];

/** The context the scoped admin pages open in (the user's current or last one). */
export interface AdminContext {
  client: string;
  region: string | null;
  /** "client/region/brand/product" when a product is known. */
  productPath: string | null;
  flags: FeatureFlags;
}

/** The admin context of a resolved one (null when there is none). */
export function adminContextOf(ctx: ResolvedContext | null): AdminContext | null {
  if (!ctx) return null;
  return {
    client: ctx.client.slug,
    region: ctx.region?.slug ?? null,
    productPath: ctx.product ? formatContext(slugsOf(ctx)) : null,
    flags: ctx.client.feature_flags,
  };
}

/**
 * Every administration page the user may open (issue 27 item 16): the global screens, then
 * those of the context (Brand Management, the upload pages of spec 2 §2, Scenario Planner
 * Management), each by the same permission rule its route's guard applies.
 */
export function adminPages(permissions: PermissionSet | undefined, at: AdminContext | null): AdminPage[] {
  const pages: AdminPage[] = GLOBAL.filter((s) => can(permissions, s.resource, 'read')).map(({ title, to, about }) => ({ title, to, about }));
  if (!at) return pages;
  const regionPath = at.region ? `/${at.client}/${at.region}` : null;
  if (canOpenBrandAdmin(permissions)) {
    pages.push({ title: 'Brand Management', to: `${regionPath ?? `/${at.client}`}/brands/admin`, about: 'Brands and products of the client, by region.' });
  }
  if (regionPath) {
    for (const page of Object.keys(UPLOAD_PAGES) as UploadPage[]) {
      if (canOpenUploadPage(page, permissions)) pages.push({ title: UPLOAD_PAGE_TITLES[page], to: `${regionPath}/upload/${page}/admin`, about: UPLOAD_ABOUT[page] });
    }
  }
  if (at.productPath && checkArea('plans-admin', at.flags, permissions).ok) {
    pages.push({ title: 'Scenario Planner Management', to: `/${at.productPath}/plans/admin`, about: 'Response curves and scenario plan imports.' });
  }
  return pages;
}
