import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { brands, clientRegions, dataSets, regions, segments, vendorDataSources, vendors } from '../../db/schema';

export async function clientRegionId(db: Executor, clientId: number, regionId: number): Promise<number | null> {
  const [row] = await db.select({ id: clientRegions.id }).from(clientRegions).where(and(eq(clientRegions.clientId, clientId), eq(clientRegions.regionId, regionId)));
  return row?.id ?? null;
}

/** A region of the client by slug, with its client region id. */
export async function clientRegionBySlug(db: Executor, clientId: number, regionSlug: string) {
  const [row] = await db
    .select({ id: clientRegions.id, regionId: regions.id, slug: regions.slug })
    .from(clientRegions)
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clientRegions.clientId, clientId), eq(regions.slug, regionSlug)));
  return row ?? null;
}

const segmentColumns = {
  id: segments.shortId,
  identifier: segments.identifier,
  name: segments.name,
  pathParts: segments.pathParts,
  vendorName: vendors.vendorName,
  vendorType: vendors.vendorType,
  deleted: segments.deleted,
  allowCreateAudienceSingle: segments.allowCreateAudienceSingle,
};
export type SegmentRow = { id: number; identifier: string; name: string; pathParts: string[]; vendorName: string; vendorType: string; deleted: boolean; allowCreateAudienceSingle: boolean };

export async function searchSegments(db: Executor, clientRegion: number, opts: { q?: string; includeDeleted: boolean; page: number; perPage: number }) {
  const conditions: SQL[] = [eq(segments.clientRegionId, clientRegion)];
  if (!opts.includeDeleted) conditions.push(eq(segments.deleted, false));
  const q = opts.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(segments.name, pattern), ilike(segments.identifier, pattern), ilike(vendors.vendorName, pattern))!);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(segments).innerJoin(vendors, eq(vendors.id, segments.vendorId)).where(where);
  const rows: SegmentRow[] = await db
    .select(segmentColumns)
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(where)
    .orderBy(asc(segments.name), asc(segments.shortId))
    .limit(opts.perPage)
    .offset((opts.page - 1) * opts.perPage);
  return { rows, total: total?.n ?? 0 };
}

export function segmentsByIdentifiers(db: Executor, clientRegion: number, identifiers: string[]): Promise<SegmentRow[]> {
  return db
    .select(segmentColumns)
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(eq(segments.clientRegionId, clientRegion), inArray(segments.identifier, identifiers)))
    .orderBy(asc(segments.name));
}

/** People per region slug for these identifiers, across every region of the client. */
export function peopleByRegion(db: Executor, clientId: number, identifiers: string[]) {
  if (identifiers.length === 0) return Promise.resolve([]);
  return db
    .select({ identifier: segments.identifier, region: regions.slug, people: segments.peopleCount })
    .from(segments)
    .innerJoin(clientRegions, eq(clientRegions.id, segments.clientRegionId))
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .where(and(eq(clientRegions.clientId, clientId), inArray(segments.identifier, identifiers)));
}

export async function brandOfClient(db: Executor, clientId: number, brandId: number) {
  const [row] = await db.select({ id: brands.id }).from(brands).where(and(eq(brands.clientId, clientId), eq(brands.id, brandId)));
  return row ?? null;
}

/**
 * Vendor data sources of a region that serve every asked use case, among the named vendors,
 * with how many usable segments (not deleted, single-segment audiences allowed, someone in
 * them) the client region's ready data set has of each.
 */
export async function availableSources(db: Executor, clientRegion: number, regionId: number, wanted: { vendor_name: string; vendor_type: string }[], useCases: string[]) {
  const pairs = sql.join(wanted.map((v) => sql`(${v.vendor_name}::text, ${v.vendor_type}::text)`), sql`, `);
  const result = (await db.execute(sql`
    select v.vendor_name, v.vendor_type, r.slug as region, ds.use_cases,
      (select count(*)::int from ${segments} s
        join ${dataSets} d on d.client_region_id = s.client_region_id and d.status = 'ready'
        where s.client_region_id = ${clientRegion} and s.vendor_id = v.id and not s.deleted
          and s.allow_create_audience_single and s.people_count > 0) as segments
    from ${vendorDataSources} ds
    join ${vendors} v on v.id = ds.vendor_id
    join ${regions} r on r.id = ds.region_id
    where ds.region_id = ${regionId} and (v.vendor_name, v.vendor_type) in (${pairs})
      and ds.use_cases @> ${JSON.stringify(useCases)}::jsonb
    order by v.vendor_name`)) as unknown as { rows: { vendor_name: string; vendor_type: string; region: string; use_cases: string[]; segments: number }[] };
  return result.rows.filter((r) => r.segments > 0);
}
