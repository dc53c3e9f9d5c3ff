import { formatCount } from '@shared/rules/grow';
import type { LookalikeQuality, Reach } from '@shared/schemas/audiences';

const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The lookalike model's quality figure, in words (issue 16: held out 20 % of the seed). */
export function qualityText(q: LookalikeQuality): string {
  return `Model lift ${q.lift.toFixed(1)}×: the lookalike recovers ${pct(q.recall)} of the held-out seed people (${formatCount(q.recovered)} of ${formatCount(q.holdout)}), against ${pct(q.random_recall)} for a random audience of the same size.`;
}

export function reachText(reach: Reach): string {
  return reach.kind === 'multiplier' ? `${reach.value}× the seed` : `${formatCount(reach.value)} people`;
}
