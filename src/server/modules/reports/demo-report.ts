import type { FastifyInstance } from 'fastify';
import { DEMO_CLIENTS, DEMO_REGIONS, DEMO_USERS } from '../../db/demo-tenant';
import { findProductScope } from '../hierarchy/hierarchy-repository';
import { findUserByEmail } from '../auth/auth-repository';
import type { IndexReportRequest } from './index-report-request';
import { queueIndexReport } from './index-report-service';
import { largestSegments } from './reports-repository';

const WHERE = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' } as const;
const ANALYST = DEMO_USERS.find((u) => u.role === 'Analyst')!.email;

/**
 * On a freshly seeded demo, the analyst's bell has a finished index report to open: once acme/us
 * has its audience data, a report of its two largest segments is asked for like any other and
 * made by the job, so the workbook holds real numbers. Answers why nothing was asked, or null.
 */
export async function requestDemoReport(app: FastifyInstance): Promise<string | null> {
  await app.data.whenIdle();
  const db = app.database.db;
  const scope = await findProductScope(db, WHERE);
  const userId = (await findUserByEmail(db, ANALYST))?.id ?? null;
  const clientRegion = scope ? app.data.clientRegionOf(scope.clientId, scope.regionId) : null;
  if (!scope || userId === null || clientRegion === null) return 'the demo analyst or acme/us is missing';
  const engine = app.data.engineFor(clientRegion, 'molecula');
  if (typeof engine === 'string') return engine;
  const [catalog, top] = await Promise.all([app.data.catalog(clientRegion), largestSegments(db, clientRegion, 2)]);
  if (top.length < 2 || catalog.categories.length === 0) return 'acme/us has too few segments or categories';

  const client = DEMO_CLIENTS.find((c) => c.slug === WHERE.client)!;
  const brand = client.brands.find((b) => b.slug === WHERE.brand)!;
  const region = DEMO_REGIONS.find((r) => r.slug === WHERE.region)!;
  const request: IndexReportRequest = {
    name: `${top[0]!.name} or ${top[1]!.name}`.slice(0, 100),
    audience: { name: `${top[0]!.name} or ${top[1]!.name}`.slice(0, 200), rules: { include: { and: [[top[0]!.id, top[1]!.id]] }, exclude: [] } },
    categories: catalog.categories.slice(0, 4).map((c) => c.id),
    compare_base: { type: 'population' },
    tab: 'person_level',
    origin: 'Demo data',
    data_source: 'molecula',
    client_region_id: clientRegion,
    context: {
      slug: Object.values(WHERE).join('/'),
      name: [client.name, region.name, brand.name, brand.products.find((p) => p.slug === WHERE.product)!.name].join(' / '),
      region: region.name,
    },
  };
  await db.transaction((tx) => queueIndexReport(tx, app.jobs, { userId, clientId: scope.clientId }, request, null));
  return null;
}
