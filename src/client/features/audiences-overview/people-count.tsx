import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { formatAsOf } from '@shared/rules/format';
import { formatCount } from '@shared/rules/grow';
import type { AudienceSummary } from '@shared/schemas/audiences';
import { isBuilding } from './audiences-queries';

/** An audience's people: "Building…" while its job runs, its failure, or the count "as of" when it was counted. */
export function PeopleCount({ audience }: { audience: Pick<AudienceSummary, 'status' | 'people_count' | 'counted_at'> }) {
  if (isBuilding(audience.status)) return <span className="audience-status audience-status--building" aria-busy="true">{AUDIENCES_TEXT.building}</span>;
  if (audience.status === 'failed') return <span className="audience-status audience-status--failed">Failed</span>;
  if (audience.people_count === null) return <span>-</span>;
  const at = audience.counted_at ? Date.parse(audience.counted_at) : NaN;
  return (
    <span>
      {formatCount(audience.people_count)}
      {Number.isFinite(at) ? <span className="audience-asof"> as of {formatAsOf(at)}</span> : null}
    </span>
  );
}
