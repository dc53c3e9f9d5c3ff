import { and, eq, sql } from 'drizzle-orm';
import type { JourneyIcon } from '@shared/rules/journey';
import type { Db, Executor } from './client';
import { journeyBrands, journeys, journeyStages, journeySubMarkets } from './schema';
import { clientRegionIdOf, segmentPicker } from './seed-grow';
import { DEMO_GROW_SEGMENT_POOL } from './demo-grow';
import { DEMO_FUNNEL, funnelIdentifier, stageShares } from '../engine/generator/funnel';
import { buildCatalog, catalogSeedOf, SHORT_ID_SPAN } from '../engine/generator/generator';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';

/**
 * The demo's Journey charts (issue 17), as data: the writer below seeds exactly this. Cells name
 * the generated brand funnel's segments (generator/funnel.ts) by brand and stage; their short ids
 * follow from the client's catalogue, so the journeys are written with the rest of the demo,
 * before the region's people are generated.
 */
export interface DemoJourneyCell {
  brand: string;
  stage: string;
  /** Names a segment the provider deleted instead of the funnel's: the journey opens on the invalid modal. */
  deletedMatched?: true;
}

export interface DemoJourney {
  client: string;
  region: string;
  brand: string;
  product: string;
  name: string;
  default: boolean;
  transitions: boolean;
  /** Rows, in order: brands of the demo funnel (DEMO_FUNNEL.brands). */
  brands: string[];
  /** Columns, in order: stages of the demo funnel, with their icons. */
  stages: { name: string; icon: JourneyIcon }[];
  /** Cells whose matched segment is not the funnel's (every other cell is). */
  deletedCells: DemoJourneyCell[];
}

/** What a cell's entered population is a share of: US adults. */
export const DEMO_JOURNEY_ADULTS = 258_000_000;

const FIZZ_ORIGINAL = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' } as const;
const [AWARE, CONSIDER, PURCHASE, REPEAT, ADVOCATE] = [
  { name: 'Aware', icon: 'eye' },
  { name: 'Consider', icon: 'heart' },
  { name: 'Purchase', icon: 'shopping-cart' },
  { name: 'Repeat', icon: 'clock-o' },
  { name: 'Advocate', icon: 'bullhorn' },
] as const;

export const DEMO_JOURNEYS: DemoJourney[] = [
  {
    ...FIZZ_ORIGINAL,
    name: 'Fizz Purchase Funnel',
    default: true,
    transitions: true,
    brands: DEMO_FUNNEL.brands.map((b) => b.name),
    stages: [AWARE, CONSIDER, PURCHASE, REPEAT, ADVOCATE],
    deletedCells: [],
  },
  {
    ...FIZZ_ORIGINAL,
    name: 'Fizz Loyalty Path',
    default: false,
    transitions: true,
    brands: ['Fizz Original', 'Crest Soda'],
    stages: [PURCHASE, REPEAT, ADVOCATE],
    deletedCells: [{ brand: 'Crest Soda', stage: 'Advocate', deletedMatched: true }],
  },
];

/** A funnel cell's segments (matched, modeled) and entered population, by brand and stage name. */
function funnelCells(client: string, clientRegionId: number) {
  const { segments } = buildCatalog({ people: 1, segments: DEMO_GROW_SEGMENT_POOL, seed: 'x', catalogSeed: catalogSeedOf(client), shortIdBase: clientRegionId * SHORT_ID_SPAN });
  const shortIdOf = new Map(segments.map((s) => [s.identifier, s.shortId]));
  return (brandName: string, stageName: string) => {
    const brand = DEMO_FUNNEL.brands.find((b) => b.name === brandName);
    const stage = DEMO_FUNNEL.stages.findIndex((s) => s.name === stageName);
    const matched = shortIdOf.get(funnelIdentifier(brandName, stageName, false));
    if (!brand || stage < 0 || matched === undefined) throw new Error(`seed: ${client}'s catalogue has no funnel segment for ${brandName} / ${stageName}`);
    const share = stageShares(DEMO_FUNNEL, brand, false)[stage]!;
    return {
      matchedId: matched,
      modeledId: shortIdOf.get(funnelIdentifier(brandName, stageName, true)) ?? null,
      population: Math.round((share * DEMO_JOURNEY_ADULTS) / 10_000) * 10_000,
    };
  };
}

/** Writes one journey unless its scope already has one of that name; the default only where there is none. */
async function seedJourney(tx: Executor, journey: DemoJourney): Promise<boolean> {
  const scope = await findProductScope(tx, journey);
  const clientRegionId = await clientRegionIdOf(tx, journey.client, journey.region);
  if (!scope || clientRegionId === null) return false;
  const inScope = and(eq(journeys.productId, scope.productId), eq(journeys.regionId, scope.regionId));
  const [named] = await tx.select({ id: journeys.id }).from(journeys).where(and(inScope, sql`lower(btrim(${journeys.name})) = lower(btrim(${journey.name}))`));
  if (named) return false;
  const [hasDefault] = await tx.select({ id: journeys.id }).from(journeys).where(and(inScope, eq(journeys.isDefault, true)));

  const cellOf = funnelCells(journey.client, clientRegionId);
  const pick = segmentPicker(journey.client, clientRegionId);
  const [row] = await tx
    .insert(journeys)
    .values({ ...scope, name: journey.name, isDefault: journey.default && !hasDefault, hasTransitionData: journey.transitions })
    .returning({ id: journeys.id });
  if (!row) throw new Error('seed: a journey it just wrote is missing');
  const brandRows = await tx.insert(journeyBrands).values(journey.brands.map((name, order) => ({ journeyId: row.id, name, order }))).returning({ id: journeyBrands.id });
  const stageRows = await tx.insert(journeyStages).values(journey.stages.map((s, priority) => ({ journeyId: row.id, name: s.name, priority, icon: s.icon }))).returning({ id: journeyStages.id });
  await tx.insert(journeySubMarkets).values(journey.brands.flatMap((brand, b) => journey.stages.map((stage, s) => {
    const cell = cellOf(brand, stage.name);
    const deleted = journey.deletedCells.some((d) => d.brand === brand && d.stage === stage.name && d.deletedMatched);
    return {
      journeyId: row.id,
      journeyBrandId: brandRows[b]!.id,
      journeyStageId: stageRows[s]!.id,
      population: cell.population,
      matchedId: deleted ? pick('deleted', '') : cell.matchedId,
      modeledId: cell.modeledId,
    };
  })));
  return true;
}

/** The demo's journeys; running it again changes nothing. */
export async function seedJourneyDemo(tx: Executor): Promise<boolean> {
  let wrote = false;
  for (const journey of DEMO_JOURNEYS) wrote = (await seedJourney(tx, journey)) || wrote;
  return wrote;
}

/**
 * Run on every start of a demo: the journeys are written when the database has none at all (a
 * fresh demo, or one seeded before journeys existed); one with any journey is left alone.
 */
export async function seedJourneyDemoIfEmpty(db: Db): Promise<boolean> {
  const [any] = await db.select({ id: journeys.id }).from(journeys).limit(1);
  if (any) return false;
  return db.transaction((tx) => seedJourneyDemo(tx));
}
