import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { surveyListResponseSchema, type Survey } from '@shared/schemas/surveys';
import { api } from './api-client';

/** Which surveys: the region's, or every audience's or stage's of the region (one read a page keeps for offline). */
export type SurveyLevel = 'region' | 'audience' | 'stage';

/** Of the surveys read, those of one audience or of one journey stage of a brand. */
export type SurveyItem = { sub_market_id: number } | { journey_stage_id: number; journey_brand_id: number };

export const surveysOfItem = (surveys: readonly Survey[], item: SurveyItem | null): Survey[] =>
  item === null ? [...surveys]
    : 'sub_market_id' in item ? surveys.filter((s) => s.sub_market_id === item.sub_market_id)
      : surveys.filter((s) => s.journey_stage_id === item.journey_stage_id && s.journey_brand_id === item.journey_brand_id);

/**
 * The surveys the insights show (issue 30): Explore's Market Level the region's, Grow's an
 * audience's, Journey's a stage's of a brand. Kept with the page's other reads (the persisted
 * query cache), so a survey seen once shows offline.
 */
export const surveysQueryOptions = (context: string, level: SurveyLevel) =>
  queryOptions({
    queryKey: ['surveys', context, level] as const,
    queryFn: async ({ signal }): Promise<Survey[]> =>
      (await api(`/api/surveys?level=${level}`, surveyListResponseSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
