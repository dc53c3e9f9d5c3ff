import { useQuery } from '@tanstack/react-query';
import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { parseContextHeader } from '@shared/rules/context';
import type { AudienceDetail, AudienceStatus } from '@shared/schemas/audiences';
import { jobResponseSchema } from '@shared/schemas/jobs';
import { api } from '../lib/api-client';
import { BUILDING_POLL_MS } from '../lib/audience-build';

export const AUDIENCE_STATUS_LABELS: Record<AudienceStatus, string> = { pending: 'Pending', processing: 'Building', ready: 'Ready', failed: 'Failed' };

/**
 * A job builds the audience: its progress while the page asks again for the audience (an
 * audience's page, and Best Customer's optimized audience).
 */
export function AudienceBuildNote({ context, audience }: { context: string; audience: Pick<AudienceDetail, 'job_id' | 'status'> }) {
  const job = useQuery({
    queryKey: ['jobs', context, audience.job_id ?? ''] as const,
    queryFn: async ({ signal }) => (await api(`/api/jobs/${encodeURIComponent(audience.job_id ?? '')}`, jobResponseSchema, { context: parseContextHeader(context), signal })).data,
    enabled: audience.job_id !== null,
    refetchInterval: BUILDING_POLL_MS,
    retry: false,
    meta: { handlesErrors: true },
  }).data;
  const percent = job ? Math.round(Math.min(1, Math.max(0, job.progress)) * 100) : null;
  return (
    <p className="audience-building" role="status" aria-live="polite">
      {AUDIENCES_TEXT.building} {AUDIENCE_STATUS_LABELS[audience.status].toLowerCase()}
      {percent !== null ? <> <progress max={100} value={percent} aria-label="Build progress" /> {percent}%{job?.message ? ` · ${job.message}` : ''}</> : null}
    </p>
  );
}
