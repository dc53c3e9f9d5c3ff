import { and, asc, eq, like, ne, not } from 'drizzle-orm';
import { setPrefix } from '@shared/rules/analysis';
import type { Executor } from '../../db/client';
import { brands, clientRegions, segments, vendors } from '../../db/schema';

/** The context brand of the client, with its site-visit mapping, or null. */
export async function brandOf(db: Executor, clientId: number, brandId: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, mapping: brands.siteVisitSegmentMapping })
    .from(brands)
    .where(and(eq(brands.clientId, clientId), eq(brands.id, brandId)));
  return row ?? null;
}
export type AnalysisBrand = NonNullable<Awaited<ReturnType<typeof brandOf>>>;

export async function currencyOf(db: Executor, clientRegion: number): Promise<string> {
  const [row] = await db.select({ currency: clientRegions.currency }).from(clientRegions).where(eq(clientRegions.id, clientRegion));
  return row?.currency ?? 'USD';
}

const startsWith = (prefix: string) => like(segments.identifier, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

/**
 * The region's live catalogue segments a best customer may over-index on: not a brand's buyer or
 * site sets, nor the audiences' own stored sets (vendor Audiences, as audience-repository's
 * segmentsMatching leaves them out).
 */
export function catalogueSegments(db: Executor, clientRegion: number) {
  return db
    .select({ id: segments.shortId, identifier: segments.identifier, name: segments.name, pathParts: segments.pathParts })
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(eq(segments.clientRegionId, clientRegion), eq(segments.deleted, false), ne(vendors.vendorName, 'Audiences'), not(startsWith(setPrefix('buyers'))), not(startsWith(setPrefix('site')))))
    .orderBy(asc(segments.shortId));
}
