import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Figure } from '@shared/rules/uploads';
import type { Db, Executor } from './client';
import { journeys, journeySubMarkets, mekkos, subMarkets } from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';

/**
 * The demo's uploaded market-level demographic figures (issue 29): what the Grow and Journeys
 * uploaders would have written for acme/us/fizz-cola/fizz-original, so a fresh demo shows them on
 * Grow's and Journey's Market Level and its templates download with them filled in. The
 * categories and values are the generated data's (engine/generator/catalog.ts); each audience
 * and cell gets its own deterministic tilt of the region's shares.
 */

export const DEMO_FIGURES_SCOPE = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' } as const;

const BASE: { category: string; shares: [string, number][] }[] = [
  { category: 'Age', shares: [['18-24', 12.1], ['25-34', 17.9], ['35-44', 16.6], ['45-54', 16.0], ['55-64', 16.4], ['65-74', 12.3], ['75+', 8.7]] },
  { category: 'Gender', shares: [['Female', 50.6], ['Male', 48.8], ['Non-binary', 0.6]] },
  {
    category: 'Household Income',
    shares: [['Under $25K', 17.6], ['$25K-$50K', 19.8], ['$50K-$75K', 16.6], ['$75K-$100K', 12.5], ['$100K-$150K', 15.3], ['$150K-$200K', 8.1], ['$200K-$250K', 4.2], ['$250K+', 5.9]],
  },
];

/** A small stable number from a name (FNV-1a). */
function hashOf(name: string): number {
  let h = 0x811c9dc5;
  for (const ch of name) h = Math.imul(h ^ ch.codePointAt(0)!, 0x01000193) >>> 0;
  return h;
}

/** The region's shares tilted for one item, each category summing to 100 (to one decimal). */
export function demoFigures(name: string): Figure[] {
  const seed = hashOf(name) / 0xffffffff;
  return BASE.flatMap(({ category, shares }) => {
    const tilted = shares.map(([, share], i) => share * (1 + 0.45 * Math.sin(seed * 12.9898 + i * 1.7 + category.length)));
    const total = tilted.reduce((a, b) => a + b, 0);
    const rounded = tilted.map((t) => Math.round((t / total) * 1000) / 10);
    // What rounding took or added goes to the largest share, so the category sums to 100.0.
    const drift = Math.round((100 - rounded.reduce((a, b) => a + b, 0)) * 10) / 10;
    const largest = rounded.indexOf(Math.max(...rounded));
    rounded[largest] = Math.round((rounded[largest]! + drift) * 10) / 10;
    return shares.map(([value], i) => ({ attribute: category, value, count: null, percent: rounded[i]! }));
  });
}

async function write(tx: Executor): Promise<boolean> {
  const scope = await findProductScope(tx, DEMO_FIGURES_SCOPE);
  if (!scope) return false;
  const inScope = (t: typeof mekkos | typeof journeys) => and(eq(t.productId, scope.productId), eq(t.regionId, scope.regionId));
  const charts = await tx.select({ id: mekkos.id, name: mekkos.name }).from(mekkos).where(inScope(mekkos));
  const audiences = charts.length
    ? await tx.select({ id: subMarkets.id, name: subMarkets.name, mekkoId: subMarkets.mekkoId }).from(subMarkets).where(inArray(subMarkets.mekkoId, charts.map((c) => c.id)))
    : [];
  for (const a of audiences) {
    const chart = charts.find((c) => c.id === a.mekkoId)!;
    await tx.update(subMarkets).set({ demographics: demoFigures(`${chart.name}/${a.name}`) }).where(eq(subMarkets.id, a.id));
  }
  const journeyRows = await tx.select({ id: journeys.id, name: journeys.name }).from(journeys).where(inScope(journeys));
  const cells = journeyRows.length
    ? await tx.select({ id: journeySubMarkets.id, journeyId: journeySubMarkets.journeyId, brand: journeySubMarkets.journeyBrandId, stage: journeySubMarkets.journeyStageId })
      .from(journeySubMarkets).where(inArray(journeySubMarkets.journeyId, journeyRows.map((j) => j.id)))
    : [];
  for (const c of cells) {
    await tx.update(journeySubMarkets).set({ demographics: demoFigures(`journey ${c.journeyId}/${c.brand}/${c.stage}`) }).where(eq(journeySubMarkets.id, c.id));
  }
  return audiences.length + cells.length > 0;
}

/**
 * Run on every start of a demo: the figures are written when no audience and no journey cell has
 * any (a fresh demo, or one made before the uploaders); once anyone has uploaded, they are left alone.
 */
export async function seedDemoFiguresIfEmpty(db: Db): Promise<boolean> {
  const [audience] = await db.select({ id: subMarkets.id }).from(subMarkets).where(sql`${subMarkets.demographics} <> '[]'::jsonb`).limit(1);
  const [cell] = await db.select({ id: journeySubMarkets.id }).from(journeySubMarkets).where(sql`${journeySubMarkets.demographics} <> '[]'::jsonb`).limit(1);
  if (audience || cell) return false;
  return db.transaction((tx) => write(tx));
}
