import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberChunks } from '../../db/schema';
import { encodeChunks } from './chunk-codec';

export const SET_KIND = { segment: 1, attribute: 2 } as const;
export type SetKind = keyof typeof SET_KIND;

/** Replaces one set's stored members, inserting `rowsPerStatement` chunks a statement. */
export async function storeMembers(db: Executor, clientRegionId: number, kind: SetKind, setId: number, sortedIds: Uint32Array, { rowsPerStatement = 64 }: { rowsPerStatement?: number } = {}) {
  const setKind = SET_KIND[kind];
  await db.delete(memberChunks).where(and(eq(memberChunks.clientRegionId, clientRegionId), eq(memberChunks.setKind, setKind), eq(memberChunks.setId, setId)));
  const rows = encodeChunks(sortedIds).map(({ chunk, hex }) => ({ clientRegionId, setKind, setId, chunk, bits: hex }));
  for (let i = 0; i < rows.length; i += rowsPerStatement) await db.insert(memberChunks).values(rows.slice(i, i + rowsPerStatement));
}
