import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@shared/schemas/error';
import { healthOkSchema } from '@shared/schemas/health';
import { unavailable } from '../../lib/errors';
import { checkTables } from './health-service';

/** What each part of the API depends on (tables later issues add join these lists). */
const PARTS: Record<string, { path: string; tables: string[] }> = {
  gateway: { path: '/api/api-gateway-health-check', tables: [] },
  auth: { path: '/api/auth/health', tables: ['users', 'sessions', 'roles', 'role_permissions'] },
  clients: { path: '/api/clients/health', tables: ['clients', 'client_regions', 'brands', 'products'] },
  insights: { path: '/api/insights/health', tables: ['audiences', 'tasks'] },
  id: { path: '/api/id/health', tables: ['users', 'user_hierarchy_permissions'] },
  plans: { path: '/api/plans/health', tables: ['clients'] },
  segments: { path: '/api/segments/health', tables: ['audiences'] },
  toolbox: { path: '/api/toolbox/health', tables: ['toolbox_units'] },
};

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const [name, part] of Object.entries(PARTS)) {
    app.get(part.path, {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: `Health of the ${name} part`, response: { 200: healthOkSchema, 503: apiErrorSchema } },
    }, async () => {
      const result = await checkTables(app.database.db, part.tables);
      if (!result.ok) throw unavailable(result.reason);
      return { data: 'OK' as const };
    });
  }
};

export default healthRoutes;
