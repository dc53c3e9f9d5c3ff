import { notFound, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { TEXT, TIMING } from '@shared/constants';
import type { PermissionSet } from '@shared/permissions';
import { checkArea, tier3Redirect, type Area, type BuildTier } from '@shared/rules/access';
import { decideContext, type ContextSlugs, type ResolvedContext } from '@shared/rules/context';
import type { Hierarchy } from '@shared/schemas/hierarchy';
import { isApiError } from './api-error';
import { pingSession } from './session-actions';
import { hierarchyQueryOptions, permissionsQueryOptions, sessionKeys, sessionQueryOptions } from './session-queries';
import { storage } from './storage';
import { errorToast, showWarning } from './ui-store';

export const BUILD_TIER: BuildTier = import.meta.env.VITE_BUILD_TIER === '3' ? 'tier3' : 'standard';

/** Authentication guard: loads the session, permissions and hierarchy for every guarded route. */
export async function requireSession(queryClient: QueryClient, href: string) {
  try {
    // Each navigation pings in the background (never blocking an offline visit).
    const updated = queryClient.getQueryState(sessionKeys.self)?.dataUpdatedAt ?? 0;
    if (updated > 0 && Date.now() - updated > 1_000) void pingSession();
    const session = await queryClient.ensureQueryData(sessionQueryOptions());
    const [permissions, hierarchy] = await Promise.all([
      queryClient.ensureQueryData(permissionsQueryOptions()),
      queryClient.ensureQueryData(hierarchyQueryOptions()),
    ]);
    return { session, permissions, hierarchy };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      storage.clearSession();
      // The root is not worth returning to (spec 1 §2.2).
      throw redirect({ to: '/login', search: href === '/' ? {} : { returnUrl: href } });
    }
    throw error;
  }
}

/** Context guard (spec 1 §2.2): allows, redirects to a default route, or warns and goes home. */
export function requireContext(hierarchy: Hierarchy, slugs: ContextSlugs, depth: 1 | 2 | 3 | 4): ResolvedContext {
  const decision = decideContext(hierarchy, slugs, depth);
  if (decision.kind === 'allow') return decision.context;
  if (decision.kind === 'invalid-client') {
    showWarning([TEXT.invalidClient(decision.slug), TEXT.routingError], TIMING.contextWarningMs);
  }
  throw redirect({ href: decision.to, replace: true });
}

export interface ProductScope {
  context: ResolvedContext;
  productPath: string;
  permissions: PermissionSet;
}

/** A guard's refusal before its redirect: an error (issue 27 item 7), for the shell's toast time (spec 1 §9: 4000 ms). */
export function sayRefusal(message: string): void {
  errorToast(message, undefined, TIMING.toastMs);
}

const REFUSAL = {
  feature: 'This feature is not enabled for this client.',
  permission: TEXT.permissionDenied,
} as const;

/** Feature access, permission and tier-3 guards of one product-scope area. */
export function requireArea(area: Area, scope: ProductScope): void {
  const flags = scope.context.client.feature_flags;
  const home = `/${scope.productPath}/home`;
  const exploreOpen = checkArea('explore', flags, scope.permissions).ok;
  if (tier3Redirect(BUILD_TIER, area, exploreOpen) === 'explore') {
    throw redirect({ href: `/${scope.productPath}/insights/explore`, replace: true });
  }
  const decision = checkArea(area, flags, scope.permissions);
  if (!decision.ok) {
    sayRefusal(REFUSAL[decision.reason]);
    throw redirect({ href: home, replace: true });
  }
}

/** Optional numeric id path parameter ({-$id}); anything else is not a page. */
export function parseOptionalId(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^\d{1,12}$/.test(value)) throw notFound();
  return Number(value);
}

export function stringifyOptionalId(value: number | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}
