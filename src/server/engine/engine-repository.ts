import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { clientRegions, clients, dataSets, demographicCategories, demographicValues, regions, segments } from '../db/schema';
import { CHUNK_BYTES } from './bitmap/portable';
import { SET_KIND, type SetKind } from './sql/member-chunks-repository';

export interface RegionData {
  clientRegionId: number;
  client: string;
  region: string;
  /** Null when the region has no data set yet. */
  people: number | null;
  status: string | null;
}

/** Every client region, with its data set if it has one. */
export function regionsWithData(db: Executor): Promise<RegionData[]> {
  return db
    .select({ clientRegionId: clientRegions.id, client: clients.slug, region: regions.slug, people: dataSets.people, status: dataSets.status })
    .from(clientRegions)
    .innerJoin(clients, eq(clients.id, clientRegions.clientId))
    .innerJoin(regions, eq(regions.id, clientRegions.regionId))
    .leftJoin(dataSets, eq(dataSets.clientRegionId, clientRegions.id))
    .orderBy(asc(clientRegions.id));
}

/** The sets the bitmap engine loads: every segment (zero-count ones too) and every attribute value. */
export async function regionSets(db: Executor, clientRegionId: number): Promise<{ kind: SetKind; id: number }[]> {
  const segs = await db.select({ id: segments.shortId }).from(segments).where(eq(segments.clientRegionId, clientRegionId)).orderBy(asc(segments.shortId));
  const values = await db
    .select({ id: demographicValues.id })
    .from(demographicValues)
    .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
    .where(eq(demographicCategories.clientRegionId, clientRegionId))
    .orderBy(asc(demographicValues.id));
  return [...segs.map((s) => ({ kind: 'segment' as const, id: s.id })), ...values.map((v) => ({ kind: 'attribute' as const, id: v.id }))];
}

/** One set's stored chunks, as chunk numbers and their bytes (varbit_send: a 4-byte bit length, then the bits). */
export async function setChunks(db: Executor, clientRegionId: number, kind: SetKind, setId: number): Promise<{ chunks: Int32Array; bits: Uint8Array }> {
  const result = (await db.execute(sql`
    select chunk, varbit_send(bits) as raw from member_chunks
    where client_region_id = ${clientRegionId} and set_kind = ${SET_KIND[kind]} and set_id = ${setId}
    order by chunk`)) as unknown as { rows: { chunk: number; raw: Uint8Array | string }[] };
  const chunks = new Int32Array(result.rows.length);
  const bits = new Uint8Array(result.rows.length * CHUNK_BYTES);
  result.rows.forEach((row, i) => {
    // node-postgres returns bytea as a Buffer, PGlite as a Uint8Array; both skip the length word.
    const raw = typeof row.raw === 'string' ? Buffer.from(row.raw.slice(2), 'hex') : row.raw;
    chunks[i] = Number(row.chunk);
    bits.set(raw.subarray(4, 4 + CHUNK_BYTES), i * CHUNK_BYTES);
  });
  return { chunks, bits };
}

export async function dataSetOf(db: Executor, clientRegionId: number) {
  const [row] = await db.select().from(dataSets).where(and(eq(dataSets.clientRegionId, clientRegionId)));
  return row ?? null;
}
