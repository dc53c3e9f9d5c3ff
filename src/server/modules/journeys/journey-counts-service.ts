import { cellSegmentOf, finiteShare } from '@shared/rules/journey';
import type { JourneyCounts, JourneyTab } from '@shared/schemas/journeys';
import type { Db } from '../../db/client';
import { MAX_INTERSECTED, type CountEngine } from '../../engine/questions';
import { contextClientRegion, engineOf, timed, type Asker } from '../insights/insights-service';
import * as repo from './journeys-repository';
import { journeyInScope, type JourneyScope } from './journeys-service';

/**
 * A journey's counts on a tab (decision 013, spec 3 §2.3): each cell's people through the count
 * engine of the caller's data source, in one of the caller's count slots; with "Display Transition
 * Data", each brand's adjacent stages' shared people through the engine's intersections. On Total
 * Population the counts are the cells' entered populations and the transitions their ratios.
 * A cell without a segment for the tab, or whose segment is gone, counts null; a share that is
 * not finite is null ("N/A").
 */

const ruleOf = (shortId: number) => ({ include: { and: [[shortId]] }, exclude: [], values: [] });

/**
 * Windows of at most MAX_INTERSECTED consecutive stages, each sharing its last stage with the
 * next, covering every adjacent pair of stages that both have a segment.
 */
export function transitionWindows(segments: readonly (number | null)[]): number[][] {
  const windows: number[][] = [];
  let start = 0;
  while (start < segments.length - 1) {
    if (segments[start] === null || segments[start + 1] === null) {
      start++;
      continue;
    }
    const window = [start];
    while (window.length < MAX_INTERSECTED && window.at(-1)! + 1 < segments.length && segments[window.at(-1)! + 1] !== null) window.push(window.at(-1)! + 1);
    windows.push(window);
    start = window.at(-1)!;
  }
  return windows;
}

/**
 * Each adjacent pair's shared people, by the pair's first stage index, from the windows'
 * intersections, and the sizes of the segments the windows counted on the way.
 */
async function pairCounts(engine: CountEngine, clientRegion: number, segments: readonly (number | null)[]) {
  const both = new Map<number, number>();
  const sizes = new Map<number, number>();
  await Promise.all(transitionWindows(segments).map(async (window) => {
    const answer = await engine.intersections(clientRegion, window.map((i) => ruleOf(segments[i]!)));
    window.forEach((stage, p) => sizes.set(segments[stage]!, answer.sizes[p]!));
    window.slice(0, -1).forEach((stage, p) => both.set(stage, answer.all[(1 << p) | (1 << (p + 1))] ?? 0));
  }));
  return { both, sizes };
}

export async function journeyCounts(scope: JourneyScope, id: number, tab: JourneyTab): Promise<JourneyCounts> {
  const row = await journeyInScope(scope, id);
  const { brands, stages, cells } = await repo.itemsOf(scope.db, [id]);
  const clientRegion = await contextClientRegion(scope);
  const cellAt = (brandId: number, stageId: number) => cells.find((c) => c.journeyBrandId === brandId && c.journeyStageId === stageId);
  const counted_at = new Date().toISOString();

  if (tab === 'total') {
    return {
      tab,
      people: scope.data.peopleOf(clientRegion),
      counted_at,
      brands: brands.map((b) => {
        const counts = stages.map((s) => cellAt(b.id, s.id)?.population ?? null);
        return {
          brand_id: b.id,
          stages: stages.map((s, i) => ({ stage_id: s.id, count: counts[i]! })),
          transitions: row.hasTransitionData
            ? stages.slice(0, -1).map((s, i) => ({ from_stage_id: s.id, to_stage_id: stages[i + 1]!.id, both: null, share: finiteShare(counts[i + 1]!, counts[i]!) }))
            : [],
        };
      }),
    };
  }

  const asker: Asker = { db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx };
  const engine = engineOf(asker, clientRegion);
  // A segment the region has deleted (or never had) counts as no segment: the journey shows it invalid.
  const catalog = await scope.data.catalog(clientRegion);
  const live = (shortId: number | null) => (shortId !== null && catalog.segments.get(shortId) === false ? shortId : null);
  const segmentsOf = brands.map((b) => stages.map((s) => {
    const cell = cellAt(b.id, s.id);
    return cell ? live(cellSegmentOf({ matched_id: cell.matchedId, modeled_id: cell.modeledId }, tab)) : null;
  }));
  const ids = [...new Set(segmentsOf.flat().filter((sid): sid is number => sid !== null))];

  const { sizes, pairs } = await timed(asker, async () => {
    const brandPairs = row.hasTransitionData ? await Promise.all(segmentsOf.map((segs) => pairCounts(engine, clientRegion, segs))) : [];
    // The windows counted their segments: the others (stages without a neighbour to intersect) in one question.
    const known = new Map(brandPairs.flatMap((p) => [...p.sizes]));
    const rest = ids.filter((sid) => !known.has(sid));
    if (rest.length) {
      const counted = await engine.counts(clientRegion, { matched: Object.fromEntries(rest.map((sid) => [String(sid), [sid]])), modeled: {}, focusMatched: [], focusModeled: [], groups: [] });
      for (const sid of rest) known.set(sid, counted.segment_counts[String(sid)] ?? 0);
    }
    return { sizes: known, pairs: brandPairs.map((p) => p.both) };
  });

  return {
    tab,
    people: scope.data.peopleOf(clientRegion),
    counted_at,
    brands: brands.map((b, bi) => {
      const segs = segmentsOf[bi]!;
      const counts = segs.map((sid) => (sid === null ? null : (sizes.get(sid) ?? 0)));
      return {
        brand_id: b.id,
        stages: stages.map((s, i) => ({ stage_id: s.id, count: counts[i]! })),
        transitions: row.hasTransitionData
          ? stages.slice(0, -1).map((s, i) => {
            const both = pairs[bi]?.get(i) ?? null;
            return { from_stage_id: s.id, to_stage_id: stages[i + 1]!.id, both, share: finiteShare(both, counts[i]!) };
          })
          : [],
      };
    }),
  };
}
