import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SurveyQuestion } from '@shared/rules/surveys';
import type { Executor } from '../../db/client';
import { surveys } from '../../db/schema';

export type SurveyRow = typeof surveys.$inferSelect;
export type SurveyLevel = SurveyRow['level'];

/** Where a survey is attached: the region, an audience, or a journey's stage of one of its brands. */
export interface SurveyTarget {
  level: SurveyLevel;
  subMarketId: number | null;
  journeyBrandId: number | null;
  journeyStageId: number | null;
}

const targetIs = (t: SurveyTarget): SQL => and(
  eq(surveys.level, t.level),
  t.subMarketId === null ? isNull(surveys.subMarketId) : eq(surveys.subMarketId, t.subMarketId),
  t.journeyBrandId === null ? isNull(surveys.journeyBrandId) : eq(surveys.journeyBrandId, t.journeyBrandId),
  t.journeyStageId === null ? isNull(surveys.journeyStageId) : eq(surveys.journeyStageId, t.journeyStageId),
)!;

/** The surveys of a target in a client region, by name. */
export function surveysOf(db: Executor, clientRegionId: number, target: SurveyTarget): Promise<SurveyRow[]> {
  return db.select().from(surveys).where(and(eq(surveys.clientRegionId, clientRegionId), targetIs(target)))
    .orderBy(asc(sql`lower(${surveys.name})`), asc(surveys.id));
}

/** The surveys of a level in a client region whose audience or stage is among these (the insights' reads). */
export function surveysOfItems(db: Executor, clientRegionId: number, level: SurveyLevel, ids: { subMarketIds?: number[]; stageIds?: number[] }): Promise<SurveyRow[]> {
  const where = [eq(surveys.clientRegionId, clientRegionId), eq(surveys.level, level)];
  if (ids.subMarketIds) where.push(ids.subMarketIds.length ? inArray(surveys.subMarketId, ids.subMarketIds) : sql`false`);
  if (ids.stageIds) where.push(ids.stageIds.length ? inArray(surveys.journeyStageId, ids.stageIds) : sql`false`);
  return db.select().from(surveys).where(and(...where)).orderBy(asc(sql`lower(${surveys.name})`), asc(surveys.id));
}

/**
 * Replaces one survey of a target whole (spec 2 §5: data left out is deleted): its questions
 * become these; a survey of that name (case and spaces aside) is made when there is none.
 */
export async function replaceSurvey(db: Executor, clientRegionId: number, target: SurveyTarget, name: string, questions: SurveyQuestion[]): Promise<void> {
  const [current] = await db.select({ id: surveys.id }).from(surveys)
    .where(and(eq(surveys.clientRegionId, clientRegionId), targetIs(target), sql`lower(btrim(${surveys.name})) = lower(btrim(${name}))`))
    .for('update');
  if (current) {
    await db.update(surveys).set({ name, questions, updatedAt: new Date() }).where(eq(surveys.id, current.id));
    return;
  }
  await db.insert(surveys).values({ clientRegionId, ...target, name, questions });
}
