import * as z from 'zod/mini';

/** The eight health endpoints of spec 1 §2.10 and §7, in display order. */
export const HEALTH_SERVICES = [
  { key: 'gateway', label: 'Gateway', path: '/api/api-gateway-health-check' },
  { key: 'auth', label: 'Auth', path: '/api/auth/health' },
  { key: 'clients', label: 'Clients', path: '/api/clients/health' },
  { key: 'insights', label: 'Insights', path: '/api/insights/health' },
  { key: 'id', label: 'ID Analytics', path: '/api/id/health' },
  { key: 'toolbox', label: 'Toolbox', path: '/api/toolbox/health' },
  { key: 'plans', label: 'Plans', path: '/api/plans/health' },
  { key: 'segments', label: 'Segments', path: '/api/segments/health' },
] as const;
export type HealthService = (typeof HEALTH_SERVICES)[number]['key'];

export const healthOkSchema = z.object({ data: z.literal('OK') });
