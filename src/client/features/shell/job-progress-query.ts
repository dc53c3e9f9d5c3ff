import { queryOptions } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { parseContextHeader } from '@shared/rules/context';
import { jobResponseSchema } from '@shared/schemas/jobs';
import { api } from '../../lib/api-client';

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * A report's job as its requester sees it (`GET /api/jobs/:id`): asked every 2 s while it runs,
 * and only while the notification centre shows it (the query lives in the panel's rows).
 */
export const jobProgressQueryOptions = (context: string, jobId: string) =>
  queryOptions({
    queryKey: ['jobs', context, jobId] as const,
    queryFn: async ({ signal }) => (await api(`/api/jobs/${encodeURIComponent(jobId)}`, jobResponseSchema, { context: parseContextHeader(context), signal })).data,
    refetchInterval: (query) => (query.state.data && FINISHED.has(query.state.data.state) ? false : TIMING.jobProgressPollMs),
    // A progress that cannot be read leaves the task as the list shows it.
    meta: { handlesErrors: true },
    retry: false,
  });
