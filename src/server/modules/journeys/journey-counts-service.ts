import { cellSegmentOf, finiteShare } from '@shared/rules/journey';
import type { JourneyCounts, JourneyTab } from '@shared/schemas/journeys';
import type { Db } from '../../db/client';
import type { CountEngine } from '../../engine/questions';
import { contextClientRegion, engineOf, timed, type Asker } from '../insights/insights-service';
import * as repo from './journeys-repository';
import { journeyInScope, type JourneyScope } from './journeys-service';

/**
 * A journey's counts on a tab (decision 013, spec 3 §2.3): each cell's people through the count
 * engine of the caller's data source, in one of the caller's count slots; with "Display Transition
 * Data", each brand's adjacent stages' shared people as two-stage counts. On Total
 * Population the counts are the cells' entered populations and the transitions their ratios.
 * A cell without a segment for the tab, or whose segment is gone, counts null; a share that is
 * not finite is null ("N/A").
 */

/**
 * Each adjacent pair's shared people, by the pair's first stage index: one two-stage count per
 * pair, all asked at once. (Asking them as intersections of up to four stages built bitmaps of
 * every combination to use three: 0.67-1 s for a 4 x 10 journey at 100M people against 35-63 ms
 * this way, `npm run bench:journey`.)
 */
async function pairCounts(engine: CountEngine, clientRegion: number, segments: readonly (number | null)[]): Promise<Map<number, number>> {
  const both = new Map<number, number>();
  await Promise.all(segments.slice(0, -1).map(async (from, i) => {
    const to = segments[i + 1];
    if (from === null || to === null || to === undefined) return;
    both.set(i, await engine.count(clientRegion, { include: { and: [[from], [to]] }, exclude: [], values: [] }));
  }));
  return both;
}

/**
 * The engine's part of a journey's counts: every cell segment's people in one counts question
 * and, with transitions, each brand's adjacent pairs, all at once. `segmentsOf` is brand by
 * brand, stage by stage (null: no segment). Exported for `npm run bench:journey`.
 */
export async function engineCounts(engine: CountEngine, clientRegion: number, segmentsOf: readonly (readonly (number | null)[])[], transitions: boolean) {
  const ids = [...new Set(segmentsOf.flat().filter((sid): sid is number => sid !== null))];
  const [counted, pairs] = await Promise.all([
    ids.length
      ? engine.counts(clientRegion, { matched: Object.fromEntries(ids.map((sid) => [String(sid), [sid]])), modeled: {}, focusMatched: [], focusModeled: [], groups: [] })
      : null,
    transitions ? Promise.all(segmentsOf.map((segs) => pairCounts(engine, clientRegion, segs))) : [],
  ]);
  return { sizes: new Map(ids.map((sid) => [sid, counted?.segment_counts[String(sid)] ?? 0])), pairs };
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
  const { sizes, pairs } = await timed(asker, () => engineCounts(engine, clientRegion, segmentsOf, row.hasTransitionData));

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
