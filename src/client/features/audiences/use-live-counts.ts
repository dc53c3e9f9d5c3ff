import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXPLORE_LIMITS } from '@shared/rules/explore';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { RuleCounts } from '@shared/schemas/insights';
import { isApiError } from '../../lib/api-error';
import { audienceCountQueryOptions, ruleCountsQueryOptions } from '../../lib/insights-queries';
import { useOnline } from '../../lib/offline/freshness';

/** A value that follows another once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export interface LiveCounts {
  /** The counts of the rule as it is now, or the last ones while the new ones come (or cannot). */
  counts: Partial<RuleCounts> | undefined;
  /** The counts shown are of an earlier rule (being asked, or no connection). */
  stale: boolean;
  /** The counts cannot be asked for: no connection. */
  needsConnection: boolean;
  error: unknown;
}

/**
 * The builder's live counts (issue 15): the whole rule and each group, asked
 * EXPLORE_LIMITS.countDebounceMs after the last change, the previous answer kept meanwhile; offline,
 * the last known counts. Before the rule-counts endpoint exists on a server, the whole rule's
 * count comes from POST /api/audiences/count.
 */
export function useLiveCounts(context: string, rules: AudienceRules | null): LiveCounts {
  const online = useOnline();
  const asked = useDebounced(rules, EXPLORE_LIMITS.countDebounceMs);
  const counts = useQuery({ ...ruleCountsQueryOptions(context, asked ?? { include: { and: [] } }), enabled: asked !== null, placeholderData: keepPreviousData });
  const missingEndpoint = isApiError(counts.error) && counts.error.status === 404;
  const total = useQuery({ ...audienceCountQueryOptions(context, asked ?? { include: { and: [] } }), enabled: asked !== null && missingEndpoint, placeholderData: keepPreviousData });
  const fallback = useMemo(() => (total.data !== undefined ? { count: total.data } : undefined), [total.data]);
  const current: Partial<RuleCounts> | undefined = counts.data ?? (missingEndpoint ? fallback : undefined);
  const answered = current !== undefined && !counts.isPlaceholderData && !(missingEndpoint && total.isPlaceholderData);
  // The last answer, remembered for when the next question cannot be asked (offline).
  const [last, setLast] = useState(current);
  if (answered && current !== last) setLast(current);
  const error = missingEndpoint ? total.error : counts.error;
  const unreachable = !online || error instanceof TypeError || counts.fetchStatus === 'paused';
  const fresh = asked === rules && answered;
  return { counts: current ?? last, stale: !fresh, needsConnection: unreachable && !fresh, error: fresh ? null : error };
}
