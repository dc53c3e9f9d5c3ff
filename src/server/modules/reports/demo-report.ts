import type { FastifyInstance } from 'fastify';
import { DEMO_CLIENTS, DEMO_REGIONS, DEMO_USERS } from '../../db/demo-tenant';
import { findProductScope } from '../hierarchy/hierarchy-repository';
import { findUserByEmail } from '../auth/auth-repository';
import type { IndexReportRequest } from './index-report-request';
import { queueIndexReport } from './index-report-service';
import { segmentsNearShare } from './reports-repository';

const WHERE = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' } as const;
const ANALYST = DEMO_USERS.find((u) => u.role === 'Analyst')!.email;
const DEMO_SHARE = 0.05;

/**
 * On a freshly seeded demo, the analyst's bell has a finished index report to open: once acme/us
 * has its audience data, a report of a segment of about 5 % of its people (generated segments
 * lean on a category, so its indexes stand out) is asked for like any other and made by the job,
 * so the workbook holds real numbers. Answers why nothing was asked, or null.
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
  const [catalog, [segment]] = await Promise.all([app.data.catalog(clientRegion), segmentsNearShare(db, clientRegion, DEMO_SHARE, 1)]);
  if (!segment || catalog.categories.length === 0) return 'acme/us has no segments or categories';
  const label = (segment.pathParts.at(-1) ?? segment.name).slice(0, 80);

  const client = DEMO_CLIENTS.find((c) => c.slug === WHERE.client)!;
  const brand = client.brands.find((b) => b.slug === WHERE.brand)!;
  const region = DEMO_REGIONS.find((r) => r.slug === WHERE.region)!;
  const request: IndexReportRequest = {
    name: `${label} profile`,
    audience: { name: label, rules: { include: { and: [[segment.id]] }, exclude: [], values: [] } },
    categories: catalog.categories.map((c) => c.id),
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
