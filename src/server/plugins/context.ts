import fp from 'fastify-plugin';
import { HEADERS, TEXT } from '@shared/constants';
import { parseContextHeader } from '@shared/rules/context';
import { ERROR_CODES } from '@shared/schemas/error';
import { badRequest, forbidden } from '../lib/errors';
import { resolveRequestContext } from '../modules/hierarchy/hierarchy-service';

const DEPTH = { optional: 0, client: 1, region: 2, product: 4 } as const;

/**
 * Checks X-Context against the caller's hierarchy on every authenticated request and
 * exposes the resolved ids as request.ctx, which every scoped query filters by.
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
      if (need > 0) throw badRequest('This request needs an X-Context header naming client/region/brand/product.');
      return;
    }
    const slugs = parseContextHeader(header);
    if (!slugs) throw badRequest(`X-Context "${header.slice(0, 200)}" is not a client/region/brand/product slug path.`);
    const depth = [slugs.client, slugs.region, slugs.brand, slugs.product].filter(Boolean).length;
    if (depth < need) throw badRequest(`This request needs an X-Context with ${need} levels; "${header}" has ${depth}.`);
    const ctx = await resolveRequestContext(app.database.db, request.auth, slugs);
    if (!ctx) throw forbidden(TEXT.contextForbidden, ERROR_CODES.contextForbidden);
    request.ctx = ctx;
  });
});
