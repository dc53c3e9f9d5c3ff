import fp from 'fastify-plugin';
import { HEADERS, TEXT } from '@shared/constants';
import { hasFeature, type Feature } from '@shared/rules/access';
import { parseContextHeader } from '@shared/rules/context';
import { ERROR_CODES } from '@shared/schemas/error';
import { badRequest, forbidden } from '../lib/errors';
import { resolveRequestContext } from '../modules/hierarchy/hierarchy-service';

const DEPTH = { optional: 0, client: 1, region: 2, product: 4 } as const;

/** How a 403 for a missing client feature names it. */
const FEATURE_NAMES: Partial<Record<Feature, string>> = {
  grow: 'Grow',
  audiences: 'Audiences',
  explore: 'Explore',
  scenarios: 'Scenario planning',
  'customer-value': 'Customer Value',
  'site-visitation': 'Site Visitation',
  'best-customer': 'Best Customer',
  'customer-attrition': 'Customer Attrition',
  'buyer-retention': 'Buyer Retention',
};
const featureMissing = (feature: Feature, clientSlug: string) => `${FEATURE_NAMES[feature] ?? feature} is not enabled for ${clientSlug}.`;

/**
 * Checks X-Context against the caller's hierarchy on every authenticated request and
 * exposes the resolved ids as request.ctx, which every scoped query filters by. A route that
 * declares a client feature is refused (403) for a client without it, whatever the role.
 */
export default fp(async (app) => {
  app.decorateRequest('ctx', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config?.access || config.access === 'public' || !request.auth) return;
    const need = DEPTH[config.context ?? 'optional'];
    const raw = request.headers[HEADERS.context];
    const header = Array.isArray(raw) ? raw[0] : raw;
    if (!header) {
      // A feature is the client's: a route that declares one cannot be called without a client.
      if (need > 0 || config.feature) throw badRequest('This request needs an X-Context header naming client/region/brand/product.');
      return;
    }
    const slugs = parseContextHeader(header);
    if (!slugs) throw badRequest(`X-Context "${header.slice(0, 200)}" is not a client/region/brand/product slug path.`);
    const depth = [slugs.client, slugs.region, slugs.brand, slugs.product].filter(Boolean).length;
    if (depth < need) throw badRequest(`This request needs an X-Context with ${need} levels; "${header}" has ${depth}.`);
    const ctx = await resolveRequestContext(app.database.db, request.auth, slugs);
    if (!ctx) throw forbidden(TEXT.contextForbidden, ERROR_CODES.contextForbidden);
    if (config.feature && !hasFeature(ctx.featureFlags, config.feature)) throw forbidden(featureMissing(config.feature, ctx.clientSlug));
    request.ctx = ctx;
  });
});
