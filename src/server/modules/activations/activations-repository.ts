import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { ActivationState, ActivationsQuery } from '@shared/schemas/activations';
import type { Executor } from '../../db/client';
import { activations, audiences, clientRegions, destinations } from '../../db/schema';
import { getOrCreateSecret } from '../auth/secret-repository';

/** An activation's product scope: every read and write is filtered by all three. */
export interface ActivationScope {
  clientId: number;
  regionId: number;
  productId: number;
}

export type ActivationRow = typeof activations.$inferSelect;

const listed = {
  activation: activations,
  audienceName: audiences.name,
  destination: { id: destinations.id, name: destinations.name, platform: destinations.platform },
};
export type ListedActivation = { activation: ActivationRow; audienceName: string; destination: { id: number; name: string; platform: string } };

const inScope = (scope: ActivationScope) =>
  and(eq(activations.clientId, scope.clientId), eq(activations.regionId, scope.regionId), eq(activations.productId, scope.productId));

/** Escapes LIKE's wildcards, so a search for "50%" finds "50%". */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listActivations(db: Executor, scope: ActivationScope, query: ActivationsQuery): Promise<{ rows: ListedActivation[]; total: number }> {
  const where: SQL[] = [inScope(scope)!];
  if (query.state) where.push(eq(activations.state, query.state));
  if (query.destination_id) where.push(eq(activations.destinationId, query.destination_id));
  if (query.q) where.push(ilike(audiences.name, likeText(query.q)));
  const filter = and(...where);
  const rows = await db
    .select(listed)
    .from(activations)
    .innerJoin(audiences, eq(audiences.id, activations.audienceId))
    .innerJoin(destinations, eq(destinations.id, activations.destinationId))
    .where(filter)
    .orderBy(desc(activations.updatedAt), desc(activations.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(activations)
    .innerJoin(audiences, eq(audiences.id, activations.audienceId))
    .where(filter);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One activation of the scope (null for another product's or tenant's); `lock` holds it for a write's transaction. */
export async function findActivation(db: Executor, scope: ActivationScope, id: number, lock = false): Promise<ListedActivation | null> {
  const base = db
    .select(listed)
    .from(activations)
    .innerJoin(audiences, eq(audiences.id, activations.audienceId))
    .innerJoin(destinations, eq(destinations.id, activations.destinationId))
    .where(and(inScope(scope), eq(activations.id, id)));
  const [row] = lock ? await base.for('update', { of: activations }) : await base;
  return row ?? null;
}

export async function insertActivation(tx: Executor, values: typeof activations.$inferInsert): Promise<ActivationRow> {
  const [row] = await tx.insert(activations).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes an activation as a write of the API does: a new version and update time. */
export async function updateActivation(tx: Executor, id: number, patch: Partial<typeof activations.$inferInsert>): Promise<void> {
  await tx.update(activations).set({ ...patch, version: sql`${activations.version} + 1`, updatedAt: new Date() }).where(eq(activations.id, id));
}

export function listDestinations(db: Executor, clientId: number) {
  return db
    .select({ id: destinations.id, name: destinations.name, platform: destinations.platform })
    .from(destinations)
    .where(eq(destinations.clientId, clientId))
    .orderBy(asc(destinations.name));
}

export async function findDestination(db: Executor, clientId: number, id: number) {
  const [row] = await db.select().from(destinations).where(and(eq(destinations.clientId, clientId), eq(destinations.id, id)));
  return row ?? null;
}

/** A saved audience of the scope (the context's client, product and region), or null. */
export async function findAudience(db: Executor, scope: ActivationScope, id: number) {
  const [row] = await db
    .select({ id: audiences.id, name: audiences.name, rules: audiences.rules })
    .from(audiences)
    .where(and(eq(audiences.clientId, scope.clientId), eq(audiences.regionId, scope.regionId), eq(audiences.productId, scope.productId), eq(audiences.id, id)));
  return row ?? null;
}

/** The scope's saved audiences that have a rule to deliver, by name. */
export function activatableAudiences(db: Executor, scope: ActivationScope) {
  return db
    .select({ id: audiences.id, name: audiences.name, people_count: audiences.peopleCount })
    .from(audiences)
    .where(and(eq(audiences.clientId, scope.clientId), eq(audiences.regionId, scope.regionId), eq(audiences.productId, scope.productId), isNotNull(audiences.rules)))
    .orderBy(asc(audiences.name), asc(audiences.id));
}

// ---- the delivery job's side (job thread) --------------------------------------------------

/** What a delivery needs: the activation, its audience's rule, its destination's directory and the client region of its data. */
export async function deliveryOf(db: Executor, activationId: number) {
  const [row] = await db
    .select({
      id: activations.id,
      clientId: activations.clientId,
      state: activations.state,
      jobId: activations.jobId,
      rules: audiences.rules,
      directory: destinations.directory,
      clientRegionId: clientRegions.id,
    })
    .from(activations)
    .innerJoin(audiences, eq(audiences.id, activations.audienceId))
    .innerJoin(destinations, eq(destinations.id, activations.destinationId))
    .leftJoin(clientRegions, and(eq(clientRegions.clientId, activations.clientId), eq(clientRegions.regionId, activations.regionId)))
    .where(eq(activations.id, activationId));
  return row ? { ...row, state: row.state as ActivationState } : null;
}

const RUNNING = ['in_progress', 'finalizing'];

/**
 * Changes an activation on behalf of its delivery job, only while that job is still the one it
 * waits for and it is being delivered: a cancel or a newer refresh wins over a late job. Answers
 * whether it changed.
 */
export async function updateForJob(db: Executor, activationId: number, jobId: string, patch: Partial<typeof activations.$inferInsert>): Promise<boolean> {
  const changed = await db
    .update(activations)
    .set({ ...patch, version: sql`${activations.version} + 1`, updatedAt: new Date() })
    .where(and(eq(activations.id, activationId), eq(activations.jobId, jobId), inArray(activations.state, RUNNING)))
    .returning({ id: activations.id });
  return changed.length > 0;
}

/** Completes a delivery: its members and file, Last Refresh now, Sent Date the first time. */
export function completeDelivery(db: Executor, activationId: number, jobId: string, done: { memberCount: number; filePath: string; at: Date }) {
  return updateForJob(db, activationId, jobId, {
    state: 'complete',
    memberCount: done.memberCount,
    filePath: done.filePath,
    lastRefresh: done.at,
    sentDate: sql`coalesce(${activations.sentDate}, ${done.at.toISOString()}::timestamptz)` as unknown as Date,
    error: null,
  });
}

/**
 * The per-client salt of delivered ids (a row of `secrets`, made on first use): the same person
 * hashes alike in every delivery of one client, and differently for another client.
 */
export function deliverySalt(db: Executor, clientId: number): Promise<string> {
  return getOrCreateSecret(db, `delivery-salt:${clientId}`);
}

/** Seeded activations In Progress that no job delivers yet (the demo's first start): no one made them, and they have no job. */
export function undeliveredSeeded(db: Executor) {
  return db
    .select({ id: activations.id, clientId: activations.clientId, audience: audiences.name, destination: destinations.name })
    .from(activations)
    .innerJoin(audiences, eq(audiences.id, activations.audienceId))
    .innerJoin(destinations, eq(destinations.id, activations.destinationId))
    .where(and(isNull(activations.jobId), isNull(activations.createdBy), eq(activations.state, 'in_progress')))
    .orderBy(asc(activations.id));
}
