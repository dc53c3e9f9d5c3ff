/**
 * The insights panel's reads. They live in lib/insights-queries (the audience builder asks the
 * same counts, and a feature never imports another); Grow imports them from here.
 */
export {
  audienceCountQueryOptions,
  categoriesQueryOptions,
  insightErrorMessage,
  insightKeys,
  isDataNotReady,
  normalizeRules,
  widgetQueryOptions,
  type CategoryRef,
  type InsightCategory,
} from '../../lib/insights-queries';
