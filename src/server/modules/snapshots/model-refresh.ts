import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { snapshots, snapshotsSubMarkets } from '../../db/schema';

/**
 * Prediction models (snapshots) hold a confidence per audience of a chart. When an audience's
 * matched segment changes, or the audience is deleted, the model built on it no longer
 * describes it (spec 3 §4, §8): its confidence row is deleted and the snapshot is marked
 * refreshed, in the same transaction as the edit.
 */

/** Which of these audiences a prediction model holds. */
export async function audiencesInModels(tx: Executor, subMarketIds: readonly number[]): Promise<Set<number>> {
  if (subMarketIds.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ id: snapshotsSubMarkets.subMarketId })
    .from(snapshotsSubMarkets)
    .where(inArray(snapshotsSubMarkets.subMarketId, [...subMarketIds]));
  return new Set(rows.map((r) => r.id));
}

/** Refreshes the models that held these audiences; returns the snapshot ids refreshed. */
export async function refreshModelsFor(tx: Executor, mekkoId: number, subMarketIds: readonly number[]): Promise<number[]> {
  if (subMarketIds.length === 0) return [];
  const removed = await tx
    .delete(snapshotsSubMarkets)
    .where(and(
      inArray(snapshotsSubMarkets.subMarketId, [...subMarketIds]),
      inArray(snapshotsSubMarkets.snapshotId, tx.select({ id: snapshots.id }).from(snapshots).where(eq(snapshots.mekkoId, mekkoId))),
    ))
    .returning({ snapshotId: snapshotsSubMarkets.snapshotId });
  const ids = [...new Set(removed.map((r) => r.snapshotId))];
  if (ids.length) await tx.update(snapshots).set({ refreshedAt: sql`now()` }).where(inArray(snapshots.id, ids));
  return ids;
}
