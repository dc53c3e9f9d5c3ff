import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXPLORE_LIMITS } from '@shared/rules/explore';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { RuleCounts } from '@shared/schemas/insights';
import { ruleCountsQueryOptions } from '../../lib/insights-queries';
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
  counts: RuleCounts | undefined;
  /** The counts shown are of an earlier rule (being asked, or no connection). */
  stale: boolean;
  /** The counts cannot be asked for: no connection. */
  needsConnection: boolean;
  error: unknown;
}

const NO_RULE: AudienceRules = { include: { and: [] }, exclude: [], values: [] };

/**
 * The builder's live counts (issue 15): the whole rule and each group in one question, asked
 * EXPLORE_LIMITS.countDebounceMs after the last change, the previous answer kept meanwhile;
 * offline, the last known counts. `rules` is followed by identity (one object per draft).
 */
export function useLiveCounts(context: string, rules: AudienceRules | null): LiveCounts {
  const online = useOnline();
  const asked = useDebounced(rules, EXPLORE_LIMITS.countDebounceMs);
  const counts = useQuery({ ...ruleCountsQueryOptions(context, asked ?? NO_RULE), enabled: asked !== null, placeholderData: keepPreviousData });
  const answered = counts.data !== undefined && !counts.isPlaceholderData;
  // The last answer, remembered for when the next question cannot be asked (offline).
  const [last, setLast] = useState(counts.data);
  if (answered && counts.data !== last) setLast(counts.data);
  const unreachable = !online || counts.error instanceof TypeError || counts.fetchStatus === 'paused';
  const fresh = asked === rules && answered;
  return { counts: counts.data ?? last, stale: !fresh, needsConnection: unreachable && !fresh, error: fresh ? null : counts.error };
}
