import { and, eq, like, not } from 'drizzle-orm';
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

export async function currencyOf(db: Executor, clientRegion: number): Promise<string> {
  const [row] = await db.select({ currency: clientRegions.currency }).from(clientRegions).where(eq(clientRegions.id, clientRegion));
  return row?.currency ?? 'USD';
}

export interface RegionSegment {
  id: number;
  identifier: string;
  name: string;
  pathParts: string[];
  deleted: boolean;
}

/** The region's live segments whose identifier starts with `prefix` (a brand's buyer or site sets). */
export function segmentsWithPrefix(db: Executor, clientRegion: number, prefix: string): Promise<RegionSegment[]> {
  return db
    .select({ id: segments.shortId, identifier: segments.identifier, name: segments.name, pathParts: segments.pathParts, deleted: segments.deleted })
    .from(segments)
    .where(and(eq(segments.clientRegionId, clientRegion), like(segments.identifier, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)));
}

/**
 * The region's live catalogue segments that are not buyer or site sets (the candidates a best
 * customer may over-index on), with short ids below `below` (stored audiences' sets are above).
 */
export async function catalogueSegments(db: Executor, clientRegion: number, below: number): Promise<RegionSegment[]> {
  const rows = await db
    .select({ id: segments.shortId, identifier: segments.identifier, name: segments.name, pathParts: segments.pathParts, deleted: segments.deleted })
    .from(segments)
    .innerJoin(vendors, eq(vendors.id, segments.vendorId))
    .where(and(eq(segments.clientRegionId, clientRegion), eq(segments.deleted, false), not(like(segments.identifier, 'adventure-buyers-%')), not(like(segments.identifier, 'fabrikam-site-%'))));
  return rows.filter((r) => r.id < below);
}

/** Segments of the region by identifier (a mapping's), live or not. */
export async function segmentsByIdentifier(db: Executor, clientRegion: number, identifiers: string[]): Promise<RegionSegment[]> {
  if (identifiers.length === 0) return [];
  const rows = await Promise.all(
    identifiers.map((identifier) =>
      db
        .select({ id: segments.shortId, identifier: segments.identifier, name: segments.name, pathParts: segments.pathParts, deleted: segments.deleted })
        .from(segments)
        .where(and(eq(segments.clientRegionId, clientRegion), eq(segments.identifier, identifier))),
    ),
  );
  return rows.flat();
}
