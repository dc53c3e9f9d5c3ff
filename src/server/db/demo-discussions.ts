import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Bubble } from '@shared/rules/discussions';
import type { Db } from './client';
import { discussionClusterNodes, journeys, journeySubMarkets, mekkos, subMarkets } from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { insertNode, replaceClusters } from '../modules/discussions/discussions-repository';
import { DEMO_FIGURES_SCOPE } from './demo-figures';

/**
 * The demo's discussion clusters (issue 30): two nodes of what consumers say about fizzy drinks,
 * one attached to an audience of a Fizz Original Grow chart and one to a cell of its journey, so
 * a fresh demo shows word bubbles on both, and Discussions Upload has a library to open.
 */
export const DEMO_DISCUSSIONS: { name: string; description: string; bubbles: Bubble[] }[] = [
  {
    name: 'Summer refreshment talk',
    description: 'What social posts about cold drinks on hot days say, June to August.',
    bubbles: [
      ['Ice cold', 'Refreshment', 41, 92], ['Too sweet', 'Taste', 18, 64], ['BBQ', 'Occasions', 27, 71], ['Beach day', 'Occasions', 22, 58],
      ['Sugar free', 'Health', 15, 49], ['Price hike', 'Value', 12, 37], ['Glass bottle', 'Packaging', 9, 30], ['Limited edition', 'Novelty', 8, 26],
      ['Road trip', 'Occasions', 11, 34], ['Caffeine', 'Health', 7, 21], ['Multipack deal', 'Value', 10, 33], ['Fizz goes flat', 'Taste', 5, 14],
    ].map(([name, theme, reach, size]) => ({ name: name as string, theme: theme as string, reach: reach as number, size: size as number })),
  },
  {
    name: 'Switching brands talk',
    description: 'Forum and review threads of people saying why they changed soda brands.',
    bubbles: [
      ['Cheaper store brand', 'Value', 33, 88], ['Less sugar', 'Health', 29, 81], ['Tried a craft soda', 'Novelty', 14, 47], ['Taste changed', 'Taste', 19, 62],
      ['Out of stock', 'Availability', 11, 35], ['Cans vs bottles', 'Packaging', 8, 24], ['Sparkling water instead', 'Health', 24, 70], ['Loyalty points', 'Value', 6, 18],
      ['Kids prefer it', 'Household', 9, 29],
    ].map(([name, theme, reach, size]) => ({ name: name as string, theme: theme as string, reach: reach as number, size: size as number })),
  },
];

/**
 * Run on every start of a demo: the nodes are made when acme has none (a fresh demo, or one made
 * before issue 30); from then on they are the administrators' to change.
 */
export async function seedDiscussionDemoIfEmpty(db: Db): Promise<boolean> {
  const scope = await findProductScope(db, DEMO_FIGURES_SCOPE);
  if (!scope) return false;
  const [any] = await db.select({ id: discussionClusterNodes.id }).from(discussionClusterNodes).where(eq(discussionClusterNodes.clientId, scope.clientId)).limit(1);
  if (any) return false;
  return db.transaction(async (tx) => {
    const made: number[] = [];
    for (const demo of DEMO_DISCUSSIONS) {
      const node = await insertNode(tx, scope.clientId, { name: demo.name, description: demo.description });
      await replaceClusters(tx, node.id, demo.bubbles);
      made.push(node.id);
    }
    const inScope = (t: typeof mekkos | typeof journeys) => and(eq(t.productId, scope.productId), eq(t.regionId, scope.regionId));
    const charts = await tx.select({ id: mekkos.id }).from(mekkos).where(inScope(mekkos)).orderBy(asc(mekkos.id));
    if (charts.length) {
      const [audience] = await tx.select({ id: subMarkets.id }).from(subMarkets).where(inArray(subMarkets.mekkoId, charts.map((c) => c.id))).orderBy(asc(subMarkets.mekkoId), asc(subMarkets.position), asc(subMarkets.id)).limit(1);
      if (audience) await tx.update(subMarkets).set({ discussionClusterNodeId: made[0]! }).where(eq(subMarkets.id, audience.id));
    }
    const journeyRows = await tx.select({ id: journeys.id }).from(journeys).where(inScope(journeys)).orderBy(asc(journeys.id));
    if (journeyRows.length) {
      const [cell] = await tx.select({ id: journeySubMarkets.id }).from(journeySubMarkets).where(inArray(journeySubMarkets.journeyId, journeyRows.map((j) => j.id))).orderBy(asc(journeySubMarkets.id)).limit(1);
      if (cell) await tx.update(journeySubMarkets).set({ discussionClusterNodeId: made[1]! }).where(eq(journeySubMarkets.id, cell.id));
    }
    return true;
  });
}
