import type * as z from 'zod/mini';
import { ERROR_CODES } from '@shared/schemas/error';
import type { createSnapshotBodySchema, Snapshot, updateConfidenceBodySchema } from '@shared/schemas/grow';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { chartInScope, chartScope } from '../grow/grow-common';
import * as repo from './snapshot-repository';

/** A write's transaction, caller and X-Context product. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

type CreateBody = z.infer<typeof createSnapshotBodySchema>;
type ConfidenceBody = z.infer<typeof updateConfidenceBodySchema>;

const list = (ids: readonly number[]) => (ids.length > 10 ? `${ids.slice(0, 10).join(', ')} and ${ids.length - 10} more` : ids.join(', '));

export const SNAPSHOT_MESSAGES = {
  notFound: (id: number) => `There is no snapshot ${id} in this product and region: it may have been deleted.`,
  notInChart: (ids: readonly number[], mekkoId: number) =>
    ids.length > 1 ? `Audiences ${list(ids)} are not audiences of chart ${mekkoId}.` : `Audience ${list(ids)} is not an audience of chart ${mekkoId}.`,
  duplicate: (id: number) => `Audience ${id} is named more than once: a snapshot holds one confidence per audience.`,
} as const;

function toView(row: repo.SnapshotRow, confidences: readonly repo.ConfidenceRow[]): Snapshot {
  return {
    id: row.id,
    mekko_id: row.mekkoId,
    snapshots_sub_markets: confidences
      .filter((c) => c.snapshotId === row.id)
      .map((c) => ({ snapshot_id: c.snapshotId, sub_market_id: c.subMarketId, current_confidence: c.currentConfidence })),
    refreshed_at: row.refreshedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function viewOf(db: Executor, row: repo.SnapshotRow): Promise<Snapshot> {
  return toView(row, await repo.confidencesOf(db, [row.id]));
}

async function snapshotInScope(db: Executor, ctx: RequestContext, id: number, lock = false): Promise<repo.SnapshotRow> {
  const row = await repo.findSnapshot(db, chartScope(ctx), id, lock);
  if (!row) throw notFound(SNAPSHOT_MESSAGES.notFound(id));
  return row;
}

const invalid = (issues: { path: string; message: string }[]) =>
  new AppError(422, ERROR_CODES.validation, issues[0]?.message ?? 'The snapshot is not valid.', issues);

export async function listSnapshots(db: Executor, ctx: RequestContext, mekkoId: number): Promise<Snapshot[]> {
  await chartInScope(db, ctx, mekkoId);
  const rows = await repo.listSnapshots(db, mekkoId);
  const confidences = await repo.confidencesOf(db, rows.map((r) => r.id));
  return rows.map((r) => toView(r, confidences));
}

export async function getSnapshot(db: Executor, ctx: RequestContext, id: number): Promise<Snapshot> {
  return viewOf(db, await snapshotInScope(db, ctx, id));
}

function audit(scope: WriteScope, action: string, snapshot: Snapshot, details: Record<string, unknown>) {
  return auditWrite({ ...scope, db: scope.tx }, action, `snapshot:${snapshot.id}`, { mekko_id: snapshot.mekko_id, ...details });
}

export async function createSnapshot(scope: WriteScope, body: CreateBody): Promise<Snapshot> {
  const { tx, ctx } = scope;
  const { mekko_id: mekkoId, snapshots_sub_markets: items } = body.snapshot;
  await chartInScope(tx, ctx, mekkoId, true);
  const path = (i: number) => `body.snapshot.snapshots_sub_markets.${i}.sub_market_id`;
  const seen = new Set<number>();
  const duplicates: { path: string; message: string }[] = [];
  items.forEach((item, i) => {
    if (seen.has(item.sub_market_id)) duplicates.push({ path: path(i), message: SNAPSHOT_MESSAGES.duplicate(item.sub_market_id) });
    seen.add(item.sub_market_id);
  });
  if (duplicates.length) throw invalid(duplicates);
  const inChart = await repo.audiencesOfChart(tx, mekkoId, [...seen]);
  const outside = items.flatMap((item, i) => (inChart.has(item.sub_market_id) ? [] : [{ i, id: item.sub_market_id }]));
  if (outside.length) {
    const message = SNAPSHOT_MESSAGES.notInChart(outside.map((o) => o.id), mekkoId);
    throw invalid(outside.map((o) => ({ path: path(o.i), message })));
  }
  const row = await repo.insertSnapshot(
    tx,
    mekkoId,
    scope.auth.user.id,
    items.map((item) => ({ subMarketId: item.sub_market_id, currentConfidence: item.current_confidence })),
  );
  const view = await viewOf(tx, row);
  await audit(scope, 'snapshot.create', view, { sub_markets: view.snapshots_sub_markets.length });
  return view;
}

/** Deletes the snapshot and answers it as it was. */
export async function deleteSnapshot(scope: WriteScope, id: number): Promise<Snapshot> {
  const { tx, ctx } = scope;
  const view = await viewOf(tx, await snapshotInScope(tx, ctx, id, true));
  if (!(await repo.deleteSnapshot(tx, id))) throw notFound(SNAPSHOT_MESSAGES.notFound(id));
  await audit(scope, 'snapshot.delete', view, { sub_markets: view.snapshots_sub_markets.length });
  return view;
}

/** Sets one audience's confidence in a snapshot (adding it when the snapshot had none for it). */
export async function updateConfidence(scope: WriteScope, body: ConfidenceBody): Promise<Snapshot> {
  const { tx, ctx } = scope;
  const { snapshot_id: snapshotId, sub_market_id: subMarketId, current_confidence: currentConfidence } = body.snapshots_sub_market;
  const snapshot = await snapshotInScope(tx, ctx, snapshotId, true);
  if (!(await repo.audiencesOfChart(tx, snapshot.mekkoId, [subMarketId])).has(subMarketId)) {
    throw invalid([{ path: 'body.snapshots_sub_market.sub_market_id', message: SNAPSHOT_MESSAGES.notInChart([subMarketId], snapshot.mekkoId) }]);
  }
  const previous = await repo.findConfidence(tx, snapshotId, subMarketId);
  await repo.upsertConfidence(tx, { snapshotId, subMarketId, currentConfidence });
  const view = await viewOf(tx, snapshot);
  await audit(scope, 'snapshot.confidence', view, { sub_market_id: subMarketId, current_confidence: currentConfidence, previous: previous?.currentConfidence ?? null });
  return view;
}
