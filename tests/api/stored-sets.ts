import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { demographicCategories, demographicValues, segments } from '../../src/server/db/schema';
import { CHUNK_BYTES } from '../../src/server/engine/bitmap/portable';
import { SETS_PER_READ, type CountStore } from '../../src/server/engine/sql/count-store';
import type { SetKind } from '../../src/server/engine/sql/member-chunks-repository';
import { CHUNK_BITS } from '../../src/server/engine/sql/chunk-codec';

/** Sorted person ids of every stored set of a region, keyed by kind: neither engine is involved. */
export interface StoredSets {
  segments: Map<number, Uint32Array>;
  attributes: Map<number, Uint32Array>;
}

/** A set's stored chunks back to sorted person ids (the first person of a chunk is its leftmost bit). */
function decode({ chunks, bits }: { chunks: Int32Array; bits: Uint8Array }): Uint32Array {
  const ids: number[] = [];
  chunks.forEach((chunk, i) => {
    for (let k = 0; k < CHUNK_BYTES; k++) {
      const byte = bits[i * CHUNK_BYTES + k]!;
      if (byte) for (let j = 0; j < 8; j++) if (byte & (0x80 >> j)) ids.push(chunk * CHUNK_BITS + k * 8 + j);
    }
  });
  return Uint32Array.from(ids);
}

/** Every segment and attribute value of the region (from the catalogue), read back from the count store. */
export async function readStoredSets(db: Db, store: CountStore, clientRegionId: number): Promise<StoredSets> {
  const segs = await db.select({ id: segments.shortId }).from(segments).where(eq(segments.clientRegionId, clientRegionId)).orderBy(asc(segments.shortId));
  const values = await db
    .select({ id: demographicValues.id })
    .from(demographicValues)
    .innerJoin(demographicCategories, eq(demographicCategories.id, demographicValues.categoryId))
    .where(eq(demographicCategories.clientRegionId, clientRegionId));
  return {
    segments: await readSets(store, clientRegionId, 'segment', segs.map((s) => s.id)),
    attributes: await readSets(store, clientRegionId, 'attribute', values.map((v) => v.id)),
  };
}

/** Sets of one kind read back from the count store, many to a read, as sorted person ids by id. */
export async function readSets(store: CountStore, clientRegionId: number, kind: SetKind, ids: readonly number[]): Promise<Map<number, Uint32Array>> {
  const out = new Map<number, Uint32Array>();
  for (let at = 0; at < ids.length; at += SETS_PER_READ) {
    const batch = ids.slice(at, at + SETS_PER_READ);
    const chunks = await store.setsChunks(clientRegionId, batch.map((id) => ({ kind, id })));
    batch.forEach((id, i) => out.set(id, decode(chunks[i]!)));
  }
  return out;
}
