import { formatCount } from '@shared/rules/grow';
import type { Reach } from '@shared/schemas/audiences';

// The model's quality in words is shown wherever a lookalike is followed (Best Customer too).
export { qualityText } from '../../lib/audience-build';

export function reachText(reach: Reach): string {
  return reach.kind === 'multiplier' ? `${reach.value}× the seed` : `${formatCount(reach.value)} people`;
}
