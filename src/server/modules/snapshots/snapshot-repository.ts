import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mekkos, snapshots, snapshotsSubMarkets, subMarkets } from '../../db/schema';
import type { ChartScope } from '../grow/grow-repository';

export type SnapshotRow = typeof snapshots.$inferSelect;
export type ConfidenceRow = typeof snapshotsSubMarkets.$inferSelect;

/** The chart's snapshots, newest first. */
export function listSnapshots(db: Executor, mekkoId: number): Promise<SnapshotRow[]> {
  return db.select().from(snapshots).where(eq(snapshots.mekkoId, mekkoId)).orderBy(desc(snapshots.createdAt), desc(snapshots.id));
}

/**
 * A snapshot whose chart is in the scope; another scope's snapshot is not found. A write locks
 * it, so a concurrent delete waits rather than leaving the write a row to point at nothing.
 */
export async function findSnapshot(db: Executor, scope: ChartScope, id: number, lock = false): Promise<SnapshotRow | null> {
  const query = db
    .select({ snapshot: snapshots })
    .from(snapshots)
    .innerJoin(mekkos, eq(mekkos.id, snapshots.mekkoId))
    .where(and(eq(snapshots.id, id), eq(mekkos.clientId, scope.clientId), eq(mekkos.productId, scope.productId), eq(mekkos.regionId, scope.regionId)));
  const [row] = await (lock ? query.for('update', { of: snapshots }) : query);
  return row?.snapshot ?? null;
}

export function confidencesOf(db: Executor, snapshotIds: readonly number[]): Promise<ConfidenceRow[]> {
  if (snapshotIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(snapshotsSubMarkets)
    .where(inArray(snapshotsSubMarkets.snapshotId, [...snapshotIds]))
    .orderBy(asc(snapshotsSubMarkets.snapshotId), asc(snapshotsSubMarkets.subMarketId));
}

/** Which of these audience ids are audiences of the chart, kept (share lock) until the write commits. */
export async function audiencesOfChart(tx: Executor, mekkoId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: subMarkets.id })
    .from(subMarkets)
    .where(and(eq(subMarkets.mekkoId, mekkoId), inArray(subMarkets.id, [...ids])))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

export async function insertSnapshot(
  tx: Executor,
  mekkoId: number,
  createdBy: number,
  confidences: readonly { subMarketId: number; currentConfidence: number }[],
): Promise<SnapshotRow> {
  const [row] = await tx.insert(snapshots).values({ mekkoId, createdBy }).returning();
  if (!row) throw new Error('insert returned no row');
  if (confidences.length) await tx.insert(snapshotsSubMarkets).values(confidences.map((c) => ({ ...c, snapshotId: row.id })));
  return row;
}

/** Deletes the snapshot (its confidences go with it); false when it was already gone. */
export async function deleteSnapshot(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx.delete(snapshots).where(eq(snapshots.id, id)).returning({ id: snapshots.id });
  return rows.length > 0;
}

/** Sets an audience's confidence in a snapshot, adding the row when the snapshot had none for it. */
export async function upsertConfidence(tx: Executor, row: ConfidenceRow): Promise<void> {
  await tx
    .insert(snapshotsSubMarkets)
    .values(row)
    .onConflictDoUpdate({ target: [snapshotsSubMarkets.snapshotId, snapshotsSubMarkets.subMarketId], set: { currentConfidence: row.currentConfidence } });
}

export async function findConfidence(db: Executor, snapshotId: number, subMarketId: number): Promise<ConfidenceRow | null> {
  const [row] = await db
    .select()
    .from(snapshotsSubMarkets)
    .where(and(eq(snapshotsSubMarkets.snapshotId, snapshotId), eq(snapshotsSubMarkets.subMarketId, subMarketId)));
  return row ?? null;
}
