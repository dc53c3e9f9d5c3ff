import { ANALYSIS_VENDORS } from '@shared/rules/data-checks';
import { VERTICALS, type Vertical } from '@shared/rules/grow-verticals';
import type { Executor } from '../../db/client';
import * as repo from './grow-repository';

export const verticalList = () => VERTICALS.map(({ key, display_name }) => ({ key, display_name }));

/** The leaf is the last word(s) of the segment's last path part, after any qualifier ("Recent New Car"). */
const leafMatches = (last: string | undefined, leaf: string) => last === leaf || (last?.endsWith(` ${leaf}`) ?? false);

/**
 * Fills a new chart with the vertical's markets and audiences (spec 3 §4 "prePopulated"). Each
 * audience gets the region's first live segment on its path: matched from a vendor that does
 * not model, modeled from one that does; its population is the matched segment's people.
 */
export async function fillFromVertical(db: Executor, mekkoId: number, clientRegion: number, vertical: Vertical): Promise<void> {
  const paths = [...new Map(vertical.markets.flatMap((m) => m.audiences.map((a) => [`${a.segment[0]}>${a.segment[1]}`, [a.segment[0], a.segment[1]] as const]))).values()];
  const candidates = await repo.liveSegmentsUnder(db, clientRegion, paths);
  const modeledType: string = ANALYSIS_VENDORS.modeled.vendor_type;
  const pick = ([top, middle, leaf]: readonly [string, string, string], modeled: boolean) =>
    candidates.find((s) => s.pathParts[0] === top && s.pathParts[1] === middle && leafMatches(s.pathParts[2], leaf) && (s.vendorType === modeledType) === modeled) ?? null;

  const markets = await repo.insertMarkets(db, mekkoId, vertical.markets.map((m, position) => ({ name: m.name, position })));
  await repo.insertAudiences(db, vertical.markets.flatMap((m, i) => m.audiences.map((a, position) => {
    const matched = pick(a.segment, false);
    return {
      mekkoId,
      marketId: markets[i]!.id,
      position,
      name: a.name,
      tag: a.tag,
      matchedShortId: matched?.shortId ?? null,
      modeledShortId: pick(a.segment, true)?.shortId ?? null,
      population: matched?.peopleCount ?? 0,
      weboClusterId: null,
      discussionClusterNodeId: null,
    };
  })));
}
