import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SurveyQuestion } from '@shared/rules/surveys';
import type { Db } from './client';
import { journeys, journeySubMarkets, mekkos, subMarkets, surveys } from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { clientRegionId } from '../modules/insights/insights-repository';
import { replaceSurvey } from '../modules/surveys/surveys-repository';
import { DEMO_FIGURES_SCOPE } from './demo-figures';

const pct = (answers: [string, number][]) => answers.map(([answer, percent]) => ({ answer, percent, count: null }));
const counted = (answers: [string, number][]) => answers.map(([answer, count]) => ({ answer, percent: null, count }));

/** The demo's three surveys (issue 30): one of the region, one of a Grow audience, one of a journey stage. */
export const DEMO_SURVEYS: Record<'region' | 'audience' | 'stage', { name: string; questions: SurveyQuestion[] }> = {
  region: {
    name: 'US soft drinks tracker',
    questions: [
      { question: 'How often do you drink carbonated soft drinks?', answers: pct([['Every day', 21], ['A few times a week', 34], ['About once a week', 18], ['Less often', 19], ['Never', 8]]) },
      { question: 'Which matters most when you choose a drink?', answers: pct([['Taste', 46], ['Price', 22], ['Less sugar', 17], ['Brand', 9], ['Packaging', 6]]) },
    ],
  },
  audience: {
    name: 'Fizz Original audience pulse',
    questions: [
      { question: 'Where did you last buy Fizz Original?', answers: counted([['Supermarket', 412], ['Convenience store', 268], ['Online', 97], ['Vending machine', 41]]) },
      { question: 'Would you try a new Fizz flavour?', answers: pct([['Definitely', 38], ['Probably', 31], ['Not sure', 18], ['Probably not', 9], ['Definitely not', 4]]) },
    ],
  },
  stage: {
    name: 'Purchase moment survey',
    questions: [
      { question: 'What made you buy this time?', answers: pct([['On promotion', 33], ['Habit', 29], ['Craving', 21], ['Saw an ad', 10], ['Recommended', 7]]) },
    ],
  },
};

/**
 * Run on every start of a demo: the surveys are written when acme/us has none (a fresh demo, or
 * one made before issue 30); from then on they are the uploaders' to replace.
 */
export async function seedSurveyDemoIfEmpty(db: Db): Promise<boolean> {
  const scope = await findProductScope(db, DEMO_FIGURES_SCOPE);
  if (!scope) return false;
  const region = await clientRegionId(db, scope.clientId, scope.regionId);
  if (region === null) return false;
  const [any] = await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.clientRegionId, region)).limit(1);
  if (any) return false;
  const inScope = (t: typeof mekkos | typeof journeys) => and(eq(t.productId, scope.productId), eq(t.regionId, scope.regionId));
  return db.transaction(async (tx) => {
    await replaceSurvey(tx, region, { level: 'region', subMarketId: null, journeyBrandId: null, journeyStageId: null }, DEMO_SURVEYS.region.name, DEMO_SURVEYS.region.questions);
    const charts = await tx.select({ id: mekkos.id }).from(mekkos).where(inScope(mekkos)).orderBy(asc(mekkos.id));
    const [audience] = charts.length
      ? await tx.select({ id: subMarkets.id }).from(subMarkets).where(inArray(subMarkets.mekkoId, charts.map((c) => c.id))).orderBy(asc(subMarkets.mekkoId), asc(subMarkets.position), asc(subMarkets.id)).limit(1)
      : [];
    if (audience) await replaceSurvey(tx, region, { level: 'audience', subMarketId: audience.id, journeyBrandId: null, journeyStageId: null }, DEMO_SURVEYS.audience.name, DEMO_SURVEYS.audience.questions);
    const journeyRows = await tx.select({ id: journeys.id }).from(journeys).where(inScope(journeys)).orderBy(asc(journeys.id));
    const [cell] = journeyRows.length
      ? await tx.select({ brand: journeySubMarkets.journeyBrandId, stage: journeySubMarkets.journeyStageId }).from(journeySubMarkets).where(inArray(journeySubMarkets.journeyId, journeyRows.map((j) => j.id))).orderBy(asc(journeySubMarkets.id)).limit(1)
      : [];
    if (cell) await replaceSurvey(tx, region, { level: 'stage', subMarketId: null, journeyBrandId: cell.brand, journeyStageId: cell.stage }, DEMO_SURVEYS.stage.name, DEMO_SURVEYS.stage.questions);
    return true;
  });
}
