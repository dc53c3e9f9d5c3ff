import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { motivationAudiences } from '../../db/schema';
import type { AudienceScope } from './audience-repository';

export type MotivationRow = typeof motivationAudiences.$inferSelect;

const inScope = (s: AudienceScope) => and(eq(motivationAudiences.clientId, s.clientId), eq(motivationAudiences.productId, s.productId), eq(motivationAudiences.regionId, s.regionId));

export function listMotivations(db: Executor, scope: AudienceScope) {
  return db.select().from(motivationAudiences).where(inScope(scope)).orderBy(desc(motivationAudiences.createdAt), desc(motivationAudiences.id));
}

export async function findMotivation(db: Executor, scope: AudienceScope, id: number): Promise<MotivationRow | null> {
  const [row] = await db.select().from(motivationAudiences).where(and(inScope(scope), eq(motivationAudiences.id, id)));
  return row ?? null;
}

export async function motivationById(db: Executor, id: number): Promise<MotivationRow | null> {
  const [row] = await db.select().from(motivationAudiences).where(eq(motivationAudiences.id, id));
  return row ?? null;
}

/** Moves a request on, only from the states given (a late retry never goes back). */
export async function setMotivationStatus(db: Executor, id: number, status: string, from: string[], values: Partial<typeof motivationAudiences.$inferInsert> = {}) {
  const [row] = await db
    .update(motivationAudiences)
    .set({ ...values, jobStatus: status })
    .where(and(eq(motivationAudiences.id, id), inArray(motivationAudiences.jobStatus, from)))
    .returning();
  return row ?? null;
}

export async function setMotivationJob(db: Executor, id: number, jobId: string) {
  await db.update(motivationAudiences).set({ jobId }).where(eq(motivationAudiences.id, id));
}

export async function deleteMotivation(db: Executor, id: number) {
  await db.delete(motivationAudiences).where(eq(motivationAudiences.id, id));
}

/** Clears the count while a job works on it (spec 3 §4). */
export const clearedCount = { peopleCount: null };
