import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceSet } from '../../engine/bitmap/bitmap-questions';
import { chunksToPortable } from '../../engine/bitmap/portable';
import { RoaringBitmap32 } from '../../engine/bitmap/roaring';
import type { SetChunks } from '../../engine/sql/count-store';

/** Every segment a rule names, once, in the order it names them. */
export function ruleSegments(rules: AudienceRules): number[] {
  return [...new Set([...rules.include.and.flat(), ...rules.exclude])];
}

export interface BuildOptions {
  signal?: AbortSignal;
  /** Told after each segment is read (reading is most of the work). */
  onLoaded?: (done: number, total: number) => Promise<void> | void;
}

/**
 * The people of an audience rule, from its segments' stored chunks: each segment is read once
 * (`load`, the count store's chunks), made a roaring bitmap, and the rule evaluated the way the
 * bitmap engine counts it (the AND of the OR-groups, minus the union of the excludes), so a
 * delivery has exactly the people the audience's count says. A segment with no stored members
 * (deleted, or empty) is no one.
 */
export async function buildMembers(rules: AudienceRules, load: (segmentId: number) => Promise<SetChunks>, options: BuildOptions = {}): Promise<RoaringBitmap32> {
  const ids = ruleSegments(rules);
  const sets = new Map<number, RoaringBitmap32>();
  for (const [i, id] of ids.entries()) {
    options.signal?.throwIfAborted();
    const { chunks, bits } = await load(id);
    sets.set(id, RoaringBitmap32.deserialize(chunksToPortable(chunks, bits), 'portable'));
    await options.onLoaded?.(i + 1, ids.length);
  }
  options.signal?.throwIfAborted();
  return audienceSet({ people: 0, segment: (id) => sets.get(id), attribute: () => undefined }, rules);
}
