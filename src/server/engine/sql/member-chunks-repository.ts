import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberChunks } from '../../db/schema';
import { encodeChunks } from './chunk-codec';

export const SET_KIND = { segment: 1, attribute: 2 } as const;
export type SetKind = keyof typeof SET_KIND;

/** Replaces one set's stored members, inserting `rowsPerStatement` chunks a statement. */
/** A new set's members (its region cleared since): no delete first, and many sets' chunks per statement. */
export interface NewSet {
  kind: SetKind;
  setId: number;
  ids: Uint32Array;
}

/**
 * Stores sets of a region whose members were cleared (a seeding): the rows of many sets go in
 * one statement, where one set at a time cost a delete and an insert each (issue 28: the
 * seeder's ~10 ms a set, nearly all statements).
 */
export async function storeNewSets(db: Executor, clientRegionId: number, sets: readonly NewSet[], { rowsPerStatement = 64 }: { rowsPerStatement?: number } = {}) {
  const rows = sets.flatMap((set) => encodeChunks(set.ids).map(({ chunk, hex }) => ({ clientRegionId, setKind: SET_KIND[set.kind], setId: set.setId, chunk, bits: hex })));
  for (let i = 0; i < rows.length; i += rowsPerStatement) await db.insert(memberChunks).values(rows.slice(i, i + rowsPerStatement));
}

export async function storeMembers(db: Executor, clientRegionId: number, kind: SetKind, setId: number, sortedIds: Uint32Array, { rowsPerStatement = 64 }: { rowsPerStatement?: number } = {}) {
  const setKind = SET_KIND[kind];
  await db.delete(memberChunks).where(and(eq(memberChunks.clientRegionId, clientRegionId), eq(memberChunks.setKind, setKind), eq(memberChunks.setId, setId)));
  const rows = encodeChunks(sortedIds).map(({ chunk, hex }) => ({ clientRegionId, setKind, setId, chunk, bits: hex }));
  for (let i = 0; i < rows.length; i += rowsPerStatement) await db.insert(memberChunks).values(rows.slice(i, i + rowsPerStatement));
}
