/**
 * The Surveys Upload modes (spec 2 §2, §9; issue 30), apart from the survey rules so the route
 * can read its ?surveyType= with the shell without carrying the uploaders' rules.
 */
export type SurveyMode = 'region' | 'audience' | 'journeyAudience';
export const SURVEY_MODES = ['region', 'audience', 'journeyAudience'] as const satisfies readonly SurveyMode[];
/** Spec 2 §9: the default survey type. */
export const DEFAULT_SURVEY_MODE: SurveyMode = 'region';

/** The mode a `surveyType` query parameter names; anything else is the default (spec 2 §9). */
export function surveyModeOf(value: unknown): SurveyMode {
  return (SURVEY_MODES as readonly unknown[]).includes(value) ? (value as SurveyMode) : DEFAULT_SURVEY_MODE;
}
